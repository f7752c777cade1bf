import { PAYMENT_FAILED } from '../logic/purchase';
import { requestJson } from './request';
import type { CheckoutSession, SubscriptionCheckoutBody } from './types';

/** POST /api/stripe/subscription: a Checkout Session for the plan (`{sessionId, url}`, no envelope). */
export function createSubscriptionCheckout(body: SubscriptionCheckoutBody): Promise<CheckoutSession> {
  return requestJson<CheckoutSession>('POST', '/api/stripe/subscription', PAYMENT_FAILED, body);
}
