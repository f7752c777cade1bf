/** Upload progress: validating, uploading 10–90 %, syncing 90 %, completed 100 %, failed. */
export type UploadStatus = 'validating' | 'uploading' | 'syncing' | 'completed' | 'failed';

export const PROGRESS = {
  validating: 0,
  uploadStart: 10,
  uploadEnd: 90,
  syncing: 90,
  completed: 100,
} as const;

/** Maps the request body's sent bytes onto 10–90 %; unknown totals stay at 10 %. */
export function uploadPercent(loaded: number, total: number): number {
  if (!Number.isFinite(loaded) || !Number.isFinite(total) || total <= 0 || loaded <= 0) return PROGRESS.uploadStart;
  const ratio = Math.min(1, loaded / total);
  return Math.round(PROGRESS.uploadStart + ratio * (PROGRESS.uploadEnd - PROGRESS.uploadStart));
}

/** Still holding a slot: the file is being checked, sent or synced. */
export function isActive(status: UploadStatus): boolean {
  return status === 'validating' || status === 'uploading' || status === 'syncing';
}

export function statusLabel(status: UploadStatus, percent: number): string {
  switch (status) {
    case 'validating':
      return 'Checking…';
    case 'uploading':
      return `${percent}%`;
    case 'syncing':
      return 'Saving…';
    case 'completed':
      return 'Done';
    case 'failed':
      return 'Failed';
  }
}
