import { QueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { BROWSER_EVENTS, onBrowserEvent } from '@/lib/browserEvents';
import { jobOutcomeStore, liveEventStatus } from '@/lib/events';
import { buildTemplateRequest } from '../logic/requests';
import { generationStore } from './generationStore';
import { runGeneration, type GenerationRequest } from './runGeneration';

const JOB_ID = '0d6f7c4e-8a51-4a3b-9b7e-2f1c0a9d8e71';
const target = { projectId: 'p1', sceneId: 's1', aspectRatio: '2:3' as const };
const request: GenerationRequest = {
  ...target,
  kind: 'template',
  templateId: 'clean-studio',
  templateName: 'Clean Studio',
  body: buildTemplateRequest({ ...target, templateId: 'clean-studio', quality: 'medium' }),
};

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** The start route answers `start`; the status route answers the current `status`. */
function fakeApi(start: unknown) {
  const state = { status: { job_id: JOB_ID, status: 'running', progress: 10, credit_cost: 0 } as Record<string, unknown>, polls: 0 };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const path = new URL(input instanceof Request ? input.url : String(input), 'http://localhost').pathname;
      if (path === '/api/templates/generate') return json(start, 202);
      if (path === `/api/jobs/${JOB_ID}/status`) {
        state.polls += 1;
        return json({ status: 'success', data: state.status });
      }
      return json({ status: 'error', error: { code: 'not_found', message: 'Not found' }, message: 'Not found' }, 404);
    }),
  );
  return state;
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  generationStore.set(null);
  jobOutcomeStore.clear();
  liveEventStatus.set('idle');
});

describe('runGeneration', () => {
  it('polls every 10 s while the live stream is down, saying it is still generating every third poll', async () => {
    vi.useFakeTimers();
    const loading = vi.spyOn(toast, 'loading');
    const dismiss = vi.spyOn(toast, 'dismiss');
    const api = fakeApi({
      status: 'success',
      data: { job_id: JOB_ID, job_ids: [JOB_ID], status: 'queued', template_name: 'Clean Studio', status_url: `/api/jobs/${JOB_ID}/status`, credit_cost: 1 },
    });
    const done = runGeneration(request, new QueryClient());
    await vi.advanceTimersByTimeAsync(0);
    expect(generationStore.get()).toMatchObject({ phase: 'running', jobId: JOB_ID });

    await vi.advanceTimersByTimeAsync(20_000);
    expect(api.polls).toBe(2);
    expect(loading).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(api.polls).toBe(3);
    expect(loading).toHaveBeenCalledTimes(1);
    expect(loading).toHaveBeenCalledWith('Still generating…', expect.objectContaining({ id: `generate-${JOB_ID}` }));

    api.status = { ...api.status, status: 'completed', progress: 100, result: { url: '/api/media/file/x', thumbnail: null, creditCost: 1 }, asset_id: null };
    await vi.advanceTimersByTimeAsync(10_000);
    await done;
    expect(generationStore.get()).toMatchObject({ phase: 'completed', result: { url: '/api/media/file/x' } });
    expect(dismiss).toHaveBeenCalledWith(`generate-${JOB_ID}`);
  });

  it('treats a start answer without a job id as a generation service error', async () => {
    fakeApi({ status: 'success', data: {} });
    const started = vi.fn();
    const off = onBrowserEvent(BROWSER_EVENTS.generationStart, started);
    try {
      await runGeneration(request, new QueryClient());
    } finally {
      off();
    }
    expect(generationStore.get()).toMatchObject({ phase: 'failed', error: 'Generation service error. Please try again.' });
    expect(started).not.toHaveBeenCalled();
  });

  it('starts nothing while another generation is in progress', async () => {
    fakeApi({ status: 'success', data: {} });
    generationStore.set({
      ...target,
      id: -1,
      phase: 'running',
      kind: 'template',
      templateId: null,
      templateName: null,
      jobId: 'other',
      result: null,
      error: null,
      variations: 1,
      slots: [],
      chosenAssetId: null,
    });
    await runGeneration(request, new QueryClient());
    expect(generationStore.get()?.jobId).toBe('other');
    expect(fetch).not.toHaveBeenCalled();
  });
});
