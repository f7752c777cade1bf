import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { queryKeys } from '@/api/queryKeys';
import { announceGenerationEnd, BROWSER_EVENTS, completedEnd, emitBrowserEvent, type GenerationStartDetail } from '@/lib/browserEvents';
import { useJobOutcomes } from '@/lib/events';
import { cancelledJobs } from '@/lib/jobs/cancelledJobs';
import { watchJob, type JobOutcome } from '@/lib/jobs/watchJob';
import { useImageEngines } from '@/api/providers';
import { chosenEngine, useRememberedEngine } from '@/lib/imageEngine';
import { playCompletionChime } from '@/lib/sound';
import { notify } from '@/lib/toast';
import { startAnimation } from '../api/animateImage';
import { startChatGeneration } from '../api/chatGenerate';
import { startMusic } from '../api/generateMusic';
import type { StartedJob } from '@/api/jobs';
import { generationErrorMessage, MAX_VIDEO_RETRIES, startErrorMessage } from '../logic/errors';
import type { ChatMessage, MediaKind, VisualKind } from '../logic/messages';
import { preProductionSettings, settingsInput, type GenerationSettings } from '../logic/settings';
import type { LocalGeneration } from '../logic/thread';

/** The chime follows a finished generation after this delay. */
export const CHIME_DELAY_MS = 2_000;

/** What a generation asks the server for; kept so a failed video can be tried again as it was. */
export type GenerationRequest =
  | { type: 'chat'; messageId: string; mediaType: VisualKind; prompt?: string; variations?: number }
  | { type: 'animate'; messageId: string; sourceImageId: string; prompt: string }
  | { type: 'music'; parentMessageId: string | null; prompt: string };

interface RunningJob {
  jobId: string;
  kind: MediaKind;
  messageId: string | null;
  projectId: string;
  sceneId: string;
  prompt: string | null;
  request: GenerationRequest | null;
}

interface FailedGeneration {
  jobId: string;
  kind: MediaKind;
  error: string | null;
  request: GenerationRequest | null;
}

function kindOf(request: GenerationRequest): MediaKind {
  if (request.type === 'music') return 'audio';
  if (request.type === 'animate') return 'video';
  return request.mediaType;
}

function messageOf(request: GenerationRequest): string | null {
  return request.type === 'music' ? request.parentMessageId : request.messageId;
}

export interface StartOptions {
  /** The toast for a refused start other than credits or plan (default "Failed to generate {kind}: {reason}"). */
  failureText?: string;
  /** A retry of a failed video keeps counting; anything else starts the count again. */
  retry?: boolean;
}

export interface UseGenerationsOptions {
  projectId: string | null;
  sceneId: string | null;
  settings: GenerationSettings;
  /** Called once a job's media is in the refreshed thread (to highlight it). */
  onMediaReady: (assetId: string) => void;
}

/**
 * The generations started from the chat: starting them (image, video, animation, music), following
 * each job to its outcome with the live stream (polling only while it is down), and what the thread
 * shows meanwhile. Jobs keep being followed when the seller switches scenes or leaves the tab.
 */
export function useGenerations({ projectId, sceneId, settings, onMediaReady }: UseGenerationsOptions) {
  // The engine chosen in the brief card (or the Generate panel) draws the brief's image.
  const engine = chosenEngine(useImageEngines(), useRememberedEngine()[0]);
  const client = useQueryClient();
  const [running, setRunning] = useState<Readonly<Record<string, RunningJob>>>({});
  const [failed, setFailed] = useState<Readonly<Record<string, FailedGeneration>>>({});
  const [retries, setRetries] = useState<Readonly<Record<string, number>>>({});
  const watched = useRef(new Set<string>());
  const latestMediaReady = useRef(onMediaReady);
  useEffect(() => {
    latestMediaReady.current = onMediaReady;
  });

  const finish = useCallback((jobId: string) => {
    setRunning((jobs) => {
      if (!jobs[jobId]) return jobs;
      const next = { ...jobs };
      delete next[jobId];
      return next;
    });
  }, []);

  const refreshThread = useCallback(
    (job: Pick<RunningJob, 'projectId' | 'sceneId'>) => client.invalidateQueries({ queryKey: queryKeys.chatHistory(job.projectId, job.sceneId) }),
    [client],
  );

  const settle = useCallback(
    async (job: RunningJob, outcome: JobOutcome, announce: boolean) => {
      const detail: GenerationStartDetail = { jobId: job.jobId, kind: job.kind, projectId: job.projectId, sceneId: job.sceneId, messageId: job.messageId };
      if (outcome.status === 'completed') {
        // The media joins the thread before the progress bar goes, so nothing jumps.
        await refreshThread(job);
        finish(job.jobId);
        if (outcome.assetId) latestMediaReady.current(outcome.assetId);
        setTimeout(playCompletionChime, CHIME_DELAY_MS);
        if (announce) {
          announceGenerationEnd({
            ...completedEnd(detail, outcome, job.kind),
            prompt: job.prompt,
            sourceImageId: job.request?.type === 'animate' ? job.request.sourceImageId : null,
          });
        }
        return;
      }
      finish(job.jobId);
      if (job.messageId) {
        const messageId = job.messageId;
        setFailed((all) => ({ ...all, [messageId]: { jobId: job.jobId, kind: job.kind, error: outcome.error, request: job.request } }));
      }
      // The seller stopped it: the cancel button has already said so.
      if (!cancelledJobs.has(job.jobId)) notify.error(generationErrorMessage(outcome.error, job.kind));
      if (announce) announceGenerationEnd({ ...detail, status: 'failed', error: outcome.error });
      void refreshThread(job);
    },
    [finish, refreshThread],
  );

  const follow = useCallback(
    (job: RunningJob, announce: boolean) => {
      if (watched.current.has(job.jobId)) return;
      watched.current.add(job.jobId);
      // Not stopped when the chat closes (another tab, another page of the workspace): the job's end
      // is still announced to the storyboard and the chime still plays. A watch ends by itself.
      watchJob({ jobId: job.jobId, kind: job.kind })
        .then((outcome) => settle(job, outcome, announce))
        .catch((error: unknown) => {
          const message = error instanceof Error && error.message ? error.message : 'Generation failed';
          return settle(job, { status: 'failed', jobId: job.jobId, error: message }, announce);
        });
    },
    [settle],
  );

  /** Follows the jobs the server says are still running on these messages (started before this page loaded). */
  const followExisting = useCallback(
    (messages: readonly ChatMessage[], where: { projectId: string; sceneId: string }) => {
      for (const message of messages) {
        const generation = message.generation;
        if (generation?.state !== 'generating' || !generation.jobId) continue;
        follow({ jobId: generation.jobId, kind: generation.kind ?? 'image', messageId: message.id, prompt: null, request: null, ...where }, false);
      }
    },
    [follow],
  );

  const call = (request: GenerationRequest): Promise<StartedJob> => {
    const project = projectId ?? '';
    switch (request.type) {
      case 'chat':
        return startChatGeneration(request.messageId, {
          project_id: project,
          media_type: request.mediaType,
          ...(request.prompt ? { prompt: request.prompt } : {}),
          ...(request.variations && request.variations > 1 ? { variations: request.variations } : {}),
          ...(request.mediaType === 'image' && engine ? { engine } : {}),
          settings: settingsInput(settings),
        });
      case 'animate':
        return startAnimation({
          project_id: project,
          scene_id: sceneId,
          source_image_id: request.sourceImageId,
          parent_message_id: request.messageId,
          prompt: request.prompt,
          duration: String(settings.duration),
          context: { pre_production_settings: preProductionSettings(settings) },
        });
      case 'music':
        return startMusic({ project_id: project, scene_id: sceneId, prompt: request.prompt, audio_type: 'music', parent_message_id: request.parentMessageId });
    }
  };

  /** Starts a generation; resolves true once the job runs, false (after a toast) when the server refused. */
  const start = async (request: GenerationRequest, options: StartOptions = {}): Promise<boolean> => {
    if (!projectId || !sceneId) return false;
    const kind = kindOf(request);
    const messageId = messageOf(request);
    let started: StartedJob;
    try {
      started = await call(request);
    } catch (error) {
      notify.error(options.failureText ? startErrorMessage(error, kind, options.failureText) : generationErrorMessage(error, kind));
      return false;
    }
    const prompt = request.type === 'chat' ? (request.prompt ?? null) : request.prompt;
    // A set of variations is one job per picture, each followed on its own.
    const jobs: RunningJob[] = started.jobIds.map((jobId) => ({ jobId, kind, messageId, projectId, sceneId, prompt, request }));
    setRunning((all) => ({ ...all, ...Object.fromEntries(jobs.map((job) => [job.jobId, job])) }));
    if (messageId) {
      setFailed((all) => {
        if (!all[messageId]) return all;
        const next = { ...all };
        delete next[messageId];
        return next;
      });
      if (!options.retry) setRetries((all) => ({ ...all, [messageId]: 0 }));
    }
    for (const job of jobs) {
      emitBrowserEvent(BROWSER_EVENTS.generationStart, { jobId: job.jobId, kind, projectId, sceneId, messageId });
      follow(job, true);
    }
    return true;
  };

  /** Tries a failed video again as it was asked, up to three times. */
  const retryVideo = (messageId: string) => {
    const used = retries[messageId] ?? 0;
    if (used >= MAX_VIDEO_RETRIES) return;
    setRetries((all) => ({ ...all, [messageId]: used + 1 }));
    const again: GenerationRequest = failed[messageId]?.request ?? { type: 'chat', messageId, mediaType: 'video' };
    void start(again, { retry: true });
  };

  // Another part of the page (or another tab) may see the job end first: the thread follows.
  useJobOutcomes((event) => {
    if (event.status === 'failed') {
      const job = running[event.job_id];
      if (job) finish(job.jobId);
      if (job || (event.scene_id && event.scene_id === sceneId && event.project_id)) {
        void refreshThread({ projectId: job?.projectId ?? event.project_id ?? '', sceneId: job?.sceneId ?? event.scene_id ?? '' });
      }
      return;
    }
    if (!event.scene_id || event.scene_id !== sceneId || !event.project_id || running[event.job_id]) return;
    const assetId = event.asset?.id;
    void refreshThread({ projectId: event.project_id, sceneId: event.scene_id }).then(() => {
      if (assetId) latestMediaReady.current(assetId);
    });
  });

  const localFor = (messageId: string): LocalGeneration | undefined => {
    const job = Object.values(running).find((entry) => entry.messageId === messageId);
    const failure = failed[messageId];
    if (!job && !failure) return undefined;
    return {
      ...(job ? { running: { jobId: job.jobId, kind: job.kind } } : {}),
      ...(failure ? { failed: { jobId: failure.jobId, kind: failure.kind, error: failure.error } } : {}),
    };
  };

  const sceneJobs = Object.values(running).filter((job) => job.projectId === projectId && job.sceneId === sceneId);

  return {
    start,
    retryVideo,
    followExisting,
    localFor,
    retriesUsed: (messageId: string) => retries[messageId] ?? 0,
    /** A generation of this scene is running. */
    busy: sceneJobs.length > 0,
    musicRunning: sceneJobs.some((job) => job.kind === 'audio'),
  };
}
