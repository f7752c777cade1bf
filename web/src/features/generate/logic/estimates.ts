/** What the server says one kind of generation took lately on one engine. */
export interface Estimate {
  kind: string;
  engine: string;
  /** The median, in seconds. */
  seconds: number;
}

/** "about 2 seconds", "about 1 minute", "about 3 minutes" for a time in seconds. */
export function aboutLabel(seconds: number): string {
  if (seconds < 59.5) {
    const whole = Math.max(1, Math.round(seconds));
    return `about ${whole} ${whole === 1 ? 'second' : 'seconds'}`;
  }
  const minutes = Math.max(1, Math.round(seconds / 60));
  return `about ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
}

/**
 * The expected time of a generation from the server's recent history of its kind and engine;
 * `fallback` (the fixed wording) while there is no history.
 */
export function estimateLabel(estimates: readonly Estimate[] | undefined, kind: string, engine: string, fallback: string): string {
  const match = estimates?.find((estimate) => estimate.kind === kind && estimate.engine === engine);
  return match && Number.isFinite(match.seconds) && match.seconds >= 0 ? aboutLabel(match.seconds) : fallback;
}
