import { reconnectDelay, RECONNECT_DELAYS_MS } from './backoff';

describe('reconnectDelay', () => {
  it('waits 1 s, 2 s, 5 s, then longer up to 30 s', () => {
    expect([0, 1, 2, 3, 4, 5].map((attempt) => reconnectDelay(attempt))).toEqual([1000, 2000, 5000, 10000, 20000, 30000]);
  });
  it('stays at 30 s however many attempts fail', () => {
    expect(reconnectDelay(6)).toBe(30_000);
    expect(reconnectDelay(1000)).toBe(30_000);
    expect(reconnectDelay(Number.POSITIVE_INFINITY)).toBe(30_000);
    expect(Math.max(...RECONNECT_DELAYS_MS)).toBe(30_000);
  });
  it('treats odd attempts sensibly', () => {
    expect(reconnectDelay(-3)).toBe(1000);
    expect(reconnectDelay(1.7)).toBe(2000);
    expect(reconnectDelay(Number.NaN)).toBe(30_000);
    expect(reconnectDelay(0, [])).toBe(0);
    expect(reconnectDelay(5, [10, 20])).toBe(20);
  });
});
