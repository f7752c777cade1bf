import { AlertTriangle, Check, CircleSlash } from 'lucide-react';
import type { ReactNode } from 'react';
import { errorMessage } from '@/api/client';
import { Button } from '@/components/ui/Button';
import { Spinner } from '@/components/ui/Spinner';
import { cn } from '@/lib/cn';
import { usePlans } from '../api/plans';
import type { Plan } from '../api/types';
import { bonusCredits, formatPrice, intervalLabel } from '../logic/plans';
import { PAYMENTS_NOT_CONFIGURED } from '../logic/purchase';
import { usePurchase } from '../state/usePurchase';
import { PlanFeatures } from './PlanFeatures';
import { SpecialOfferBadge } from './SpecialOfferBadge';

export interface PricingPlansProps {
  /** The balance now, to tell when a purchase has landed after checkout. */
  balance: number | null;
}

/** The plans of /pricing for a signed-in user: the current one marked, Subscribe on the others. */
export function PricingPlans({ balance }: PricingPlansProps) {
  const plans = usePlans();
  const { purchase, busy } = usePurchase({ signedIn: true, balance });

  if (plans.isPending) {
    return (
      <div className="flex min-h-[40vh] items-center justify-center text-slate-600">
        <Spinner className="text-brand-600" label="Loading plans..." />
      </div>
    );
  }
  if (plans.isError) {
    return (
      <div role="alert" className="mx-auto flex max-w-md flex-col items-center gap-3 rounded-2xl bg-white p-8 text-center ring-1 ring-slate-200">
        <AlertTriangle className="h-6 w-6 text-rose-500" aria-hidden />
        <p className="text-sm text-slate-700">{errorMessage(plans.error, 'Failed to load plans')}</p>
        <Button variant="secondary" onClick={() => void plans.refetch()}>
          Retry
        </Button>
      </div>
    );
  }
  const { plans: list, payments_configured: configured, current_plan_id: current } = plans.data;
  return (
    <div className="flex flex-col gap-6">
      {configured ? null : (
        <div
          role="status"
          className="mx-auto flex w-full max-w-xl items-start gap-3 rounded-2xl bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-200"
        >
          <CircleSlash className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          <div>
            <p className="font-semibold">{PAYMENTS_NOT_CONFIGURED}</p>
            <p className="mt-0.5 text-amber-800">Subscriptions cannot be bought on this server yet. Ask its operator to add credits to your account.</p>
          </div>
        </div>
      )}
      <div className="mx-auto grid w-full max-w-3xl gap-5 sm:grid-cols-[repeat(auto-fit,minmax(18rem,1fr))]">
        {list.map((plan) => (
          <PlanCard
            key={plan.id}
            plan={plan}
            current={plan.id === current}
            action={
              configured && !current ? (
                <Button size="lg" className="w-full justify-center" disabled={busy} onClick={() => void purchase(plan, 'pricing_page')}>
                  {busy ? <Spinner /> : null}
                  {busy ? 'Processing...' : 'Subscribe'}
                </Button>
              ) : null
            }
          />
        ))}
      </div>
    </div>
  );
}

export function PlanCard({ plan, current, action }: { plan: Plan; current: boolean; action: ReactNode }) {
  const bonus = bonusCredits(plan);
  return (
    <section
      aria-label={plan.name}
      data-testid="plan-card"
      className={cn('flex flex-col rounded-3xl bg-white p-6 shadow-sm ring-1 sm:p-7', current ? 'ring-2 ring-emerald-500' : 'ring-slate-200')}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-xl font-semibold text-slate-900">{plan.name}</h2>
        {current ? (
          <span className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2.5 py-1 text-xs font-semibold text-emerald-700 ring-1 ring-emerald-200">
            <Check className="h-3.5 w-3.5" aria-hidden /> Current plan
          </span>
        ) : plan.specialOffer ? (
          <SpecialOfferBadge />
        ) : null}
      </div>
      <p className="mt-3 flex items-baseline gap-1">
        <span className="text-4xl font-bold tracking-tight text-slate-900">{formatPrice(plan.price, plan.currency)}</span>
        <span className="text-sm text-slate-500">/ {intervalLabel(plan.interval)}</span>
      </p>
      <p className="mt-1 text-xs text-slate-500">Billed monthly. Cancel anytime.</p>
      <p className="mt-4 text-sm text-slate-700">
        <span className="font-semibold text-slate-900">{plan.regularCredits} credits</span> every month
        {bonus > 0 ? (
          <>
            , plus <span className="font-semibold text-amber-700">{bonus} bonus credits</span> in your first month ({plan.credits} in total)
          </>
        ) : null}
      </p>
      <PlanFeatures features={plan.features} className="mt-4 flex-1 space-y-2 text-sm text-slate-700" />
      {action ? <div className="mt-6">{action}</div> : null}
    </section>
  );
}
