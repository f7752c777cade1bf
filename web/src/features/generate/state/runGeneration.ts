import type { QueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { isApiError } from '@/api/client';
import { queryKeys } from '@/api/queryKeys';
import { announceGenerationEnd, BROWSER_EVENTS, completedEnd, emitBrowserEvent, type GenerationStartDetail } from '@/lib/browserEvents';
import { cancelledJobs } from '@/lib/jobs/cancelledJobs';
import { watchJob } from '@/lib/jobs/watchJob';
import { playCompletionChime } from '@/lib/sound';
import { notify, TOAST_DURATION } from '@/lib/toast';
import { generateFromTemplate } from '../api/generateFromTemplate';
import { generateImage } from '../api/generateImage';
import { generateRecommendation } from '../api/generateRecommendation';
import type { StartedJob } from '@/api/jobs';
import type { ImageGenerateBody, RecommendationBody, TemplateGenerateBody } from '../api/types';
import type { AspectRatio } from '../logic/aspectRatio';
import { generateErrorMessage, mapGenerateError } from '../logic/errors';
import { GENERATE_MESSAGES } from '../logic/messages';
import { generationStore, isInProgress, patchRun, type GenerationKind, type VariationSlot } from './generationStore';

interface Target {
  projectId: string;
  sceneId: string;
  aspectRatio: AspectRatio;
}

export type GenerationRequest =
  | (Target & { kind: 'template'; body: TemplateGenerateBody; templateId: string; templateName: string })
  | (Target & { kind: 'recommendation'; body: RecommendationBody })
  | (Target & { kind: 'image'; body: ImageGenerateBody });

/** The panel polls every 10 s while the live stream is down; every third poll says it is still working. */
const STILL_GENERATING_EVERY = 3;

let nextId = 0;

function start(request: GenerationRequest): Promise<StartedJob> {
  switch (request.kind) {
    case 'template':
      return generateFromTemplate(request.body);
    case 'recommendation':
      return generateRecommendation(request.body);
    case 'image':
      return generateImage(request.body);
  }
}

/** How many pictures a request asks for. */
function variationsOf(request: GenerationRequest): number {
  const asked = request.body.variations;
  return typeof asked === 'number' && asked >= 1 ? asked : 1;
}

/**
 * Starts a generation and follows it to its image (each image of a set of variations):
 * `generation-start` when the jobs exist, `generation-end` (with the storyboard refresh and
 * highlight) as each ends, and the chime once all have.
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
    variations: variationsOf(request),
    slots: [],
    chosenAssetId: null,
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

  const { jobId, jobIds } = started;
  const slotOf = (job: string): VariationSlot => ({ jobId: job, phase: 'running', result: null });
  patchRun(id, {
    phase: 'running',
    jobId,
    slots: jobIds.map(slotOf),
    variations: jobIds.length,
    ...(started.templateName ? { templateName: started.templateName } : {}),
  });
  const setSlot = (job: string, patch: Partial<VariationSlot>) =>
    generationStore.update((run) => (run?.id === id ? { ...run, slots: run.slots.map((slot) => (slot.jobId === job ? { ...slot, ...patch } : slot)) } : run));
  const base: GenerationStartDetail = { jobId, kind, projectId: request.projectId, sceneId: request.sceneId };
  emitBrowserEvent(BROWSER_EVENTS.generationStart, base);
  // The credits were taken when the jobs were queued.
  void client.invalidateQueries({ queryKey: queryKeys.credits });

  // Each picture of a set is followed on its own and lands on the storyboard as it finishes.
  const follow = async (job: string): Promise<string | null> => {
    const detail: GenerationStartDetail = { ...base, jobId: job };
    const toastId = `generate-${job}`;
    try {
      const outcome = await watchJob({
        jobId: job,
        kind,
        onPoll: (attempt) => {
          if (job === jobId && attempt % STILL_GENERATING_EVERY === 0)
            toast.loading(GENERATE_MESSAGES.stillGenerating, { id: toastId, duration: TOAST_DURATION });
        },
      });
      toast.dismiss(toastId);
      if (outcome.status === 'failed') {
        const message = cancelledJobs.has(job) ? null : mapGenerateError(outcome.error);
        setSlot(job, { phase: 'failed' });
        announceGenerationEnd({ ...detail, status: 'failed', error: message ?? outcome.error, templateId });
        return message ?? '';
      }
      setSlot(job, { phase: 'completed', result: outcome });
      announceGenerationEnd({
        ...completedEnd(detail, outcome, 'image'),
        templateId,
        shouldHighlight: true,
      });
      return null;
    } catch (error) {
      toast.dismiss(toastId);
      const message = generateErrorMessage(error);
      setSlot(job, { phase: 'failed' });
      announceGenerationEnd({ ...detail, status: 'failed', error: message, templateId });
      return message;
    }
  };

  try {
    const errors = await Promise.all(jobIds.map(follow));
    const slots = generationStore.get()?.id === id ? (generationStore.get()?.slots ?? []) : [];
    const first = slots.find((slot) => slot.result !== null)?.result ?? null;
    if (first) {
      patchRun(id, { phase: 'completed', result: first });
      playCompletionChime();
      const made = slots.filter((slot) => slot.result !== null).length;
      notify.success(made > 1 ? GENERATE_MESSAGES.setCompleted(made) : GENERATE_MESSAGES.completed);
      return;
    }
    const reason = errors.find((error): error is string => error !== null && error !== '');
    // The seller stopped it: the cancel button has said so; the panel is ready again.
    if (reason === undefined) generationStore.update((run) => (run?.id === id ? null : run));
    else fail(reason);
  } finally {
    void client.invalidateQueries({ queryKey: queryKeys.credits });
  }
}

/** Clears a finished run (its result card or error). */
export function dismissGeneration(): void {
  generationStore.update((run) => (run && !isInProgress(run) ? null : run));
}
