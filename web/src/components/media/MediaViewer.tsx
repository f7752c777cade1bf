import * as Dialog from '@radix-ui/react-dialog';
import { ChevronLeft, ChevronRight, Download, Music, X } from 'lucide-react';
import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';
import { cn } from '@/lib/cn';
import type { MediaItemView } from './MediaDisplay';
import { MediaLoadError } from './MediaLoadError';
import { AudioPlayer, StageLoadState } from './MediaLoadParts';
import { isMediaType, MEDIA_MESSAGES } from './mediaLoad';
import { downloadUrlOf, posterUrlOf } from './mediaUrls';
import { useMediaLoad } from './useMediaLoad';
import { counterLabel, nextIndex, previousIndex, swipeDirection, wrapIndex } from './viewerIndex';

export interface MediaViewerProps {
  items: MediaItemView[];
  index: number;
  onIndexChange: (index: number) => void;
  onClose: () => void;
  /** Extra buttons for the current item (the chat adds Edit and Animate this). */
  renderActions?: (item: MediaItemView, index: number) => ReactNode;
  /** When set, shown in place of the current item (the chat passes an <ImageEditor/> while editing). */
  stage?: ReactNode;
  /** Called for Escape while `stage` is set (so Escape leaves edit mode rather than closing). */
  onEscapeStage?: () => void;
}

/** Elements that use the arrow keys (or a sideways drag) themselves: the viewer leaves those alone. */
const OWNS_ARROWS = 'input, textarea, select, video, audio, [contenteditable="true"], [role="slider"]';

function ownsArrows(target: EventTarget): boolean {
  return target instanceof Element && target.closest(OWNS_ARROWS) !== null;
}

const roundButton =
  'inline-flex h-11 w-11 items-center justify-center rounded-full bg-white/10 text-white shadow-lg ring-1 ring-white/15 backdrop-blur transition hover:bg-white/20 focus-visible:ring-2 focus-visible:ring-white';

function ViewerImage({ item }: { item: MediaItemView }) {
  const load = useMediaLoad(item.url);
  return (
    <div className="relative h-full w-full" aria-busy={load.state.status === 'loading'}>
      <img
        src={load.src}
        alt={item.alt || 'Generated image'}
        onLoad={load.onLoad}
        onError={load.onError}
        draggable={false}
        className={cn(
          'absolute inset-0 h-full w-full object-contain transition-opacity duration-200 select-none',
          load.state.status === 'ready' ? 'opacity-100' : 'opacity-0',
        )}
      />
      <StageLoadState load={load} type="image" />
    </div>
  );
}

function ViewerVideo({ item }: { item: MediaItemView }) {
  const load = useMediaLoad(item.url);
  const failed = load.state.status === 'error';
  return (
    <div className="relative h-full w-full">
      <video
        src={load.src}
        poster={posterUrlOf(item)}
        controls
        playsInline
        preload="metadata"
        onLoadedMetadata={load.onLoad}
        onError={load.onError}
        aria-label={item.alt || 'Generated video'}
        className={cn('absolute inset-0 h-full w-full object-contain', failed && 'invisible')}
      />
      {failed ? <MediaLoadError type="video" tone="light" canRetry={load.canRetry} onRetry={load.retry} className="absolute inset-0" /> : null}
    </div>
  );
}

function ViewerAudio({ item }: { item: MediaItemView }) {
  const load = useMediaLoad(item.url);
  const failed = load.state.status === 'error';
  return (
    <div className="flex w-full max-w-md flex-col items-center gap-5 rounded-2xl bg-white/5 p-6 ring-1 ring-white/10">
      <span aria-hidden className="flex h-20 w-20 items-center justify-center rounded-full bg-brand-500/20 text-brand-200">
        <Music className="h-9 w-9" />
      </span>
      <p className="text-base font-medium text-white">Music</p>
      <AudioPlayer load={load} alt={item.alt} className="w-full" />
      {failed ? <MediaLoadError type="audio" tone="light" canRetry={load.canRetry} onRetry={load.retry} /> : null}
    </div>
  );
}

function ViewerMedia({ item }: { item: MediaItemView }) {
  if (!item.url) return <p className="text-sm text-slate-300">{MEDIA_MESSAGES.noUrl}</p>;
  if (!isMediaType(item.type)) return <p className="text-sm text-slate-300">{MEDIA_MESSAGES.unsupported}</p>;
  if (item.type === 'image') return <ViewerImage item={item} />;
  if (item.type === 'video') return <ViewerVideo item={item} />;
  return <ViewerAudio item={item} />;
}

/** Warms the browser cache with the neighbouring images so cycling shows them at once. */
function usePreloadNeighbours(items: MediaItemView[], current: number): void {
  useEffect(() => {
    if (items.length < 2) return;
    for (const index of new Set([nextIndex(current, items.length), previousIndex(current, items.length)])) {
      const item = items[index];
      if (item?.type === 'image' && item.url) new Image().src = item.url;
    }
  }, [items, current]);
}

/** Full-screen viewer of a list of media with previous/next cycling (buttons, arrow keys, swipe). */
export function MediaViewer({ items, index, onIndexChange, onClose, renderActions, stage, onEscapeStage }: MediaViewerProps) {
  const total = items.length;
  const current = wrapIndex(index, total);
  const item = items[current];
  const editing = stage != null && stage !== false;
  const canCycle = total > 1 && !editing;
  const downloadUrl = item && !editing ? downloadUrlOf(item) : null;
  const swipe = useRef<{ pointerId: number; x: number; y: number } | null>(null);
  // What had the focus when the viewer opened (read while rendering, before the dialog takes it).
  const [opener] = useState(() => (document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null));
  usePreloadNeighbours(items, current);

  const go = (direction: 'next' | 'previous') => onIndexChange(direction === 'next' ? nextIndex(current, total) : previousIndex(current, total));

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!canCycle || event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    if (ownsArrows(event.target)) return;
    if (event.key === 'ArrowRight' || event.key === 'ArrowLeft') {
      event.preventDefault();
      go(event.key === 'ArrowRight' ? 'next' : 'previous');
    }
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    swipe.current =
      canCycle && event.pointerType === 'touch' && !ownsArrows(event.target) ? { pointerId: event.pointerId, x: event.clientX, y: event.clientY } : null;
  };

  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    const start = swipe.current;
    swipe.current = null;
    if (!start || start.pointerId !== event.pointerId) return;
    const direction = swipeDirection(event.clientX - start.x, event.clientY - start.y);
    if (direction) go(direction);
  };

  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink-950/95 backdrop-blur-sm" />
        <Dialog.Content
          aria-describedby={undefined}
          onKeyDown={onKeyDown}
          onOpenAutoFocus={(event) => {
            // Focus the viewer itself: the arrows and Escape work at once, and Enter does not start a download.
            event.preventDefault();
            (event.currentTarget as HTMLElement | null)?.focus();
          }}
          onCloseAutoFocus={(event) => {
            // Back to what opened the viewer, whatever was focused inside it (a Download link, say).
            if (opener?.isConnected) {
              event.preventDefault();
              opener.focus({ preventScroll: true });
            }
          }}
          onEscapeKeyDown={(event) => {
            if (editing && onEscapeStage) {
              event.preventDefault();
              onEscapeStage();
            }
          }}
          className="fixed inset-0 z-50 flex flex-col text-white focus:outline-none"
        >
          <Dialog.Title className="sr-only">Media viewer</Dialog.Title>
          <header className="flex items-center justify-between gap-3 px-3 pt-[max(env(safe-area-inset-top),0.5rem)] pb-2 sm:px-5 sm:pt-3">
            <p aria-live="polite" className="rounded-full bg-white/10 px-3 py-1 text-sm font-medium text-slate-200 tabular-nums">
              {counterLabel(current, total)}
            </p>
            <div className="flex items-center gap-1.5">
              {downloadUrl ? (
                <a
                  href={downloadUrl}
                  download
                  className="inline-flex h-10 items-center gap-2 rounded-lg px-3 text-sm font-medium text-slate-200 transition hover:bg-white/10 hover:text-white"
                >
                  <Download aria-hidden className="h-4 w-4" />
                  Download
                </a>
              ) : null}
              <Dialog.Close
                className="inline-flex h-10 w-10 items-center justify-center rounded-lg text-slate-200 transition hover:bg-white/10 hover:text-white"
                aria-label="Close viewer"
              >
                <X aria-hidden className="h-5 w-5" />
              </Dialog.Close>
            </div>
          </header>

          <div
            className={cn('relative flex min-h-0 flex-1 items-center justify-center px-2 pb-2', canCycle && 'sm:px-20', 'sm:pb-4')}
            onPointerDown={onPointerDown}
            onPointerUp={onPointerUp}
            onPointerCancel={() => {
              swipe.current = null;
            }}
          >
            {editing ? stage : item ? <ViewerMedia key={item.url} item={item} /> : <p className="text-sm text-slate-300">Nothing to show</p>}
            {canCycle ? (
              <>
                <button
                  type="button"
                  onClick={() => go('previous')}
                  aria-label="Previous"
                  className={cn(roundButton, 'absolute top-1/2 left-2 -translate-y-1/2 sm:left-5')}
                >
                  <ChevronLeft aria-hidden className="h-6 w-6" />
                </button>
                <button
                  type="button"
                  onClick={() => go('next')}
                  aria-label="Next"
                  className={cn(roundButton, 'absolute top-1/2 right-2 -translate-y-1/2 sm:right-5')}
                >
                  <ChevronRight aria-hidden className="h-6 w-6" />
                </button>
              </>
            ) : null}
          </div>

          {item && renderActions && !editing ? (
            <footer className="flex flex-wrap items-center justify-center gap-2 px-3 pb-[max(env(safe-area-inset-bottom),0.75rem)] sm:pb-5">
              {renderActions(item, current)}
            </footer>
          ) : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

export default MediaViewer;
