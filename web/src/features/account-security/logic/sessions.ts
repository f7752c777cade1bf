/** "Active now" within a few minutes, else "Last active 3 hours ago" / "on 2 March 2026". */
export function lastSeenLabel(lastSeenIso: string, now: Date = new Date()): string {
  const seen = new Date(lastSeenIso);
  if (Number.isNaN(seen.getTime())) return 'Last active: unknown';
  const minutes = Math.floor((now.getTime() - seen.getTime()) / 60_000);
  // A session's use is recorded at most hourly, so anything within the hour reads as now.
  if (minutes < 60) return 'Active within the last hour';
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `Last active ${hours} hour${hours === 1 ? '' : 's'} ago`;
  const days = Math.floor(hours / 24);
  if (days < 7) return `Last active ${days} day${days === 1 ? '' : 's'} ago`;
  return `Last active on ${seen.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })}`;
}

export const MIN_PASSWORD_LENGTH = 8;

/** The new-password form's first problem, or null when it can be sent. */
export function passwordFormError(current: string, next: string, confirm: string): string | null {
  if (!current) return 'Enter your current password';
  if (next.length < MIN_PASSWORD_LENGTH) return `The new password needs at least ${MIN_PASSWORD_LENGTH} characters`;
  if (next !== confirm) return 'The new passwords do not match';
  return null;
}
