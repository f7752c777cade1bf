import type { Plan } from '../api/types';

/** "$15": a whole price without cents. */
export function formatPrice(amount: number, currency: string): string {
  try {
    return new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: currency.toUpperCase(),
      minimumFractionDigits: Number.isInteger(amount) ? 0 : 2,
      maximumFractionDigits: 2,
    }).format(amount);
  } catch {
    return `${amount} ${currency.toUpperCase()}`;
  }
}

/** The bonus of the first month: total credits minus the regular ones. */
export function bonusCredits(plan: Plan): number {
  return Math.max(0, plan.credits - plan.regularCredits);
}

/** The plan the offer modal presents: the one with a special offer, else the first subscription. */
export function offerPlan(plans: readonly Plan[]): Plan | null {
  return plans.find((plan) => plan.isSubscription && Boolean(plan.specialOffer)) ?? plans.find((plan) => plan.isSubscription) ?? null;
}

export function intervalLabel(interval: string): string {
  return interval === 'year' ? 'year' : 'month';
}
