import { Eraser, Loader2, Undo2, Wand2, X } from 'lucide-react';
import { useEffect, useEffectEvent, useId, useReducer, useRef, useState, type FormEvent, type SyntheticEvent } from 'react';
import { DEFAULT_IMAGE_EDIT_CONTEXT, IMAGE_EDIT_COST, IMAGE_EDIT_MESSAGES, imageEditErrorMessage, requestImageEdit } from '@/api/imageEdit';
import { useImageEngines } from '@/api/providers';
import { EngineSelect } from '@/components/engine/EngineChoice';
import { Button } from '@/components/ui/Button';
import {
  announceGenerationEnd,
  BROWSER_EVENTS,
  completedEnd,
  emitBrowserEvent,
  type GenerationEndDetail,
  type GenerationStartDetail,
} from '@/lib/browserEvents';
import { cn } from '@/lib/cn';
import { useCreditShortfall } from '@/lib/credits/shortfall';
import { chosenEngine, useRememberedEngine } from '@/lib/imageEngine';
import { useJobProgress } from '@/lib/events';
import { JobWatchError, watchJob, type CompletedJob } from '@/lib/jobs/watchJob';
import { assetIdOf } from '@/lib/media/assetId';
import { maskIsEmpty, rasterizeStrokes, strokesReducer, type Size, type Stroke } from '@/lib/mask';
import { notify } from '@/lib/toast';
import { encodeMaskPng } from './encodeMaskPng';
import type { MediaItemView } from './MediaDisplay';
import { StageLoadState } from './MediaLoadParts';
import { MaskCanvas } from './MaskCanvas';
import { useMediaLoad } from './useMediaLoad';

export interface ImageEditorProps {
  /** type 'image'; url like /api/media/file/{uuid}; width/height may be null (then the loaded image's are used). */
  image: MediaItemView;
  projectId: string;
  sceneId: string | null;
  parentMessageId?: string | null;
  /** After the edit job completed. */
  onEdited: (result: CompletedJob) => void;
  onCancel: () => void;
  /** Edit quality/resolution sent as context; default quality medium, resolution 1024x1024. */
  settings?: { quality?: 'low' | 'medium' | 'high'; resolution?: string };
  className?: string;
}

/** Inside the viewer an edit is polled every 5 s, up to 120 times, while the live stream is down. */
const VIEWER_EDIT_POLL = { intervalMs: 5_000, maxAttempts: 120 };

const NO_STROKES: readonly Stroke[] = [];

type Phase = 'painting' | 'starting' | 'running';

function isTextField(target: EventTarget | null): boolean {
  return target instanceof Element && target.closest('input, textarea, select, [contenteditable="true"]') !== null;
}

function stageLabel(stage: string | null | undefined): string | null {
  if (!stage) return null;
  const text = stage.replace(/[_-]+/g, ' ').trim();
  return text ? text.charAt(0).toUpperCase() + text.slice(1) : null;
}

/** Edit a generated image: paint a mask over it, describe the change, and wait for the new image. */
export function ImageEditor({ image, projectId, sceneId, parentMessageId = null, onEdited, onCancel, settings, className }: ImageEditorProps) {
  const [strokes, dispatch] = useReducer(strokesReducer, NO_STROKES);
  const [prompt, setPrompt] = useState('');
  const engines = useImageEngines();
  const [rememberedEngine, setEngine] = useRememberedEngine();
  const engine = chosenEngine(engines, rememberedEngine);
  const [phase, setPhase] = useState<Phase>('painting');
  const [jobId, setJobId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [natural, setNatural] = useState<Size | null>(null);
  const load = useMediaLoad(image.url);
  const progress = useJobProgress(jobId);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const running = useRef<AbortController | null>(null);
  const inputId = useId();
  const errorId = useId();
  const busy = phase !== 'painting';
  const shortfall = useCreditShortfall(IMAGE_EDIT_COST);
  const hasStrokes = strokes.length > 0;
  // The loaded file is the truth (the mask must match it exactly); the given size only until then.
  const imageSize: Size | null = natural ?? (image.width && image.height ? { width: image.width, height: image.height } : null);

  // Leaving (edit mode closed, viewer closed) stops following the job; the job itself carries on.
  useEffect(() => () => running.current?.abort(), []);

  const cancel = () => {
    running.current?.abort();
    dispatch({ type: 'clear' });
    onCancel();
  };

  const onKeyDown = useEffectEvent((event: KeyboardEvent) => {
    // The viewer takes Escape first and marks it handled when it leaves edit mode itself.
    if (event.key === 'Escape' && !event.defaultPrevented) {
      cancel();
    } else if (event.key.toLowerCase() === 'z' && (event.ctrlKey || event.metaKey) && !event.shiftKey && !busy && !isTextField(event.target)) {
      event.preventDefault();
      dispatch({ type: 'undo' });
    }
  });

  useEffect(() => {
    const listener = (event: KeyboardEvent) => onKeyDown(event);
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, []);

  const fail = (message: string) => {
    setError(message);
    notify.error(message);
  };

  const onImageLoad = (event: SyntheticEvent<HTMLImageElement>) => {
    const { naturalWidth, naturalHeight } = event.currentTarget;
    if (naturalWidth > 0 && naturalHeight > 0) setNatural({ width: naturalWidth, height: naturalHeight });
    load.onLoad();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy || shortfall !== null) return;
    const description = prompt.trim();
    if (!description) {
      setError(IMAGE_EDIT_MESSAGES.enterPrompt);
      inputRef.current?.focus();
      return;
    }
    const pixels = imageSize ? rasterizeStrokes(strokes, imageSize) : null;
    if (!imageSize || !pixels || maskIsEmpty(pixels)) {
      fail(IMAGE_EDIT_MESSAGES.maskFailed);
      return;
    }

    setError(null);
    setPhase('starting');
    const controller = new AbortController();
    running.current = controller;
    const { signal } = controller;
    let started = '';
    const base: GenerationStartDetail = { jobId: '', kind: 'image_edit', projectId, sceneId, messageId: parentMessageId };
    const end = (detail: Omit<GenerationEndDetail, keyof GenerationStartDetail>) => announceGenerationEnd({ ...base, jobId: started, ...detail });

    try {
      const mask = await encodeMaskPng(pixels, imageSize).catch(() => {
        throw new Error(IMAGE_EDIT_MESSAGES.maskFailed);
      });
      const job = await requestImageEdit(
        {
          projectId,
          sceneId,
          prompt: description,
          originalImageUrl: image.url,
          mask,
          parentMessageId,
          context: { ...DEFAULT_IMAGE_EDIT_CONTEXT, ...settings },
          engine,
        },
        { signal },
      ).catch((reason: unknown) => {
        throw new Error(imageEditErrorMessage(reason));
      });
      started = job.job_id;
      setJobId(started);
      setPhase('running');
      emitBrowserEvent(BROWSER_EVENTS.generationStart, { ...base, jobId: started });

      const outcome = await watchJob({ jobId: started, kind: 'image_edit', plan: VIEWER_EDIT_POLL, signal }).catch((reason: unknown) => {
        throw new Error(reason instanceof JobWatchError ? reason.message : IMAGE_EDIT_MESSAGES.editFailed);
      });
      if (outcome.status === 'failed') throw new Error(outcome.error || IMAGE_EDIT_MESSAGES.editFailed);

      announceGenerationEnd({ ...completedEnd({ ...base, jobId: started }, outcome, 'image'), prompt: description, sourceImageId: assetIdOf(image) });
      dispatch({ type: 'clear' });
      setPrompt('');
      setPhase('painting');
      setJobId(null);
      onEdited(outcome);
    } catch (reason) {
      if (signal.aborted) return;
      const message = reason instanceof Error && reason.message ? reason.message : IMAGE_EDIT_MESSAGES.editFailed;
      if (started) end({ status: 'failed', error: message });
      // The strokes stay, so the user can try again straight away.
      setPhase('painting');
      setJobId(null);
      fail(message);
    } finally {
      if (running.current === controller) running.current = null;
    }
  };

  const percent = progress?.progress ?? null;
  const stage = stageLabel(progress?.stage);

  return (
    <div data-testid="image-editor" className={cn('flex h-full min-h-0 w-full flex-col gap-3 text-white', className)}>
      <div className="relative min-h-0 flex-1 overflow-hidden">
        <img
          src={load.src}
          alt={image.alt || 'Image to edit'}
          onLoad={onImageLoad}
          onError={load.onError}
          draggable={false}
          className="pointer-events-none absolute inset-0 h-full w-full object-contain select-none"
        />
        {load.state.status === 'ready' ? (
          <MaskCanvas
            strokes={strokes}
            imageSize={imageSize}
            disabled={busy}
            onStrokesAction={dispatch}
            onStrokeEnd={(pointerType) => {
              if (pointerType !== 'touch' && !prompt) inputRef.current?.focus({ preventScroll: true });
            }}
          />
        ) : null}
        <StageLoadState load={load} type="image" />
        {busy ? (
          <div className="absolute inset-0 flex items-center justify-center bg-ink-950/55 backdrop-blur-[1px]">
            <div className="flex w-64 max-w-[85%] flex-col items-center gap-3 rounded-2xl bg-ink-900/90 px-5 py-4 text-center shadow-2xl ring-1 ring-white/10">
              <Loader2 aria-hidden className="h-6 w-6 animate-spin text-brand-300" />
              <p className="text-sm font-medium" role="status">
                {phase === 'starting' ? 'Starting edit…' : percent !== null ? `Editing image… ${Math.round(percent)}%` : 'Editing image…'}
              </p>
              <div
                role="progressbar"
                aria-label="Edit progress"
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={percent ?? undefined}
                className="h-1.5 w-full overflow-hidden rounded-full bg-white/10"
              >
                <div
                  className={cn('h-full rounded-full bg-brand-400 transition-[width] duration-500', percent === null && 'w-1/3 animate-pulse')}
                  style={percent === null ? undefined : { width: `${Math.max(4, Math.min(100, percent))}%` }}
                />
              </div>
              {stage ? <p className="text-xs text-slate-400">{stage}</p> : null}
            </div>
          </div>
        ) : null}
      </div>

      <div role="toolbar" aria-label="Mask tools" className="flex flex-wrap items-center justify-center gap-2 sm:justify-end">
        {/* The error takes the hint's place, so nothing below moves when it appears. */}
        {error ? (
          <p id={errorId} role="alert" className="w-full text-center text-sm font-medium text-rose-300 sm:mr-auto sm:w-auto sm:text-left">
            {error}
          </p>
        ) : (
          <p className="w-full text-center text-sm text-slate-300 sm:mr-auto sm:w-auto sm:text-left">
            {hasStrokes ? 'Paint more, or describe the change' : 'Paint over the area you want to change'}
          </p>
        )}
        <Button
          variant="dark"
          size="sm"
          onClick={() => dispatch({ type: 'undo' })}
          disabled={!hasStrokes || busy}
          aria-label="Undo last stroke"
          title="Undo last stroke"
        >
          <Undo2 aria-hidden className="h-4 w-4" /> Undo
        </Button>
        <Button variant="dark" size="sm" onClick={() => dispatch({ type: 'clear' })} disabled={!hasStrokes || busy}>
          <Eraser aria-hidden className="h-4 w-4" /> Clear
        </Button>
        <Button variant="dark" size="sm" onClick={cancel}>
          <X aria-hidden className="h-4 w-4" /> Cancel
        </Button>
      </div>

      {/* Laid out from the start and only revealed by the first stroke: appearing would shrink the
          image under the brush in the middle of that stroke. */}
      <form
        onSubmit={submit}
        noValidate
        inert={!hasStrokes}
        style={hasStrokes ? undefined : { visibility: 'hidden' }}
        className="flex flex-col gap-2 sm:flex-row sm:items-end"
      >
        <div className="flex min-w-0 flex-1 flex-col gap-1.5">
          <label htmlFor={inputId} className="text-xs font-medium text-slate-300">
            Describe the change
          </label>
          <textarea
            ref={inputRef}
            id={inputId}
            rows={1}
            value={prompt}
            onKeyDown={(event) => {
              // Enter sends the edit, as in the chat; Shift+Enter starts a new line.
              if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
                event.preventDefault();
                event.currentTarget.form?.requestSubmit();
              }
            }}
            onChange={(event) => {
              setPrompt(event.target.value);
              if (error === IMAGE_EDIT_MESSAGES.enterPrompt) setError(null);
            }}
            placeholder="Replace with a slice of lemon"
            disabled={busy}
            autoComplete="off"
            aria-invalid={error === IMAGE_EDIT_MESSAGES.enterPrompt ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            className="field-sizing-content max-h-28 min-h-10 w-full resize-none rounded-lg border border-white/15 bg-white/10 px-3 py-2 text-sm text-white placeholder:text-slate-400 focus:border-brand-400 focus:ring-4 focus:ring-brand-500/30 focus:outline-none disabled:opacity-60"
          />
        </div>
        <EngineSelect engines={engines} value={engine} onChange={setEngine} disabled={busy} />
        <Button type="submit" disabled={busy || shortfall !== null} title={shortfall ?? undefined} className="justify-center">
          <Wand2 aria-hidden className="h-4 w-4" /> Edit image
          <span className="rounded-full bg-white/20 px-2 py-0.5 text-xs font-semibold">{shortfall ?? `${IMAGE_EDIT_COST} credit`}</span>
        </Button>
      </form>
    </div>
  );
}

export default ImageEditor;
