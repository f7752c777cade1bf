import { useEffect, useRef } from 'react';
import { track } from '@/lib/analytics';
import { usePlans } from '../api/plans';
import { offerPlan } from '../logic/plans';
import { usePurchase } from '../state/usePurchase';
import { useCreditOffer, type OfferBalance } from '../state/useCreditOffer';
import { CreditPurchaseModal } from './CreditPurchaseModal';

export interface CreditOfferProps {
  /** Null for a visitor: then nothing is rendered. */
  userId: string | null;
  /** The credit balance, or null while it loads. */
  balance: OfferBalance | null;
}

/** The credit purchase modal on the create page, for signed-in users only. */
export function CreditOffer({ userId, balance }: CreditOfferProps) {
  if (!userId) return null;
  return <SignedInOffer balance={balance} />;
}

function SignedInOffer({ balance }: { balance: OfferBalance | null }) {
  const plans = usePlans();
  const plan = plans.data ? offerPlan(plans.data.plans) : null;
  // No offer while payments are not configured or the user already subscribes.
  const enabled = Boolean(plan && plans.data?.payments_configured && !plans.data.current_plan_id);
  const { showing, machine } = useCreditOffer(balance, enabled);
  const { purchase, busy } = usePurchase({ signedIn: true, balance: balance?.balance ?? null, machine });
  const viewed = useRef<string | null>(null);

  useEffect(() => {
    if (showing === null) {
      viewed.current = null;
    } else if (viewed.current !== showing) {
      viewed.current = showing;
      track('purchase_modal_view', { type: showing, plan: plan?.id ?? null });
    }
  }, [showing, plan?.id]);

  if (!plan || showing === null) return null;
  return (
    <CreditPurchaseModal
      open
      type={showing}
      plan={plan}
      busy={busy}
      onSubscribe={() => {
        track('purchase_modal_cta_click', { type: showing, plan: plan.id });
        void purchase(plan, `credit_modal_${showing}`);
      }}
      onDismiss={() => {
        track('purchase_modal_dismiss', { type: showing, plan: plan.id });
        machine.close();
      }}
      onViewAllPlans={() => {
        track('purchase_modal_view_all_plans', { type: showing, plan: plan.id });
        machine.close();
      }}
    />
  );
}
