import type { CreditBalance } from '@/api/types';
import { buyCreditsLabel, creditLabel, creditView } from './credits';

const sample = (balance: number, extra: Partial<CreditBalance> = {}): CreditBalance => ({
  balance,
  generated_media: { images: 3, videos: 1 },
  subscription_tier: 'free',
  subscription_package: null,
  low_credit_threshold: 10,
  ...extra,
});

describe('creditView', () => {
  it('uses zeros without data', () => {
    expect(creditView(undefined)).toMatchObject({ balance: 0, images: 0, videos: 0, isLow: false });
  });
  it('flags a balance under the threshold as low', () => {
    expect(creditView(sample(9)).isLow).toBe(true);
    expect(creditView(sample(10)).isLow).toBe(false);
    expect(creditView(sample(25, { low_credit_threshold: 30 })).isLow).toBe(true);
  });
  it('reads usage and the package label', () => {
    const view = creditView(sample(40, { subscription_package: 'Creator Plan' }));
    expect(view).toMatchObject({ images: 3, videos: 1, packageLabel: 'Creator Plan' });
    expect(creditView(sample(40)).packageLabel).toBe('Free plan');
  });
});

describe('creditLabel', () => {
  it('shows Credits, or only the number when compact', () => {
    expect(creditLabel(12)).toBe('12 Credits');
    expect(creditLabel(12, true)).toBe('12');
  });
});

describe('buyCreditsLabel', () => {
  it('urges when low', () => {
    expect(buyCreditsLabel(false)).toBe('Buy More Credits');
    expect(buyCreditsLabel(true)).toBe('Buy Credits Now');
  });
});
