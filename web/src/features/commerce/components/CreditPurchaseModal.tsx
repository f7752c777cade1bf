import * as Dialog from '@radix-ui/react-dialog';
import { BadgeCheck, X } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/Button';
import { Spinner } from '@/components/ui/Spinner';
import type { Plan } from '../api/types';
import type { ModalType } from '../logic/creditModalMachine';
import { bonusCredits, formatPrice, intervalLabel } from '../logic/plans';
import { PlanFeatures } from './PlanFeatures';
import { SpecialOfferBadge } from './SpecialOfferBadge';

export const CREDIT_MODAL_TITLE = "You're on a roll — keep creating!";

export interface CreditPurchaseModalProps {
  open: boolean;
  type: ModalType;
  plan: Plan;
  busy: boolean;
  onSubscribe: () => void;
  /** Maybe Later, the close button, Escape or a click outside. */
  onDismiss: () => void;
  onViewAllPlans: () => void;
}

const reasons: Record<ModalType, string> = {
  first_generation: 'Your first creation is ready. Subscribe to keep the ideas flowing every month.',
  low_credits: 'You are running low on credits. Top up with a monthly plan and never stop mid-campaign.',
  none: 'Subscribe to keep the ideas flowing every month.',
};

/** The offer of the Creator Plan, shown by the credit modal state machine. */
export function CreditPurchaseModal({ open, type, plan, busy, onSubscribe, onDismiss, onViewAllPlans }: CreditPurchaseModalProps) {
  const bonus = bonusCredits(plan);
  return (
    <Dialog.Root open={open} onOpenChange={(next) => (next || busy ? undefined : onDismiss())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-950/60 backdrop-blur-[2px]" />
        <Dialog.Content
          data-testid="credit-purchase-modal"
          className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-1.5rem)] w-[calc(100vw-1.5rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-3xl bg-white shadow-2xl ring-1 ring-slate-900/5 focus:outline-none"
        >
          <div className="relative bg-gradient-to-br from-brand-600 via-brand-700 to-slate-900 px-5 pt-5 pb-4 text-white sm:px-8 sm:pt-6 sm:pb-5">
            <Dialog.Close
              className="absolute top-4 right-4 rounded-md p-1 text-white/70 transition hover:bg-white/10 hover:text-white"
              aria-label="Close"
              disabled={busy}
            >
              <X className="h-5 w-5" />
            </Dialog.Close>
            <Dialog.Title className="pr-8 text-xl font-semibold tracking-tight sm:text-2xl">{CREDIT_MODAL_TITLE}</Dialog.Title>
            <Dialog.Description className="mt-2 text-sm text-white/80">{reasons[type]}</Dialog.Description>
          </div>
          <div className="px-5 py-4 sm:px-8 sm:py-5">
            <section aria-label={plan.name} className="rounded-2xl p-4 ring-2 ring-brand-500 sm:p-5">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h3 className="text-lg font-semibold text-slate-900">{plan.name}</h3>
                {plan.specialOffer ? <SpecialOfferBadge /> : null}
              </div>
              <p className="mt-2 flex items-baseline gap-1">
                <span className="text-4xl font-bold tracking-tight text-slate-900" data-testid="plan-price">
                  {formatPrice(plan.price, plan.currency)}
                </span>
                <span className="text-sm text-slate-500">/ {intervalLabel(plan.interval)}</span>
              </p>
              <p className="mt-1 text-xs text-slate-500">Billed monthly. Cancel anytime.</p>
              <div className="mt-3 grid grid-cols-2 gap-2 text-center sm:mt-4">
                <div className="rounded-xl bg-brand-50 px-3 py-2">
                  <p className="text-xl font-semibold text-brand-700 tabular-nums sm:text-2xl" data-testid="plan-credits">
                    {plan.credits}
                  </p>
                  <p className="text-xs text-brand-800">credits</p>
                </div>
                <div className="rounded-xl bg-amber-50 px-3 py-2">
                  <p className="text-xl font-semibold text-amber-700 tabular-nums sm:text-2xl" data-testid="plan-bonus">
                    +{bonus}
                  </p>
                  <p className="text-xs text-amber-800">bonus credits</p>
                </div>
              </div>
              {plan.specialOffer ? <p className="mt-2 text-center text-xs text-slate-500">{plan.specialOffer}</p> : null}
              <PlanFeatures features={plan.features} className="mt-3 space-y-1 text-sm text-slate-700 sm:mt-4 sm:space-y-1.5" />
            </section>
            <figure className="mt-3 rounded-2xl bg-slate-50 px-4 py-3 text-sm sm:mt-4">
              <blockquote className="text-slate-700">
                “I made a month of product shots for my candle shop in one evening. The short videos alone paid for the plan.”
              </blockquote>
              <figcaption className="mt-2 flex items-center gap-1.5 text-xs font-medium text-slate-500">
                <BadgeCheck className="h-4 w-4 text-brand-600" aria-hidden /> Maya R., verified user
              </figcaption>
            </figure>
            <div className="mt-4 flex flex-col gap-1.5 sm:mt-5 sm:gap-2">
              <Button size="lg" className="w-full justify-center" onClick={onSubscribe} disabled={busy}>
                {busy ? <Spinner /> : null}
                {busy ? 'Processing...' : 'Subscribe Now'}
              </Button>
              <Button variant="ghost" className="w-full justify-center" onClick={onDismiss} disabled={busy}>
                Maybe Later
              </Button>
              <Link
                to="/pricing"
                onClick={onViewAllPlans}
                className="mx-auto mt-1 text-sm font-medium text-brand-600 underline-offset-4 hover:text-brand-700 hover:underline"
              >
                See all plans
              </Link>
            </div>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
