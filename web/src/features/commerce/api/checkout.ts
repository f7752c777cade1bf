import { api, unwrap } from '@/api/client';
import { PURCHASE_FAILED } from '../logic/purchase';
import type { CheckoutSession, CheckoutTier } from './types';

/** POST /api/stripe/checkout: a Checkout Session for the purchase kept across a sign-in. */
export function createCheckout(tier: CheckoutTier): Promise<CheckoutSession> {
  return unwrap(api.POST('/api/stripe/checkout', { body: { tier } }), PURCHASE_FAILED);
}
