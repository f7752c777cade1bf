import * as Dialog from '@radix-ui/react-dialog';
import * as RadioGroup from '@radix-ui/react-radio-group';
import { useQueryClient } from '@tanstack/react-query';
import { BoxSelect, Brush, Check, CircleAlert, Eraser, Loader2, RotateCcw, Undo2, X } from 'lucide-react';
import { useEffect, useId, useMemo, useState, type KeyboardEvent, type ReactNode } from 'react';
import { errorMessage } from '@/api/client';
import { Button } from '@/components/ui/Button';
import { MOBILE_BREAKPOINT } from '@/lib/breakpoints';
import { cn } from '@/lib/cn';
import { useViewportWidth } from '@/lib/useMediaQuery';
import { adjustCutout } from '../api/adjustCutout';
import { CUTOUT_MESSAGES, storeCutout, useCutout, type Cutout } from '../api/cutout';
import { resetCutout } from '../api/resetCutout';
import { displayName, type ReferenceImage } from '../api/types';
import {
  cutoutAdjustment,
  cutoutEditsReducer,
  defaultBrushPx,
  MAX_BRUSH_PX,
  MIN_BRUSH_PX,
  stepBrush,
  type CutoutEdit,
  type CutoutEdits,
  type CutoutEditsAction,
  type CutoutTool,
} from '../logic/cutoutEdits';
import { createCutoutSaver, type CutoutSaveStatus } from '../logic/cutoutSaver';
import { confidenceLabel } from '../logic/cutoutSummary';
import { CutoutPane, type CutoutDraft } from './CutoutPane';
import { useCutoutImages } from './useCutoutImages';

/** A burst of strokes is sent as one re-solve once the seller pauses this long. */
const RESOLVE_DEBOUNCE_MS = 350;

export interface CutoutEditorProps {
  /** The photo whose cutout to adjust; null keeps the editor closed. */
  image: ReferenceImage | null;
  onClose: () => void;
}

/** "Adjust cutout": the seller corrects how the product is cut out of one photo. */
export function CutoutEditor({ image, onClose }: CutoutEditorProps) {
  return (
    <Dialog.Root open={image !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-950/60 backdrop-blur-[2px]" />
        <Dialog.Content
          className="fixed inset-0 z-50 flex flex-col bg-white focus:outline-none sm:inset-auto sm:top-1/2 sm:left-1/2 sm:h-[min(860px,calc(100dvh-2rem))] sm:w-[min(1180px,calc(100vw-2rem))] sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-2xl sm:shadow-2xl sm:ring-1 sm:ring-slate-900/5"
          data-testid="cutout-editor"
          onOpenAutoFocus={(event) => {
            // Focus the current tool, so the keyboard starts among the tools rather than on Close.
            const tool = (event.currentTarget as HTMLElement | null)?.querySelector<HTMLElement>('[role="radio"][data-state="checked"]');
            if (tool) {
              event.preventDefault();
              tool.focus();
            }
          }}
        >
          {image ? <CutoutEditorBody key={image.id} image={image} onClose={onClose} /> : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

const TOOLS: { value: CutoutTool; label: string; key: string; hint: string; icon: ReactNode }[] = [
  { value: 'box', label: 'Box', key: 'B', hint: 'Drag a box around your product', icon: <BoxSelect className="h-4 w-4" aria-hidden /> },
  { value: 'keep', label: 'Keep', key: 'K', hint: 'Paint over parts of the product that are missing', icon: <Brush className="h-4 w-4" aria-hidden /> },
  { value: 'remove', label: 'Remove', key: 'R', hint: 'Paint over background that should go', icon: <Eraser className="h-4 w-4" aria-hidden /> },
];

const NO_EDITS: CutoutEdits = { edits: [], brushPx: 0 };

function hasStroke(edits: readonly CutoutEdit[]): boolean {
  return edits.some((edit) => edit.kind === 'stroke');
}

function CutoutEditorBody({ image, onClose }: { image: ReferenceImage; onClose: () => void }) {
  const client = useQueryClient();
  const query = useCutout(image.id);
  const cutout = query.data;
  const { photo, mask, photoFailed, maskFailed } = useCutoutImages(image.url, cutout?.mask_url ?? null);
  // The mask is the stored photo's own size: the space every point and box is sent in.
  const photoSize = useMemo(
    () => (mask ? { width: mask.width, height: mask.height } : photo ? { width: photo.naturalWidth, height: photo.naturalHeight } : null),
    [mask, photo],
  );
  const phone = useViewportWidth() < MOBILE_BREAKPOINT;
  const [view, setView] = useState<'cutout' | 'photo'>('cutout');
  const [tool, setTool] = useState<CutoutTool>('box');
  // The editor starts from no edits: each PUT is the whole set of corrections, so a cutout
  // adjusted earlier is replaced by what is drawn now.
  const [state, setState] = useState<CutoutEdits>(NO_EDITS);
  const [draft, setDraft] = useState<CutoutDraft | null>(null);
  const [status, setStatus] = useState<CutoutSaveStatus>('idle');
  const [error, setError] = useState<string | null>(null);
  const [finishing, setFinishing] = useState(false);
  const errorId = useId();
  const brushId = useId();
  const brushPx = state.brushPx || (photoSize ? defaultBrushPx(photoSize) : 24);
  const [saver] = useState(() =>
    createCutoutSaver<Cutout>({
      send: (body) => (body ? adjustCutout(image.id, body) : resetCutout(image.id)),
      onAnswer: (answer) => storeCutout(client, image.id, answer),
      onError: (reason) => setError(errorMessage(reason, CUTOUT_MESSAGES.saveFailed)),
      onStatus: setStatus,
      debounceMs: RESOLVE_DEBOUNCE_MS,
    }),
  );

  // Closing by any way (Escape, the backdrop, ×) sends what is still waiting: no edit is lost.
  useEffect(() => () => void saver.flush(), [saver]);

  const apply = (action: CutoutEditsAction) => {
    const next = cutoutEditsReducer(state, action);
    if (next === state || !photoSize) return;
    setState(next);
    // A new brush width changes only strokes already drawn; without any there is nothing to re-solve.
    if (action.type === 'brush' && !hasStroke(next.edits)) return;
    setError(null);
    saver.schedule(cutoutAdjustment({ ...next, brushPx: next.brushPx || defaultBrushPx(photoSize) }, photoSize));
  };

  const reset = () => {
    setState({ ...state, edits: [] });
    setError(null);
    saver.schedule(null);
    void saver.flush();
  };

  const finish = async () => {
    setFinishing(true);
    const ok = await saver.flush();
    setFinishing(false);
    if (ok) onClose();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.altKey || event.defaultPrevented) return;
    const key = event.key.toLowerCase();
    if (key === 'z' && (event.ctrlKey || event.metaKey) && !event.shiftKey) {
      event.preventDefault();
      apply({ type: 'undo' });
      return;
    }
    if (event.ctrlKey || event.metaKey) return;
    const chosen = TOOLS.find((candidate) => candidate.key.toLowerCase() === key);
    if (chosen) {
      event.preventDefault();
      setTool(chosen.value);
    } else if (key === '[' || key === ']') {
      event.preventDefault();
      apply({ type: 'brush', px: stepBrush(brushPx, key === ']' ? 1 : -1) });
    }
  };

  // Whether this photo's cutout was doubtful when the editor opened (or since).
  const [warned, setWarned] = useState(false);
  if (cutout?.warning && !warned) setWarned(true);
  const busy = status === 'waiting' || status === 'saving';
  const seller = cutout?.source === 'seller';
  const canUndo = state.edits.length > 0;
  const canReset = canUndo || seller;
  const loadFailed = query.isError || photoFailed || maskFailed;
  const paneProps = {
    photo,
    mask,
    photoSize,
    edits: state.edits,
    draft,
    tool,
    brushPx,
    onDraft: setDraft,
    onEdit: (edit: CutoutEdit) => apply({ type: 'add', edit }),
  };

  return (
    <div className="flex min-h-0 flex-1 flex-col" onKeyDown={onKeyDown}>
      <header className="flex items-start justify-between gap-3 border-b border-slate-200 px-4 py-3 sm:px-5">
        <div className="min-w-0">
          <Dialog.Title className="text-base font-semibold tracking-tight text-slate-900 sm:text-lg">Adjust cutout</Dialog.Title>
          <Dialog.Description className="mt-0.5 truncate text-xs text-slate-500 sm:text-sm" data-testid="cutout-state">
            {displayName(image)} ·{' '}
            {cutout
              ? seller
                ? 'Adjusted by you'
                : `Automatic, ${confidenceLabel(cutout.confidence)} sure`
              : query.isError
                ? 'Cutout unavailable'
                : 'Loading the cutout…'}
          </Dialog.Description>
        </div>
        <Dialog.Close className="-m-1 rounded-md p-1 text-slate-400 transition hover:bg-slate-100 hover:text-slate-700" aria-label="Close">
          <X className="h-5 w-5" aria-hidden />
        </Dialog.Close>
      </header>

      {cutout?.warning ? (
        <p
          className="mx-4 mt-3 flex items-start gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200 sm:mx-5"
          data-testid="cutout-editor-warning"
        >
          <CircleAlert className="mt-0.5 h-4 w-4 shrink-0 text-amber-600" aria-hidden />
          <span>{cutout.warning}</span>
        </p>
      ) : warned && seller ? (
        // Takes the warning's place, so the photo does not jump under the seller's next stroke.
        <p className="mx-4 mt-3 flex items-start gap-2 rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-900 ring-1 ring-emerald-200 sm:mx-5">
          <Check className="mt-0.5 h-4 w-4 shrink-0 text-emerald-600" aria-hidden />
          <span>Adjusted — your next scenes use this cutout</span>
        </p>
      ) : null}

      {phone ? (
        <div role="group" aria-label="View" className="mx-4 mt-3 grid grid-cols-2 rounded-lg bg-slate-100 p-1 text-sm font-medium">
          {(['cutout', 'photo'] as const).map((option) => (
            <button
              key={option}
              type="button"
              aria-pressed={view === option}
              onClick={() => setView(option)}
              className={cn('h-8 rounded-md transition', view === option ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900')}
            >
              {option === 'cutout' ? 'Cutout' : 'Photo'}
            </button>
          ))}
        </div>
      ) : null}

      <div className="relative flex min-h-0 flex-1 gap-3 px-4 py-3 sm:px-5">
        {loadFailed ? (
          <div className="flex flex-1 flex-col items-center justify-center gap-3 rounded-xl bg-rose-50 text-sm text-rose-700 ring-1 ring-rose-200" role="alert">
            <span className="flex items-center gap-2">
              <CircleAlert className="h-4 w-4" aria-hidden />
              {query.isError ? errorMessage(query.error, CUTOUT_MESSAGES.loadFailed) : CUTOUT_MESSAGES.loadFailed}
            </span>
            <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
              Try again
            </Button>
          </div>
        ) : (
          <>
            {!phone || view === 'cutout' ? (
              <Pane caption="Cutout">
                <CutoutPane {...paneProps} view="cutout" label="The cutout: your product on a transparent background" className="flex-1" />
              </Pane>
            ) : null}
            {!phone || view === 'photo' ? (
              <Pane caption="Photo">
                <CutoutPane {...paneProps} view="photo" label="Your photo, dimmed where the background was cut away" className="flex-1" />
              </Pane>
            ) : null}
            {busy ? (
              // The masks shown stay until the new one arrives; this says one is on its way.
              <div
                role="progressbar"
                aria-label="Updating the cutout"
                className="pointer-events-none absolute inset-x-4 top-1 h-1 overflow-hidden rounded-full bg-brand-100 sm:inset-x-5"
              >
                <div className="h-full w-full animate-pulse rounded-full bg-brand-500" />
              </div>
            ) : null}
            {!photo || !cutout ? (
              <div className="pointer-events-none absolute inset-0 flex items-center justify-center" role="status">
                <Loader2 className="h-6 w-6 animate-spin text-brand-600" aria-label="Loading the photo" />
              </div>
            ) : null}
          </>
        )}
      </div>

      <div className="flex flex-col gap-2 border-t border-slate-200 px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] sm:px-5">
        <p className="flex min-h-5 items-center gap-2 text-sm" aria-live="polite" data-testid="cutout-status">
          {error ? (
            <span id={errorId} role="alert" className="flex items-center gap-1.5 font-medium text-rose-700">
              <CircleAlert className="h-4 w-4 shrink-0" aria-hidden />
              {error}
            </span>
          ) : busy ? (
            <span className="flex items-center gap-1.5 text-brand-700">
              <Loader2 className="h-4 w-4 shrink-0 animate-spin" aria-hidden />
              Updating the cutout…
            </span>
          ) : (
            <span className="text-slate-600">
              {TOOLS.find((candidate) => candidate.value === tool)?.hint}
              {seller && !warned ? <span className="hidden text-slate-400 sm:inline"> · Your next scenes use this cutout</span> : null}
            </span>
          )}
        </p>
        <div className="flex flex-wrap items-center gap-2">
          <RadioGroup.Root
            aria-label="Tool"
            value={tool}
            onValueChange={(value) => setTool(value as CutoutTool)}
            orientation="horizontal"
            className="grid w-full grid-cols-3 rounded-lg bg-slate-100 p-1 sm:flex sm:w-auto"
          >
            {TOOLS.map((option) => (
              <RadioGroup.Item
                key={option.value}
                value={option.value}
                title={`${option.label} (${option.key})`}
                className={cn(
                  'flex h-8 items-center justify-center gap-1.5 rounded-md px-2.5 text-sm font-medium transition focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none',
                  'data-[state=checked]:bg-white data-[state=checked]:text-slate-900 data-[state=checked]:shadow-sm data-[state=unchecked]:text-slate-600 data-[state=unchecked]:hover:text-slate-900',
                )}
              >
                {option.icon}
                {option.label}
              </RadioGroup.Item>
            ))}
          </RadioGroup.Root>
          <label htmlFor={brushId} className="flex w-full min-w-0 items-center gap-2 text-xs font-medium text-slate-600 sm:w-auto">
            <span className="whitespace-nowrap">Brush size</span>
            <input
              id={brushId}
              type="range"
              min={MIN_BRUSH_PX}
              max={MAX_BRUSH_PX}
              step={1}
              value={brushPx}
              aria-label="Brush size"
              aria-valuetext={`${brushPx} photo pixels`}
              title="Brush size ([ and ])"
              onChange={(event) => apply({ type: 'brush', px: Number(event.currentTarget.value) })}
              className="min-w-16 flex-1 accent-brand-600 sm:w-32 sm:flex-none"
            />
            <span className="w-12 text-right tabular-nums">{brushPx} px</span>
          </label>
          <div className="ml-auto flex items-center gap-1.5">
            <Button variant="ghost" size="sm" onClick={() => apply({ type: 'undo' })} disabled={!canUndo} title="Undo (Ctrl+Z)">
              <Undo2 className="h-4 w-4" aria-hidden />
              Undo
            </Button>
            <Button variant="ghost" size="sm" onClick={reset} disabled={!canReset} title="Go back to the automatic cutout">
              <RotateCcw className="h-4 w-4" aria-hidden />
              <span className="sm:hidden">Reset</span>
              <span className="hidden sm:inline">Reset to automatic</span>
            </Button>
            <Button size="sm" onClick={() => void finish()} disabled={finishing} aria-describedby={error ? errorId : undefined}>
              {finishing ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden /> : <Check className="h-4 w-4" aria-hidden />}
              Done
            </Button>
          </div>
        </div>
      </div>
    </div>
  );
}

function Pane({ caption, children }: { caption: string; children: ReactNode }) {
  return (
    <figure className="flex min-h-0 min-w-0 flex-1 flex-col gap-1.5">
      {/* On a phone the view switch above says which pane this is. */}
      <figcaption className="sr-only text-xs font-semibold tracking-wide text-slate-500 uppercase sm:not-sr-only">{caption}</figcaption>
      {children}
    </figure>
  );
}

export default CutoutEditor;
