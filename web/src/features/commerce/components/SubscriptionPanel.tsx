import { AlertTriangle, CreditCard } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '@/api/client';
import { Button } from '@/components/ui/Button';
import { Modal } from '@/components/ui/Modal';
import { Spinner } from '@/components/ui/Spinner';
import { notify } from '@/lib/toast';
import { CANCEL_FAILED, useCancelSubscription } from '../api/cancelSubscription';
import { useSubscription } from '../api/subscription';
import { canCancel, periodEndLabel, subscriptionStatusLabel } from '../logic/subscription';

/** The account page's subscription: plan, status, renewal date, and cancelling at the period's end. */
export function SubscriptionPanel() {
  const subscription = useSubscription();
  const cancel = useCancelSubscription();
  const [confirming, setConfirming] = useState(false);

  let body;
  if (subscription.isPending) {
    body = <Spinner className="text-brand-600" label="Loading..." />;
  } else if (subscription.isError) {
    body = (
      <p role="alert" className="flex items-center gap-2 text-sm text-rose-700">
        <AlertTriangle className="h-4 w-4" aria-hidden /> {errorMessage(subscription.error, 'Failed to load your subscription')}
      </p>
    );
  } else if (!subscription.data) {
    body = (
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <p className="font-medium text-slate-900">Free plan</p>
          <p className="text-sm text-slate-500">Subscribe for monthly credits.</p>
        </div>
        <Link to="/pricing" className="inline-flex h-10 items-center rounded-lg bg-brand-600 px-4 text-sm font-medium text-white hover:bg-brand-700">
          See plans
        </Link>
      </div>
    );
  } else {
    const sub = subscription.data;
    const ends = periodEndLabel(sub);
    body = (
      <div className="flex flex-wrap items-start justify-between gap-3">
        <dl className="space-y-1 text-sm">
          <div>
            <dt className="sr-only">Plan</dt>
            <dd className="text-base font-medium text-slate-900">{sub.plan_name}</dd>
          </div>
          <div>
            <dt className="sr-only">Status</dt>
            <dd data-testid="subscription-status" className={sub.status === 'active' && !sub.cancel_at_period_end ? 'text-emerald-700' : 'text-amber-700'}>
              {subscriptionStatusLabel(sub)}
            </dd>
          </div>
          {ends ? (
            <div>
              <dt className="sr-only">Period end</dt>
              <dd className="text-slate-500">{ends}</dd>
            </div>
          ) : null}
        </dl>
        {canCancel(sub) ? (
          <Button variant="secondary" onClick={() => setConfirming(true)}>
            Cancel subscription
          </Button>
        ) : null}
      </div>
    );
  }

  const confirm = async () => {
    try {
      await cancel.mutateAsync();
      setConfirming(false);
      notify.success('Your subscription will end at the end of the current period');
    } catch (error) {
      notify.error(errorMessage(error, CANCEL_FAILED));
    }
  };

  return (
    <section aria-labelledby="subscription-heading" className="rounded-3xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
      <h2 id="subscription-heading" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <CreditCard className="h-5 w-5 text-brand-600" aria-hidden /> Subscription
      </h2>
      <div className="mt-4">{body}</div>
      <Modal
        open={confirming}
        onOpenChange={(open) => (cancel.isPending ? undefined : setConfirming(open))}
        title="Cancel your subscription?"
        description="You keep your plan and its credits until the end of the current period; it will not renew."
      >
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={() => setConfirming(false)} disabled={cancel.isPending}>
            Keep subscription
          </Button>
          <Button variant="danger" onClick={() => void confirm()} disabled={cancel.isPending}>
            {cancel.isPending ? <Spinner /> : null} Cancel at period end
          </Button>
        </div>
      </Modal>
    </section>
  );
}
