import type { QueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { isApiError } from '@/api/client';
import { queryKeys } from '@/api/queryKeys';
import { announceGenerationEnd, BROWSER_EVENTS, emitBrowserEvent, type GenerationStartDetail } from '@/lib/browserEvents';
import { cancelledJobs } from '@/lib/jobs/cancelledJobs';
import { watchJob } from '@/lib/jobs/watchJob';
import { playCompletionChime } from '@/lib/sound';
import { notify, TOAST_DURATION } from '@/lib/toast';
import { generateFromTemplate } from '../api/generateFromTemplate';
import { generateRecommendation } from '../api/generateRecommendation';
import type { RecommendationBody, StartedJob, TemplateGenerateBody } from '../api/types';
import type { AspectRatio } from '../logic/aspectRatio';
import { generateErrorMessage, mapGenerateError } from '../logic/errors';
import { GENERATE_MESSAGES } from '../logic/messages';
import { generationStore, isInProgress, patchRun, type GenerationKind } from './generationStore';

interface Target {
  projectId: string;
  sceneId: string;
  aspectRatio: AspectRatio;
}

export type GenerationRequest =
  | (Target & { kind: 'template'; body: TemplateGenerateBody; templateId: string; templateName: string })
  | (Target & { kind: 'recommendation'; body: RecommendationBody });

/** The panel polls every 10 s while the live stream is down; every third poll says it is still working. */
const STILL_GENERATING_EVERY = 3;

let nextId = 0;

function start(request: GenerationRequest): Promise<StartedJob> {
  return request.kind === 'template' ? generateFromTemplate(request.body) : generateRecommendation(request.body);
}

/**
 * Starts a generation and follows it to its image: `generation-start` when the job exists,
 * `generation-end` (with the storyboard refresh and highlight) and the chime when it ends.
 * Errors are kept on the run (shown inline) and toasted. Does nothing while another run is in progress.
 */
export async function runGeneration(request: GenerationRequest, client: QueryClient): Promise<void> {
  if (isInProgress(generationStore.get())) return;
  const id = ++nextId;
  const kind: GenerationKind = request.kind;
  const templateId = request.kind === 'template' ? request.templateId : null;
  generationStore.set({
    id,
    phase: 'starting',
    kind,
    projectId: request.projectId,
    sceneId: request.sceneId,
    aspectRatio: request.aspectRatio,
    templateId,
    templateName: request.kind === 'template' ? request.templateName : null,
    jobId: null,
    result: null,
    error: null,
  });

  const fail = (message: string) => {
    patchRun(id, { phase: 'failed', error: message });
    notify.error(message);
  };

  let started: StartedJob;
  try {
    started = await start(request);
  } catch (error) {
    fail(generateErrorMessage(error));
    if (isApiError(error) && error.status === 401) client.setQueryData(queryKeys.me, null);
    // The chosen template is gone: show the grid as the server has it now.
    if (isApiError(error) && error.status === 404 && request.kind === 'template') {
      void client.invalidateQueries({ queryKey: queryKeys.templates('image', request.aspectRatio) });
    }
    return;
  }

  const { jobId } = started;
  patchRun(id, { phase: 'running', jobId, ...(started.templateName ? { templateName: started.templateName } : {}) });
  const base: GenerationStartDetail = { jobId, kind, projectId: request.projectId, sceneId: request.sceneId };
  emitBrowserEvent<GenerationStartDetail>(BROWSER_EVENTS.generationStart, base);
  // The credit was taken when the job was queued.
  void client.invalidateQueries({ queryKey: queryKeys.credits });

  const toastId = `generate-${jobId}`;
  try {
    const outcome = await watchJob({
      jobId,
      kind,
      onPoll: (attempt) => {
        if (attempt % STILL_GENERATING_EVERY === 0) toast.loading(GENERATE_MESSAGES.stillGenerating, { id: toastId, duration: TOAST_DURATION });
      },
    });
    toast.dismiss(toastId);
    if (outcome.status === 'failed') {
      const message = mapGenerateError(outcome.error);
      // The seller stopped it: the cancel button has said so; the panel is ready again.
      if (cancelledJobs.has(jobId)) generationStore.update((run) => (run?.id === id ? null : run));
      else fail(message);
      announceGenerationEnd({ ...base, status: 'failed', error: message, templateId });
      return;
    }
    patchRun(id, { phase: 'completed', result: outcome });
    announceGenerationEnd({
      ...base,
      status: 'completed',
      url: outcome.url,
      thumbnailUrl: outcome.thumbnailUrl,
      assetId: outcome.assetId,
      assetType: outcome.assetType ?? 'image',
      creditCost: outcome.creditCost,
      templateId,
      shouldHighlight: true,
    });
    playCompletionChime();
    notify.success(GENERATE_MESSAGES.completed);
  } catch (error) {
    toast.dismiss(toastId);
    const message = generateErrorMessage(error);
    fail(message);
    announceGenerationEnd({ ...base, status: 'failed', error: message, templateId });
  } finally {
    void client.invalidateQueries({ queryKey: queryKeys.credits });
  }
}

/** Clears a finished run (its result card or error). */
export function dismissGeneration(): void {
  generationStore.update((run) => (run && !isInProgress(run) ? null : run));
}
