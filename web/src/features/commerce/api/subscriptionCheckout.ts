import { api, unwrap } from '@/api/client';
import { PAYMENT_FAILED } from '../logic/purchase';
import type { CheckoutSession, SubscriptionCheckoutBody } from './types';

/** POST /api/stripe/subscription: a Checkout Session for the plan (`{sessionId, url}`, no envelope). */
export function createSubscriptionCheckout(body: SubscriptionCheckoutBody): Promise<CheckoutSession> {
  return unwrap(api.POST('/api/stripe/subscription', { body }), PAYMENT_FAILED);
}
