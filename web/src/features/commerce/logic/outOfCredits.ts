import type { PlansData } from '../api/types';

/** The next step offered when credits run out. */
export type OutOfCreditsStep = { kind: 'loading' } | { kind: 'plans'; subscribed: boolean } | { kind: 'ask-operator' };

export function outOfCreditsStep(plans: Pick<PlansData, 'payments_configured' | 'current_plan_id'> | undefined): OutOfCreditsStep {
  if (!plans) return { kind: 'loading' };
  if (!plans.payments_configured) return { kind: 'ask-operator' };
  return { kind: 'plans', subscribed: Boolean(plans.current_plan_id) };
}

/** What a studio without payments tells its users. */
export const ASK_OPERATOR = 'Ask the person who runs this studio to add credits.';
