import { vi } from 'vitest';
import type { Plan, PlansData } from '../api/types';

export const creatorPlan: Plan = {
  id: 'creator_monthly',
  name: 'Creator Plan',
  price: 15,
  currency: 'usd',
  interval: 'month',
  isSubscription: true,
  regularCredits: 110,
  bonusCredits: 30,
  credits: 140,
  features: ['Up to 110 images a month', 'Up to 20 videos a month', 'No watermark', 'Commercial use', 'Basic support'],
  specialOffer: '30 bonus credits in your first month',
};

type Answer = { status: number; body?: unknown };
const errorBody = (status: number, message: string) => ({ status, body: { status: 'error', error: { code: 'error', message }, message } });

/** The commerce routes answered in memory; every call is recorded. */
export function fakeCommerce(options: { plans?: Partial<PlansData> } = {}) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  const answers = new Map<string, Answer>();
  const plans: PlansData = { payments_configured: true, current_plan_id: null, plans: [creatorPlan], ...options.plans };
  answers.set('GET /api/plans', { status: 200, body: { status: 'success', data: plans } });
  answers.set('POST /api/stripe/subscription', { status: 200, body: { sessionId: 'cs_test_1', url: 'https://checkout.example/cs_test_1' } });
  answers.set('POST /api/stripe/checkout', { status: 200, body: { sessionId: 'cs_test_2', url: 'https://checkout.example/cs_test_2' } });
  answers.set('POST /api/analytics/events', { status: 202, body: { status: 'success', data: { accepted: 1 } } });
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    const raw = init?.body ?? (input instanceof Request ? await input.text() : null);
    const body = typeof raw === 'string' && raw ? JSON.parse(raw) : null;
    calls.push({ method, path: url.pathname, body });
    const answer = answers.get(`${method} ${url.pathname}`) ?? errorBody(404, 'Not found');
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetch);
  return {
    calls,
    answer: (route: string, answer: Answer) => answers.set(route, answer),
    fail: (route: string, status: number, message: string) => answers.set(route, errorBody(status, message)),
    analytics: () =>
      calls.filter((c) => c.path === '/api/analytics/events').flatMap((c) => (c.body as { events: { name: string }[] }).events.map((e) => e.name)),
  };
}
