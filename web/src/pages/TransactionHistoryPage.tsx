import { LogIn, Receipt } from 'lucide-react';
import { Link } from 'react-router';
import { TransactionsPage } from '@/features/credits';
import { SignedInPage } from './SignedInPage';

/** /transactions: the signed-in user's credit ledger; a visitor is asked to sign in. */
export function TransactionHistoryPage() {
  return (
    <SignedInPage signedOut={<SignedOut />} loadingClassName="min-h-[60vh]">
      {() => <TransactionsPage />}
    </SignedInPage>
  );
}

function SignedOut() {
  return (
    <main className="mx-auto max-w-3xl px-4 py-16 sm:px-6">
      <div className="rounded-3xl bg-white p-8 text-center shadow-sm ring-1 ring-slate-200 sm:p-12">
        <div className="mx-auto flex h-12 w-12 items-center justify-center rounded-2xl bg-brand-50 text-brand-600">
          <Receipt className="h-6 w-6" aria-hidden />
        </div>
        <h1 className="mt-6 text-2xl font-semibold tracking-tight text-slate-900">Sign in to see your transactions</h1>
        <p className="mx-auto mt-3 max-w-md text-base leading-relaxed text-slate-600">
          Your transaction history lists every credit added to and spent from your balance.
        </p>
        <Link
          to="/create"
          className="mt-8 inline-flex h-10 items-center gap-2 rounded-lg bg-brand-600 px-4 text-sm font-medium text-white transition hover:bg-brand-700"
        >
          <LogIn className="h-4 w-4" aria-hidden /> Sign in
        </Link>
      </div>
    </main>
  );
}
