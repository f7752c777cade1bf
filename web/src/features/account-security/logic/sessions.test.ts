import { describe, expect, it } from 'vitest';
import { lastSeenLabel, passwordFormError } from './sessions';

describe('lastSeenLabel', () => {
  const now = new Date('2026-03-10T12:00:00Z');
  it('reads recent use as within the hour', () => {
    expect(lastSeenLabel('2026-03-10T11:30:00Z', now)).toBe('Active within the last hour');
  });
  it('counts hours, then days, then gives the date', () => {
    expect(lastSeenLabel('2026-03-10T09:00:00Z', now)).toBe('Last active 3 hours ago');
    expect(lastSeenLabel('2026-03-09T11:00:00Z', now)).toBe('Last active 1 day ago');
    expect(lastSeenLabel('2026-02-02T11:00:00Z', now)).toBe('Last active on 2 February 2026');
  });
});

describe('passwordFormError', () => {
  it('asks for the current password, a long enough new one, and the same twice', () => {
    expect(passwordFormError('', 'long enough', 'long enough')).toBe('Enter your current password');
    expect(passwordFormError('old', 'short', 'short')).toMatch(/at least 8/);
    expect(passwordFormError('old', 'long enough', 'long enougH')).toBe('The new passwords do not match');
    expect(passwordFormError('old', 'long enough', 'long enough')).toBeNull();
  });
});
