/** The engine's stage names, as a person would say them. */
const STAGES: Record<string, string> = {
  queued: 'Waiting in line',
  starting: 'Starting',
  cutout: 'Cutting out your product',
  scene: 'Staging the scene',
  shadow: 'Adding shadows',
  encode: 'Finishing touches',
  done: 'Finishing touches',
};

/** What the job is doing now: its stage, else its status, else a neutral word. */
export function stageLabel(stage: string | null | undefined, status?: string | null): string {
  const key = (stage || status || '').trim().toLowerCase();
  if (!key) return 'Starting';
  if (STAGES[key]) return STAGES[key];
  if (key === 'running' || key === 'processing') return 'Generating';
  const text = key.replace(/[_-]+/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A whole percentage in 0–100, or null when the server has no estimate yet. */
export function progressPercent(progress: number | null | undefined): number | null {
  if (progress === null || progress === undefined || !Number.isFinite(progress)) return null;
  return Math.round(Math.min(100, Math.max(0, progress)));
}
