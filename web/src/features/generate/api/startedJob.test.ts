import { readStartedJob } from './startedJob';

describe('readStartedJob', () => {
  it('reads the job at the top level', () => {
    expect(readStartedJob({ status: 'success', job_id: 'j1', template_name: 'Luxe Marble', status_url: '/api/jobs/j1/status' })).toEqual({
      jobId: 'j1',
      jobIds: ['j1'],
      templateName: 'Luxe Marble',
      statusUrl: '/api/jobs/j1/status',
    });
  });

  it('reads the job inside data', () => {
    expect(readStartedJob({ status: 'success', data: { job_id: 'j2', status_url: '/api/jobs/j2/status' } })).toEqual({
      jobId: 'j2',
      jobIds: ['j2'],
      templateName: null,
      statusUrl: '/api/jobs/j2/status',
    });
  });

  it('reads every job of a set of variations, the first as the job', () => {
    const started = readStartedJob({ status: 'success', job_id: 'a', job_ids: ['a', 'b', 'c', 'd'], data: { job_id: 'a', job_ids: ['a', 'b', 'c', 'd'] } });
    expect(started.jobId).toBe('a');
    expect(started.jobIds).toEqual(['a', 'b', 'c', 'd']);
  });

  it('treats an answer without a job id as “No job ID returned”', () => {
    expect(() => readStartedJob({ status: 'success', data: {} })).toThrow('No job ID returned');
    expect(() => readStartedJob(null)).toThrow('No job ID returned');
  });
});
