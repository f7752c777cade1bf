import type { OkBody, RequestBody } from '@/api/types';

/** GET /api/plans `data`. */
export type PlansData = OkBody<'/api/plans', 'get'>['data'];
export type Plan = PlansData['plans'][number];

/** A checkout answer; still checked, a session without an id or a url cannot be followed. */
export type CheckoutSession = Partial<OkBody<'/api/stripe/subscription', 'post'>>;

export type Subscription = NonNullable<OkBody<'/api/subscription', 'get'>['data']['subscription']>;

export type SubscriptionCheckoutBody = RequestBody<'/api/stripe/subscription', 'post'>;

/** What a checkout names; the server picks the plan by id (or name) and decides price and credits itself. */
export interface CheckoutTier {
  id: string;
  name: string;
  price: number;
  credits: number;
  features: string[];
}

export type AnalyticsBody = RequestBody<'/api/analytics/events', 'post'>;
