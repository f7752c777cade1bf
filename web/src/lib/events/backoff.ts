/** Waits before reopening a stream the browser gave up on: 1 s, 2 s, 5 s, 10 s, 20 s, then every 30 s. */
export const RECONNECT_DELAYS_MS = [1_000, 2_000, 5_000, 10_000, 20_000, 30_000] as const;

/** The wait before reconnect number `attempt` (0 for the first retry after a drop). */
export function reconnectDelay(attempt: number, delays: readonly number[] = RECONNECT_DELAYS_MS): number {
  if (delays.length === 0) return 0;
  const index = Number.isFinite(attempt) ? Math.min(Math.max(0, Math.floor(attempt)), delays.length - 1) : delays.length - 1;
  return delays[index] ?? 0;
}
