import { useRef, useState } from 'react';
import { notify } from '@/lib/toast';
import { track } from '@/lib/analytics';
import { createSubscriptionCheckout } from '../api/subscriptionCheckout';
import type { Plan } from '../api/types';
import type { CreditModalMachine } from '../logic/creditModalMachine';
import {
  checkoutFailure,
  checkoutRedirect,
  checkoutTier,
  LOGIN_URL,
  saveCheckoutBaseline,
  savePendingPurchase,
  subscriptionBody,
  type CheckoutOutcome,
} from '../logic/purchase';
import { browserNavigation, createBrowserMachine, sessionStore } from './browser';

export interface PurchaseOptions {
  signedIn: boolean;
  /** The balance before checkout, to tell when the purchase has landed after the return. */
  balance: number | null;
  /** The tab's modal state; a purchase redirect puts it in cooldown. */
  machine?: CreditModalMachine | null;
}

/**
 * Starts a subscription purchase: signed out (or answered 401) the purchase is kept in session storage and
 * the browser goes to the sign-in; otherwise a Checkout Session is created and the browser goes to it.
 */
export function usePurchase({ signedIn, balance, machine }: PurchaseOptions) {
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);

  const leave = (url: string) => {
    (machine ?? createBrowserMachine()).startPurchaseRedirect();
    browserNavigation.assign(url);
  };

  const toSignin = (plan: Plan, source: string) => {
    savePendingPurchase(sessionStore, { package: checkoutTier(plan), source, timestamp: Date.now() });
    leave(LOGIN_URL);
  };

  const purchase = async (plan: Plan, source: string) => {
    if (inFlight.current) return;
    track('checkout_start', { plan: plan.id, source }, { now: true });
    if (!signedIn) {
      toSignin(plan, source);
      return;
    }
    inFlight.current = true;
    setBusy(true);
    let outcome: CheckoutOutcome;
    try {
      outcome = checkoutRedirect(await createSubscriptionCheckout(subscriptionBody(plan, source)));
    } catch (error) {
      outcome = checkoutFailure(error);
    }
    if (outcome.kind === 'redirect') {
      // Busy until the browser has left.
      saveCheckoutBaseline(sessionStore, balance);
      leave(outcome.url);
      return;
    }
    inFlight.current = false;
    setBusy(false);
    if (outcome.kind === 'signin') toSignin(plan, source);
    else {
      notify.error(outcome.message);
      track('checkout_error', { plan: plan.id, source, message: outcome.message }, { now: true });
    }
  };

  return { purchase, busy };
}
