/**
 * The commerce answers. Written by hand from the API contract until the server's OpenAPI document
 * describes these routes.
 */
export interface Plan {
  id: string;
  name: string;
  price: number;
  currency: string;
  interval: string;
  isSubscription: boolean;
  regularCredits: number;
  bonusCredits: number;
  credits: number;
  features: string[];
  specialOffer: string | null;
}

export interface PlansData {
  payments_configured: boolean;
  current_plan_id: string | null;
  plans: Plan[];
}

export interface CheckoutSession {
  sessionId?: string;
  url?: string;
}

export interface Subscription {
  plan_id: string;
  plan_name: string;
  status: 'active' | 'past_due' | 'canceled';
  current_period_end: string | null;
  cancel_at_period_end: boolean;
}

/** What a checkout asks for; the server picks the plan by id (or name) and decides price and credits itself. */
export interface CheckoutTier {
  id: string;
  name: string;
  price: number;
  credits: number;
  features: string[];
}

export interface SubscriptionCheckoutBody {
  tier: CheckoutTier;
  billingCycle: 'monthly';
  source: string;
  specialOffer: {
    isSpecialOffer: boolean;
    offerType: string;
    bonusCredits: number;
    totalCreditsPromised: number;
    offerDescription: string;
  };
}
