import type { CreditBalance } from '@/api/types';

export const DEFAULT_LOW_CREDIT_THRESHOLD = 10;

export interface CreditView {
  balance: number;
  images: number;
  videos: number;
  tier: string;
  packageLabel: string;
  threshold: number;
  isLow: boolean;
}

function num(value: unknown, fallback = 0): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
}

/** What the badge shows; with no data (loading or failed) every number is 0. */
export function creditView(data: CreditBalance | undefined | null): CreditView {
  const balance = num(data?.balance);
  const threshold = num(data?.low_credit_threshold, DEFAULT_LOW_CREDIT_THRESHOLD);
  const tier = typeof data?.subscription_tier === 'string' && data.subscription_tier ? data.subscription_tier : 'free';
  const pkg = typeof data?.subscription_package === 'string' && data.subscription_package ? data.subscription_package : null;
  return {
    balance,
    images: num(data?.generated_media?.images),
    videos: num(data?.generated_media?.videos),
    tier,
    packageLabel: pkg ?? `${tier.charAt(0).toUpperCase()}${tier.slice(1)} plan`,
    threshold,
    isLow: data ? balance < threshold : false,
  };
}

/** "12 Credits", or only the number in compact mode. */
export function creditLabel(balance: number, compact = false): string {
  const value = Number.isInteger(balance) ? String(balance) : balance.toFixed(1);
  return compact ? value : `${value} Credits`;
}

/** The panel's buy button: more urgent when the balance is low. */
export function buyCreditsLabel(isLow: boolean): string {
  return isLow ? 'Buy Credits Now' : 'Buy More Credits';
}
