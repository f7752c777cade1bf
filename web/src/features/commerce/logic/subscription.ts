import type { Subscription } from '../api/types';

const statusLabels: Record<Subscription['status'], string> = {
  active: 'Active',
  past_due: 'Payment past due',
  canceled: 'Canceled',
};

export function subscriptionStatusLabel(subscription: Subscription): string {
  if (subscription.status === 'active' && subscription.cancel_at_period_end) return 'Ends at the end of the period';
  return statusLabels[subscription.status] ?? subscription.status;
}

/** "Renews on 25 December 2026", "Ends on …", or null without a period end. */
export function periodEndLabel(subscription: Subscription, locale?: string): string | null {
  if (!subscription.current_period_end) return null;
  const date = new Date(subscription.current_period_end);
  if (Number.isNaN(date.getTime())) return null;
  const day = date.toLocaleDateString(locale ?? 'en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
  if (subscription.status === 'canceled' || subscription.cancel_at_period_end) return `Ends on ${day}`;
  return `Renews on ${day}`;
}

/** Only an active subscription not already ending can be cancelled. */
export function canCancel(subscription: Subscription): boolean {
  return subscription.status !== 'canceled' && !subscription.cancel_at_period_end;
}
