import { Coins, Sparkles } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/Button';
import { Modal } from '@/components/ui/Modal';
import { Spinner } from '@/components/ui/Spinner';
import { usePlans } from '../api/plans';
import { ASK_OPERATOR, outOfCreditsStep } from '../logic/outOfCredits';
import { formatPrice, intervalLabel, offerPlan } from '../logic/plans';

export interface OutOfCreditsDialogProps {
  /** The credit balance, or null while it loads. */
  balance: number | null;
  onClose: () => void;
}

/** Shown when the server refused an action for want of credits: what to do next. */
export function OutOfCreditsDialog({ balance, onClose }: OutOfCreditsDialogProps) {
  const plans = usePlans();
  const step = outOfCreditsStep(plans.data);
  const plan = plans.data ? offerPlan(plans.data.plans) : null;
  const have = balance === null ? null : `You have ${balance} ${balance === 1 ? 'credit' : 'credits'} left, not enough for this.`;

  let body;
  if (step.kind === 'loading') {
    body = plans.isError ? (
      <p className="text-sm text-slate-700">{ASK_OPERATOR}</p>
    ) : (
      <div className="flex justify-center py-4 text-slate-600">
        <Spinner className="text-brand-600" label="Loading plans…" />
      </div>
    );
  } else if (step.kind === 'ask-operator') {
    body = (
      <div className="flex flex-col gap-4">
        <p className="text-base text-slate-800">{ASK_OPERATOR}</p>
        <p className="text-sm text-slate-600">This studio does not sell credits. Its operator can add them for your email address in a moment.</p>
        <div className="flex justify-end">
          <Button onClick={onClose}>OK</Button>
        </div>
      </div>
    );
  } else {
    body = (
      <div className="flex flex-col gap-4">
        {step.subscribed ? (
          <p className="text-sm text-slate-700">Your plan&apos;s credits arrive with each renewal. The plans page shows your plan and when it renews.</p>
        ) : plan ? (
          <div className="rounded-xl bg-brand-50 p-4 ring-1 ring-brand-100">
            <p className="flex items-center gap-2 text-base font-semibold text-slate-900">
              <Sparkles className="h-4 w-4 text-brand-600" aria-hidden />
              {plan.name}
            </p>
            <p className="mt-1 text-sm text-slate-700">
              {plan.credits} credits for {formatPrice(plan.price, plan.currency)} a {intervalLabel(plan.interval)}
              {plan.specialOffer ? ` · ${plan.specialOffer}` : ''}
            </p>
          </div>
        ) : null}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose}>
            Not now
          </Button>
          <Link
            to="/pricing"
            onClick={onClose}
            className="inline-flex h-10 items-center justify-center gap-2 rounded-lg bg-brand-600 px-4 text-sm font-medium text-white transition hover:bg-brand-700"
          >
            <Coins className="h-4 w-4" aria-hidden /> See plans
          </Link>
        </div>
      </div>
    );
  }

  return (
    <Modal open onOpenChange={(open) => (open ? undefined : onClose())} title="Not enough credits" description={have ?? undefined}>
      <div data-testid="out-of-credits">{body}</div>
    </Modal>
  );
}
