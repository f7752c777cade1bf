import { errorMessage, isApiError } from '@/api/client';
import type { KeyValueStore } from './creditModalMachine';
import type { CheckoutSession, CheckoutTier, Plan, SubscriptionCheckoutBody } from '../api/types';

export const PAYMENT_FAILED = 'Failed to process payment. Please try again.';
export const SESSION_FAILED = 'Failed to create checkout session';
export const PURCHASE_FAILED = 'Failed to purchase credits';
export const CREDITS_ADDED = 'Credits added successfully!';
export const PAYMENTS_NOT_CONFIGURED = 'Payments are not configured';

/** Session storage: the purchase a visitor started, carried through the sign-in. */
export const PENDING_PURCHASE_KEY = 'studio:pending-purchase';
/** Session storage: the balance before leaving for checkout, to tell when the purchase has landed. */
export const CHECKOUT_BASELINE_KEY = 'studio:checkout-balance';

/** Where a signed-out purchase goes: the sign-in, back on /create. */
export const LOGIN_URL = '/api/auth/login?next=/create';

export interface PendingPurchase {
  package: CheckoutTier;
  source: string;
  timestamp: number;
}

export function checkoutTier(plan: Plan): CheckoutTier {
  return { id: plan.id, name: plan.name, price: plan.price, credits: plan.credits, features: plan.features };
}

/** The checkout request for a plan; the server decides what it costs and grants, this only names it. */
export function subscriptionBody(plan: Plan, source: string): SubscriptionCheckoutBody {
  const offer = Boolean(plan.specialOffer) && plan.bonusCredits > 0;
  return {
    tier: checkoutTier(plan),
    billingCycle: 'monthly',
    source,
    specialOffer: {
      isSpecialOffer: offer,
      offerType: offer ? 'first_month_bonus' : 'none',
      bonusCredits: offer ? plan.bonusCredits : 0,
      totalCreditsPromised: offer ? plan.credits : plan.regularCredits,
      offerDescription: plan.specialOffer ?? '',
    },
  };
}

export function savePendingPurchase(store: KeyValueStore, purchase: PendingPurchase): void {
  try {
    store.setItem(PENDING_PURCHASE_KEY, JSON.stringify(purchase));
  } catch {
    // Without storage the purchase is simply started again after the sign-in.
  }
}

/** Reads and removes the pending purchase; a malformed record is dropped. */
export function takePendingPurchase(store: KeyValueStore): PendingPurchase | null {
  let raw: string | null = null;
  try {
    raw = store.getItem(PENDING_PURCHASE_KEY);
    store.removeItem(PENDING_PURCHASE_KEY);
  } catch {
    return null;
  }
  if (raw === null) return null;
  try {
    const value = JSON.parse(raw) as Partial<PendingPurchase> | null;
    const tier = value?.package as Partial<CheckoutTier> | undefined;
    if (!tier || typeof tier.name !== 'string' || typeof value?.source !== 'string' || typeof value.timestamp !== 'number') return null;
    return {
      package: {
        id: typeof tier.id === 'string' ? tier.id : '',
        name: tier.name,
        price: typeof tier.price === 'number' ? tier.price : 0,
        credits: typeof tier.credits === 'number' ? tier.credits : 0,
        features: Array.isArray(tier.features) ? tier.features.filter((f): f is string => typeof f === 'string') : [],
      },
      source: value.source,
      timestamp: value.timestamp,
    };
  } catch {
    return null;
  }
}

export function hasPendingPurchase(store: KeyValueStore): boolean {
  try {
    return store.getItem(PENDING_PURCHASE_KEY) !== null;
  } catch {
    return false;
  }
}

export type CheckoutOutcome = { kind: 'redirect'; url: string } | { kind: 'signin' } | { kind: 'error'; message: string };

/** Where a checkout answer leads: Stripe's hosted page, or an error to show. */
export function checkoutRedirect(session: CheckoutSession): CheckoutOutcome {
  if (!session.sessionId || !session.url) return { kind: 'error', message: SESSION_FAILED };
  return { kind: 'redirect', url: session.url };
}

/** A failed checkout call: signed out (401) goes to the sign-in; otherwise the server's message. */
export function checkoutFailure(error: unknown, fallback = PAYMENT_FAILED): CheckoutOutcome {
  if (isApiError(error) && error.status === 401) return { kind: 'signin' };
  return { kind: 'error', message: errorMessage(error, fallback) };
}

export function saveCheckoutBaseline(store: KeyValueStore, balance: number | null): void {
  try {
    if (balance === null) store.removeItem(CHECKOUT_BASELINE_KEY);
    else store.setItem(CHECKOUT_BASELINE_KEY, String(balance));
  } catch {
    // Then the first balance seen after the return is the baseline.
  }
}

export function readCheckoutBaseline(store: KeyValueStore): number | null {
  try {
    const raw = store.getItem(CHECKOUT_BASELINE_KEY);
    const value = raw === null ? NaN : Number(raw);
    return Number.isFinite(value) ? value : null;
  } catch {
    return null;
  }
}

/**
 * Back from checkout, the purchase has landed once the balance rose above the one before checkout
 * (the webhook's `credits-changed`, or a later poll).
 */
export function purchaseLanded(baseline: number | null, balance: number | null): boolean {
  return baseline !== null && balance !== null && balance > baseline;
}
