import { PURCHASE_FAILED } from '../logic/purchase';
import { requestJson } from './request';
import type { CheckoutSession, CheckoutTier } from './types';

/** POST /api/stripe/checkout: a Checkout Session for the purchase kept across a sign-in. */
export function createCheckout(tier: CheckoutTier): Promise<CheckoutSession> {
  return requestJson<CheckoutSession>('POST', '/api/stripe/checkout', PURCHASE_FAILED, { tier });
}
