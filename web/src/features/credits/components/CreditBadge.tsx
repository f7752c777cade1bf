import * as HoverCard from '@radix-ui/react-hover-card';
import { Coins, History, Image as ImageIcon, Sparkles, Video } from 'lucide-react';
import { Link } from 'react-router';
import { cn } from '@/lib/cn';
import { useCreditBalance } from '../api/balance';
import { creditLabel, creditView } from '../logic/credits';

export interface CreditBadgeProps {
  compact?: boolean;
}

/** The balance badge in the top bar, with a hover panel of details. */
export function CreditBadge({ compact = false }: CreditBadgeProps) {
  const query = useCreditBalance();
  const view = creditView(query.data);
  const label = creditLabel(view.balance, compact);

  return (
    <HoverCard.Root openDelay={120} closeDelay={150}>
      <HoverCard.Trigger asChild>
        <Link
          to="/transactions"
          data-testid="credit-badge"
          aria-label={`${creditLabel(view.balance)}${view.isLow ? ' (low balance)' : ''}`}
          className={cn(
            'inline-flex h-9 items-center gap-1.5 rounded-full px-3 text-sm font-semibold tabular-nums ring-1 transition',
            view.isLow
              ? 'animate-soft-pulse bg-amber-400/15 text-amber-300 ring-amber-400/60 hover:bg-amber-400/25'
              : 'bg-white/10 text-white ring-white/15 hover:bg-white/15',
          )}
        >
          <Coins className={cn('h-4 w-4', view.isLow ? 'text-amber-300' : 'text-brand-300')} aria-hidden />
          <span>{label}</span>
        </Link>
      </HoverCard.Trigger>
      <HoverCard.Portal>
        <HoverCard.Content
          align="end"
          sideOffset={10}
          className="z-50 w-72 rounded-2xl bg-white p-4 text-slate-800 shadow-xl ring-1 ring-slate-900/10"
        >
          <div className="flex items-start justify-between">
            <div>
              <p className="text-xs font-medium tracking-wide text-slate-500 uppercase">Credit Balance</p>
              <p className={cn('mt-1 text-3xl font-semibold tabular-nums', view.isLow ? 'text-amber-600' : 'text-slate-900')}>{view.balance}</p>
            </div>
            <span className="rounded-full bg-brand-50 px-2.5 py-1 text-xs font-medium text-brand-700 ring-1 ring-brand-100">{view.packageLabel}</span>
          </div>
          {view.isLow ? (
            <p className="mt-3 rounded-lg bg-amber-50 px-3 py-2 text-xs text-amber-800 ring-1 ring-amber-200">
              Add more credits to ensure uninterrupted service.
            </p>
          ) : null}
          <div className="mt-4 border-t border-slate-100 pt-3">
            <p className="text-xs font-medium tracking-wide text-slate-500 uppercase">Credit Usage</p>
            <dl className="mt-2 space-y-1.5 text-sm">
              <div className="flex items-center justify-between">
                <dt className="flex items-center gap-2 text-slate-600">
                  <ImageIcon className="h-4 w-4" aria-hidden /> Images
                </dt>
                <dd className="font-medium tabular-nums">{view.images}</dd>
              </div>
              <div className="flex items-center justify-between">
                <dt className="flex items-center gap-2 text-slate-600">
                  <Video className="h-4 w-4" aria-hidden /> Videos
                </dt>
                <dd className="font-medium tabular-nums">{view.videos}</dd>
              </div>
            </dl>
          </div>
          <div className="mt-4 flex flex-col gap-2">
            <Link
              to="/pricing"
              className="inline-flex h-9 items-center justify-center gap-2 rounded-lg bg-brand-600 text-sm font-medium text-white transition hover:bg-brand-700"
            >
              <Sparkles className="h-4 w-4" aria-hidden /> Buy More Credits
            </Link>
            <Link
              to="/transactions"
              className="inline-flex h-9 items-center justify-center gap-2 rounded-lg text-sm font-medium text-slate-600 transition hover:bg-slate-100 hover:text-slate-900"
            >
              <History className="h-4 w-4" aria-hidden /> View Transaction History
            </Link>
          </div>
          <HoverCard.Arrow className="fill-white" />
        </HoverCard.Content>
      </HoverCard.Portal>
    </HoverCard.Root>
  );
}
