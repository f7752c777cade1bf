import { describe, expect, it, vi } from 'vitest';
import { createCancelledJobs } from './cancelledJobs';

describe('cancelled jobs', () => {
  it('remembers a cancelled job and tells listeners once', () => {
    const jobs = createCancelledJobs();
    const listener = vi.fn();
    jobs.subscribe(listener);
    expect(jobs.has('job-1')).toBe(false);
    jobs.add('job-1');
    jobs.add('job-1');
    expect(jobs.has('job-1')).toBe(true);
    expect(jobs.has('job-2')).toBe(false);
    expect(jobs.has(null)).toBe(false);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('forgets a job whose cancel failed', () => {
    const jobs = createCancelledJobs();
    const listener = vi.fn();
    jobs.subscribe(listener);
    jobs.add('job-1');
    jobs.remove('job-1');
    jobs.remove('job-1');
    expect(jobs.has('job-1')).toBe(false);
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('stops telling a listener that unsubscribed', () => {
    const jobs = createCancelledJobs();
    const listener = vi.fn();
    const unsubscribe = jobs.subscribe(listener);
    unsubscribe();
    jobs.add('job-1');
    expect(listener).not.toHaveBeenCalled();
  });
});
