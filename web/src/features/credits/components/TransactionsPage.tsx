import { AlertTriangle, ChevronLeft, ChevronRight, Coins, CreditCard, Gift, Receipt, RefreshCw, RotateCcw, ShieldCheck, Sparkles } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { errorMessage } from '@/api/client';
import { Button } from '@/components/ui/Button';
import { Spinner } from '@/components/ui/Spinner';
import { cn } from '@/lib/cn';
import { useCreditBalance } from '../api/balance';
import { useCreditTransactions, type CreditTransaction } from '../api/transactions';
import { creditLabel, creditView } from '../logic/credits';
import {
  deltaLabel,
  deltaTone,
  describeTransaction,
  formatDelta,
  formatTransactionDate,
  pageCount,
  parsePageParam,
  rangeLabel,
  TRANSACTIONS_LOAD_FAILED,
  TRANSACTIONS_PER_PAGE,
  withPageParam,
} from '../logic/transactions';

/** /transactions for a signed-in user: the balance, then the ledger newest first, 20 a page (`?page=n`). */
export function TransactionsPage() {
  const [params, setParams] = useSearchParams();
  const page = parsePageParam(params.get('page'));
  const query = useCreditTransactions(page, TRANSACTIONS_PER_PAGE);
  const data = query.data;
  const pages = data ? pageCount(data.total, data.per_page) : 1;

  const goTo = (next: number) => setParams((current) => withPageParam(current, next));

  // A page past the end (an old link, or rows that moved) lands on the last page.
  if (data && !query.isPlaceholderData && page > pages) {
    return <Navigate to={{ search: `?${withPageParam(params, pages)}` }} replace />;
  }

  let body: ReactNode;
  if (query.isError) {
    body = <ErrorState message={errorMessage(query.error, TRANSACTIONS_LOAD_FAILED)} retrying={query.isFetching} onRetry={() => void query.refetch()} />;
  } else if (!data) {
    body = (
      <div className="flex min-h-64 items-center justify-center text-sm text-slate-500">
        <Spinner className="text-brand-600" label="Loading transactions..." />
      </div>
    );
  } else if (data.transactions.length === 0) {
    body = <EmptyState />;
  } else {
    body = (
      <ol
        aria-label="Transactions"
        aria-busy={query.isPlaceholderData || undefined}
        className={cn('divide-y divide-slate-100 transition-opacity', query.isPlaceholderData && 'opacity-60')}
      >
        {data.transactions.map((tx) => (
          <TransactionRow key={tx.id} tx={tx} />
        ))}
      </ol>
    );
  }

  return (
    <main className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
      <div className="flex items-center gap-3">
        <span className="flex h-11 w-11 items-center justify-center rounded-2xl bg-brand-50 text-brand-600 ring-1 ring-brand-100">
          <Receipt className="h-5 w-5" aria-hidden />
        </span>
        <div>
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">Transaction history</h1>
          <p className="mt-0.5 text-sm text-slate-500">Every credit added to or spent from your balance.</p>
        </div>
      </div>

      <BalanceCard />

      <section aria-labelledby="ledger-title" className="mt-6 overflow-hidden rounded-3xl bg-white shadow-sm ring-1 ring-slate-200">
        <div className="flex items-center justify-between gap-3 border-b border-slate-100 px-5 py-4 sm:px-6">
          <h2 id="ledger-title" className="text-base font-semibold text-slate-900">
            Activity
          </h2>
          <div className="flex items-center gap-3 text-sm text-slate-500">
            {query.isFetching && !query.isPending ? <Spinner className="text-brand-600" /> : null}
            {data && data.total > 0 ? <span className="tabular-nums">{rangeLabel(data.page, data.per_page, data.total)}</span> : null}
          </div>
        </div>
        {body}
        {data && data.total > 0 && !query.isError ? (
          <nav aria-label="Pagination" className="flex items-center justify-between gap-3 border-t border-slate-100 bg-slate-50/60 px-5 py-3 sm:px-6">
            <Button variant="secondary" size="sm" onClick={() => goTo(page - 1)} disabled={page <= 1}>
              <ChevronLeft className="h-4 w-4" aria-hidden /> Previous
            </Button>
            <span className="text-sm text-slate-600 tabular-nums" aria-live="polite">
              Page {Math.min(page, pages)} of {pages}
            </span>
            <Button variant="secondary" size="sm" onClick={() => goTo(page + 1)} disabled={page >= pages || query.isPlaceholderData}>
              Next <ChevronRight className="h-4 w-4" aria-hidden />
            </Button>
          </nav>
        ) : null}
      </section>
    </main>
  );
}

function BalanceCard() {
  const balance = useCreditBalance();
  const view = creditView(balance.data);
  return (
    <section aria-labelledby="balance-title" className="relative mt-8 overflow-hidden rounded-3xl bg-ink-950 p-6 text-white shadow-sm sm:p-8">
      <div aria-hidden className="pointer-events-none absolute -top-24 -right-20 h-64 w-64 rounded-full bg-brand-600/40 blur-3xl" />
      <div className="relative flex flex-wrap items-end justify-between gap-6">
        <div>
          <p id="balance-title" className="text-xs font-medium tracking-wide text-slate-300 uppercase">
            Current balance
          </p>
          <p className="mt-2 flex items-baseline gap-2">
            {balance.isPending ? (
              <Spinner className="h-10 text-brand-300" />
            ) : (
              <span data-testid="transactions-balance" className={cn('text-4xl font-semibold tabular-nums', view.isLow && 'text-amber-300')}>
                {creditLabel(view.balance, true)}
              </span>
            )}
            <span className="text-base text-slate-300">credits</span>
          </p>
          <p className="mt-1 text-sm text-slate-400">{view.packageLabel}</p>
          {view.isLow ? <p className="mt-3 text-sm text-amber-200">Add more credits to ensure uninterrupted service.</p> : null}
        </div>
        <Link
          to="/pricing"
          className="inline-flex h-10 items-center gap-2 rounded-lg bg-white px-4 text-sm font-semibold text-ink-950 shadow-sm transition hover:bg-slate-100"
        >
          <Sparkles className="h-4 w-4 text-brand-600" aria-hidden /> Buy More Credits
        </Link>
      </div>
    </section>
  );
}

const reasonIcons: Record<string, ReactNode> = {
  signup_grant: <Gift className="h-4 w-4" aria-hidden />,
  admin_grant: <ShieldCheck className="h-4 w-4" aria-hidden />,
  generation: <Sparkles className="h-4 w-4" aria-hidden />,
  refund: <RotateCcw className="h-4 w-4" aria-hidden />,
  purchase: <CreditCard className="h-4 w-4" aria-hidden />,
  subscription_grant: <CreditCard className="h-4 w-4" aria-hidden />,
  subscription_renewal: <RefreshCw className="h-4 w-4" aria-hidden />,
  payment_reversal: <RotateCcw className="h-4 w-4" aria-hidden />,
};

const toneStyles = {
  credit: { icon: 'bg-emerald-50 text-emerald-600 ring-emerald-100', amount: 'text-emerald-600' },
  debit: { icon: 'bg-slate-100 text-slate-600 ring-slate-200', amount: 'text-slate-900' },
  neutral: { icon: 'bg-slate-100 text-slate-500 ring-slate-200', amount: 'text-slate-500' },
} as const;

function TransactionRow({ tx }: { tx: CreditTransaction }) {
  const tone = toneStyles[deltaTone(tx.delta)];
  return (
    <li data-testid="transaction-row" className="flex items-center gap-4 px-5 py-4 sm:px-6">
      <span className={cn('flex h-9 w-9 shrink-0 items-center justify-center rounded-full ring-1', tone.icon)}>
        {reasonIcons[tx.reason] ?? <Coins className="h-4 w-4" aria-hidden />}
      </span>
      <div className="min-w-0 flex-1">
        <p className="line-clamp-2 text-sm font-medium break-words text-slate-900">{describeTransaction(tx)}</p>
        <p className="mt-0.5 text-xs text-slate-500">
          <time dateTime={tx.created_at}>{formatTransactionDate(tx.created_at)}</time>
        </p>
      </div>
      <p className={cn('shrink-0 text-right text-sm font-semibold tabular-nums', tone.amount)}>
        <span aria-hidden>{formatDelta(tx.delta)}</span>
        <span className="sr-only">{deltaLabel(tx.delta)}</span>
      </p>
    </li>
  );
}

function EmptyState() {
  return (
    <div className="flex min-h-64 flex-col items-center justify-center px-6 py-12 text-center">
      <div className="flex h-14 w-14 items-center justify-center rounded-2xl bg-slate-50 text-slate-400 ring-1 ring-slate-200">
        <Receipt className="h-6 w-6" aria-hidden />
      </div>
      <p className="mt-4 text-base font-semibold text-slate-900">No transactions yet</p>
      <p className="mt-1 max-w-sm text-sm text-slate-500">Credits you receive and spend on generations will appear here.</p>
      <Link
        to="/create"
        className="mt-5 inline-flex h-9 items-center rounded-lg bg-brand-600 px-4 text-sm font-medium text-white transition hover:bg-brand-700"
      >
        Start creating
      </Link>
    </div>
  );
}

function ErrorState({ message, retrying, onRetry }: { message: string; retrying: boolean; onRetry: () => void }) {
  return (
    <div role="alert" className="flex min-h-64 flex-col items-center justify-center px-6 py-12 text-center">
      <span className="flex h-12 w-12 items-center justify-center rounded-full bg-rose-50 text-rose-600">
        <AlertTriangle className="h-5 w-5" aria-hidden />
      </span>
      <p className="mt-4 text-base font-semibold text-slate-900">Couldn't load your transactions</p>
      <p className="mt-1 max-w-sm text-sm text-slate-500">{message}</p>
      <Button className="mt-5" variant="secondary" onClick={onRetry} disabled={retrying}>
        <RefreshCw className={cn('h-4 w-4', retrying && 'animate-spin')} aria-hidden /> {retrying ? 'Retrying...' : 'Retry'}
      </Button>
    </div>
  );
}
