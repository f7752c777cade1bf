import { ApiError } from '@/api/client';
import { creatorPlan } from '../test/fakeCommerce';
import {
  checkoutFailure,
  checkoutRedirect,
  PENDING_PURCHASE_KEY,
  purchaseLanded,
  savePendingPurchase,
  subscriptionBody,
  takePendingPurchase,
} from './purchase';
import { bonusCredits, formatPrice, offerPlan } from './plans';
import { canCancel, periodEndLabel, subscriptionStatusLabel } from './subscription';

class MemoryStore {
  values = new Map<string, string>();
  getItem = (key: string) => this.values.get(key) ?? null;
  setItem = (key: string, value: string) => void this.values.set(key, value);
  removeItem = (key: string) => void this.values.delete(key);
}

describe('purchase rules', () => {
  it('names the plan and asks for the first-month offer; prices are the server’s business', () => {
    expect(subscriptionBody(creatorPlan, 'pricing_page')).toEqual({
      tier: { id: 'creator_monthly', name: 'Creator Plan', price: 15, credits: 140, features: creatorPlan.features },
      billingCycle: 'monthly',
      source: 'pricing_page',
      specialOffer: {
        isSpecialOffer: true,
        offerType: 'first_month_bonus',
        bonusCredits: 30,
        totalCreditsPromised: 140,
        offerDescription: '30 bonus credits in your first month',
      },
    });
    const plain = subscriptionBody({ ...creatorPlan, bonusCredits: 0, credits: 110, specialOffer: null }, 'x');
    expect(plain.specialOffer).toMatchObject({ isSpecialOffer: false, bonusCredits: 0, totalCreditsPromised: 110 });
  });

  it('takes the pending purchase once and drops a malformed one', () => {
    const store = new MemoryStore();
    savePendingPurchase(store, { package: { id: 'creator_monthly', name: 'Creator Plan', price: 15, credits: 140, features: [] }, source: 's', timestamp: 5 });
    expect(takePendingPurchase(store)?.package.name).toBe('Creator Plan');
    expect(takePendingPurchase(store)).toBeNull();
    store.setItem(PENDING_PURCHASE_KEY, '{"package":{"price":1},"source":"s","timestamp":1}');
    expect(takePendingPurchase(store)).toBeNull();
    expect(store.getItem(PENDING_PURCHASE_KEY)).toBeNull();
    store.setItem(PENDING_PURCHASE_KEY, 'not json');
    expect(takePendingPurchase(store)).toBeNull();
  });

  it('redirects only with a session id and a url; 401 means sign in; else the server message or the fallback', () => {
    expect(checkoutRedirect({ sessionId: 'cs_1', url: 'https://c/1' })).toEqual({ kind: 'redirect', url: 'https://c/1' });
    expect(checkoutRedirect({ url: 'https://c/1' })).toEqual({ kind: 'error', message: 'Failed to create checkout session' });
    expect(checkoutFailure(new ApiError('Not signed in', 401))).toEqual({ kind: 'signin' });
    expect(checkoutFailure(new ApiError('You already have an active subscription', 409))).toEqual({
      kind: 'error',
      message: 'You already have an active subscription',
    });
    expect(checkoutFailure(new ApiError('x', 0, 'network_error'))).toEqual({ kind: 'error', message: 'Failed to process payment. Please try again.' });
  });

  it('the purchase has landed once the balance rose above the one before checkout', () => {
    expect(purchaseLanded(10, 10)).toBe(false);
    expect(purchaseLanded(10, 150)).toBe(true);
    expect(purchaseLanded(null, 150)).toBe(false);
  });
});

describe('plan and subscription texts', () => {
  it('formats the price, the bonus and picks the offered plan', () => {
    expect(formatPrice(15, 'usd')).toBe('$15');
    expect(formatPrice(9.5, 'eur')).toBe('€9.50');
    expect(bonusCredits(creatorPlan)).toBe(30);
    expect(offerPlan([{ ...creatorPlan, id: 'basic', specialOffer: null }, creatorPlan])?.id).toBe('creator_monthly');
    expect(offerPlan([])).toBeNull();
  });

  it('tells renewal from the end of a cancelled period', () => {
    const sub = {
      plan_id: 'creator_monthly',
      plan_name: 'Creator Plan',
      status: 'active' as const,
      current_period_end: '2026-12-25T10:00:00Z',
      cancel_at_period_end: false,
    };
    expect(periodEndLabel(sub)).toBe('Renews on 25 December 2026');
    expect(subscriptionStatusLabel(sub)).toBe('Active');
    expect(canCancel(sub)).toBe(true);
    const ending = { ...sub, cancel_at_period_end: true };
    expect(periodEndLabel(ending)).toBe('Ends on 25 December 2026');
    expect(canCancel(ending)).toBe(false);
    expect(subscriptionStatusLabel({ ...sub, status: 'past_due' })).toBe('Payment past due');
    expect(periodEndLabel({ ...sub, current_period_end: null })).toBeNull();
  });
});
