import { describe, expect, it } from 'vitest';
import { outOfCreditsStep } from './outOfCredits';

describe('outOfCreditsStep', () => {
  it('offers the plans only when payments are configured', () => {
    expect(outOfCreditsStep({ payments_configured: true, current_plan_id: null })).toEqual({ kind: 'plans', subscribed: false });
    expect(outOfCreditsStep({ payments_configured: true, current_plan_id: 'creator_monthly' })).toEqual({ kind: 'plans', subscribed: true });
    expect(outOfCreditsStep({ payments_configured: false, current_plan_id: null })).toEqual({ kind: 'ask-operator' });
    expect(outOfCreditsStep(undefined)).toEqual({ kind: 'loading' });
  });
});
