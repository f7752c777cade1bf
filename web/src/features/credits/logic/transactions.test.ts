import {
  deltaLabel,
  deltaTone,
  describeTransaction,
  formatDelta,
  formatTransactionDate,
  pageCount,
  parsePageParam,
  parseTransactionsPage,
  rangeLabel,
  reasonLabel,
  withPageParam,
} from './transactions';

describe('reasonLabel and describeTransaction', () => {
  it('labels every known reason', () => {
    expect(reasonLabel('signup_grant')).toBe('Welcome credits');
    expect(reasonLabel('admin_grant')).toBe('Credits granted');
    expect(reasonLabel('generation')).toBe('Generation');
    expect(reasonLabel('refund')).toBe('Refund for a failed generation');
    expect(reasonLabel('purchase')).toBe('Credit purchase');
    expect(reasonLabel('subscription_grant')).toBe('Subscription');
    expect(reasonLabel('subscription_renewal')).toBe('Subscription renewal');
  });
  it('humanises an unknown reason and never inherits from Object.prototype', () => {
    expect(reasonLabel('gift_card')).toBe('Gift card');
    expect(reasonLabel('toString')).toBe('ToString');
    expect(reasonLabel('__')).toBe('Credit change');
  });
  it("prefers the server's description, else the reason's label", () => {
    expect(describeTransaction({ reason: 'generation', description: 'Image generation' })).toBe('Image generation');
    expect(describeTransaction({ reason: 'refund', description: '  ' })).toBe('Refund for a failed generation');
    expect(describeTransaction({ reason: 'purchase', description: null })).toBe('Credit purchase');
  });
});

describe('amounts', () => {
  it('signs the amount with a plus or a true minus', () => {
    expect(formatDelta(100)).toBe('+100');
    expect(formatDelta(-5)).toBe('\u22125');
    expect(formatDelta(0)).toBe('0');
    expect(formatDelta(2.5)).toBe('+2.5');
  });
  it('tones credits and debits', () => {
    expect(deltaTone(3)).toBe('credit');
    expect(deltaTone(-1)).toBe('debit');
    expect(deltaTone(0)).toBe('neutral');
  });
  it('reads the amount out in words', () => {
    expect(deltaLabel(100)).toBe('100 credits added');
    expect(deltaLabel(-1)).toBe('1 credit spent');
    expect(deltaLabel(0)).toBe('No change');
  });
});

describe('formatTransactionDate', () => {
  it('shows date and time in the given locale and zone', () => {
    expect(formatTransactionDate('2025-03-04T17:05:00Z', 'en-US', 'UTC')).toMatch(/^Mar 4, 2025, 5:05\sPM$/);
    expect(formatTransactionDate('2025-03-04T17:05:00Z', 'en-GB', 'Europe/Paris')).toMatch(/^4 Mar 2025, 18:05$/);
  });
  it('shows an unreadable timestamp as it came', () => {
    expect(formatTransactionDate('yesterday', 'en-US', 'UTC')).toBe('yesterday');
  });
});

describe('paging', () => {
  it('counts pages, at least one', () => {
    expect(pageCount(57, 20)).toBe(3);
    expect(pageCount(40, 20)).toBe(2);
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(10, 0)).toBe(1);
  });
  it('reads ?page= as a whole number from 1', () => {
    expect(parsePageParam(null)).toBe(1);
    expect(parsePageParam('3')).toBe(3);
    expect(parsePageParam('0')).toBe(1);
    expect(parsePageParam('-2')).toBe(1);
    expect(parsePageParam('2.5')).toBe(1);
    expect(parsePageParam('abc')).toBe(1);
    expect(parsePageParam('99999999999999999999')).toBe(1);
  });
  it('sets the page parameter, dropping it for page 1 and keeping the others', () => {
    const params = new URLSearchParams('page=2&tab=all');
    expect(withPageParam(params, 3).toString()).toBe('page=3&tab=all');
    expect(withPageParam(params, 1).toString()).toBe('tab=all');
    expect(params.toString()).toBe('page=2&tab=all');
  });
  it('describes the rows shown', () => {
    expect(rangeLabel(1, 20, 57)).toBe('1\u201320 of 57');
    expect(rangeLabel(3, 20, 57)).toBe('41\u201357 of 57');
    expect(rangeLabel(1, 20, 0)).toBe('0 of 0');
  });
});

describe('parseTransactionsPage', () => {
  const row = { id: 't1', delta: -1, reason: 'generation', job_id: 'j1', created_at: '2025-01-01T00:00:00Z', description: 'Image generation' };
  const requested = { page: 2, perPage: 20 };

  it('reads the documented shape', () => {
    const body = { status: 'success', data: { transactions: [row], page: 2, per_page: 20, total: 57 } };
    expect(parseTransactionsPage(body, requested)).toEqual({ transactions: [row], page: 2, per_page: 20, total: 57 });
  });
  it('drops malformed rows and normalises optional fields', () => {
    const body = {
      status: 'success',
      data: {
        transactions: [{ ...row, job_id: '', description: 3 }, { id: 't2', delta: 'x' }, null, { ...row, id: 't3', delta: Number.NaN }],
        page: 2,
        per_page: 20,
        total: 21,
      },
    };
    expect(parseTransactionsPage(body, requested)?.transactions).toEqual([{ ...row, job_id: null, description: null }]);
  });
  it('falls back to the request for missing paging numbers', () => {
    const body = { status: 'success', data: { transactions: [row] } };
    expect(parseTransactionsPage(body, requested)).toMatchObject({ page: 2, per_page: 20, total: 1 });
  });
  it('rejects anything that is not a page', () => {
    expect(parseTransactionsPage(null, requested)).toBeNull();
    expect(parseTransactionsPage({ status: 'success', data: [] }, requested)).toBeNull();
    expect(parseTransactionsPage({ status: 'success', data: { transactions: {} } }, requested)).toBeNull();
  });
});
