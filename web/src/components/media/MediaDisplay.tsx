import { Maximize2, Music } from 'lucide-react';
import type { CSSProperties, ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { cssAspectRatio } from '@/lib/media/aspectRatio';
import { MediaLoadError } from './MediaLoadError';
import { AudioPlayer } from './MediaLoadParts';
import { isMediaType, MEDIA_MESSAGES } from './mediaLoad';
import { posterUrlOf } from './mediaUrls';
import { useMediaLoad } from './useMediaLoad';

export interface MediaItemView {
  id: string | null;
  type: 'image' | 'video' | 'audio';
  url: string;
  thumbnailUrl?: string | null;
  alt?: string;
  width?: number | null;
  height?: number | null;
}

export interface MediaDisplayProps {
  item: MediaItemView;
  /** Opens the item full screen; images become a button for it, videos and audio get an expand button. */
  onOpen?: () => void;
  /** A newly generated item: ringed and glowing (the glow fades when this turns off). */
  highlighted?: boolean;
  className?: string;
}

/** Tall items would fill the thread: the box is at most this high, its width follows the ratio. */
const MAX_HEIGHT = '28rem';

function frameStyle(item: MediaItemView): CSSProperties {
  const ratio = cssAspectRatio(item.width, item.height);
  return { aspectRatio: ratio, width: `min(100%, calc(${MAX_HEIGHT} * ${ratio}))` };
}

function highlightClasses(highlighted: boolean): string {
  return highlighted
    ? 'ring-2 ring-brand-500 shadow-[0_0_0_6px_rgb(139_92_246/0.18),0_10px_30px_-6px_rgb(124_58_237/0.45)]'
    : 'ring-1 ring-slate-900/5 shadow-sm';
}

function Skeleton() {
  return <span aria-hidden className="absolute inset-0 animate-pulse rounded-[inherit] bg-gradient-to-br from-slate-100 via-slate-200 to-slate-100" />;
}

function OpenButton({ onOpen, label }: { onOpen: () => void; label: string }) {
  return (
    <button
      type="button"
      onClick={onOpen}
      aria-label={label}
      aria-haspopup="dialog"
      className="absolute top-2 right-2 inline-flex h-8 w-8 items-center justify-center rounded-full bg-slate-950/55 text-white shadow backdrop-blur-sm transition hover:bg-slate-950/75"
    >
      <Maximize2 aria-hidden className="h-4 w-4" />
    </button>
  );
}

function Notice({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div
      className={cn(
        'flex min-h-24 w-full max-w-sm items-center justify-center rounded-xl bg-slate-50 p-4 text-center text-sm text-slate-500 ring-1 ring-slate-200',
        className,
      )}
    >
      {children}
    </div>
  );
}

/**
 * The thread shows pictures larger than their thumbnails (a thumbnail stretched to this size is
 * blurred): the full picture is loaded and fades in over its thumbnail, which shows at once.
 */
function thumbnailBackground(item: MediaItemView): CSSProperties {
  if (!item.thumbnailUrl) return {};
  return { backgroundImage: `url("${item.thumbnailUrl}")`, backgroundSize: 'cover', backgroundPosition: 'center' };
}

function ImageDisplay({ item, onOpen, highlighted, className }: MediaDisplayProps & { highlighted: boolean }) {
  const load = useMediaLoad(item.url);
  const alt = item.alt || 'Generated image';
  const failed = load.state.status === 'error';
  const picture = (
    <img
      src={load.src}
      alt={alt}
      onLoad={load.onLoad}
      onError={load.onError}
      decoding="async"
      loading="lazy"
      draggable={false}
      className={cn(
        // With known dimensions the box has the image's ratio, so cover crops nothing.
        'h-full w-full transition duration-300',
        item.width && item.height ? 'object-cover' : 'object-contain',
        load.state.status === 'ready' ? 'opacity-100' : 'opacity-0',
        onOpen && !failed && 'group-hover:scale-[1.02]',
      )}
    />
  );
  return (
    <div
      // Not clipped here: the open button's focus outline sits just outside the frame.
      className={cn('relative rounded-xl bg-slate-100 transition-shadow duration-700', highlightClasses(highlighted), className)}
      style={{ ...frameStyle(item), ...thumbnailBackground(item) }}
      aria-busy={load.state.status === 'loading'}
    >
      {onOpen ? (
        <button
          type="button"
          onClick={onOpen}
          disabled={failed}
          aria-haspopup="dialog"
          className="group block h-full w-full cursor-zoom-in overflow-hidden rounded-xl disabled:cursor-default"
        >
          {picture}
          {failed ? null : (
            <span
              aria-hidden
              className="absolute top-2 right-2 rounded-full bg-slate-950/55 p-1.5 text-white opacity-0 transition group-hover:opacity-100 group-focus-visible:opacity-100"
            >
              <Maximize2 className="h-4 w-4" />
            </span>
          )}
        </button>
      ) : (
        <div className="h-full w-full overflow-hidden rounded-xl">{picture}</div>
      )}
      {load.state.status === 'loading' ? <Skeleton /> : null}
      {failed ? (
        <MediaLoadError type="image" canRetry={load.canRetry} onRetry={load.retry} className="absolute inset-0 rounded-[inherit] bg-slate-100" />
      ) : null}
    </div>
  );
}

function VideoDisplay({ item, onOpen, highlighted, className }: MediaDisplayProps & { highlighted: boolean }) {
  const load = useMediaLoad(item.url);
  const failed = load.state.status === 'error';
  return (
    <div
      className={cn('relative overflow-hidden rounded-xl bg-slate-950 transition-shadow duration-700', highlightClasses(highlighted), className)}
      style={frameStyle(item)}
      aria-busy={load.state.status === 'loading'}
    >
      <video
        src={load.src}
        poster={posterUrlOf(item)}
        controls
        preload="metadata"
        playsInline
        onLoadedMetadata={load.onLoad}
        onError={load.onError}
        aria-label={item.alt || 'Generated video'}
        className={cn('h-full w-full object-contain', failed && 'invisible')}
      />
      {load.state.status === 'loading' && !posterUrlOf(item) ? <Skeleton /> : null}
      {failed ? (
        <MediaLoadError type="video" canRetry={load.canRetry} onRetry={load.retry} className="absolute inset-0 bg-slate-100" />
      ) : onOpen ? (
        <OpenButton onOpen={onOpen} label="Open video full screen" />
      ) : null}
    </div>
  );
}

function AudioDisplay({ item, onOpen, highlighted, className }: MediaDisplayProps & { highlighted: boolean }) {
  const load = useMediaLoad(item.url);
  const failed = load.state.status === 'error';
  return (
    <div
      className={cn(
        'relative flex w-full max-w-sm flex-col gap-2 rounded-xl bg-white p-3 transition-shadow duration-700',
        highlightClasses(highlighted),
        className,
      )}
      aria-busy={load.state.status === 'loading'}
    >
      <div className="flex items-center gap-2.5 pr-9">
        <span aria-hidden className="flex h-9 w-9 items-center justify-center rounded-full bg-brand-50 text-brand-600">
          <Music className="h-4 w-4" />
        </span>
        <span className="text-sm font-medium text-slate-800">Music</span>
      </div>
      {onOpen && !failed ? <OpenButton onOpen={onOpen} label="Open music player full screen" /> : null}
      <AudioPlayer load={load} alt={item.alt} className="h-10 w-full" />
      {failed ? <MediaLoadError type="audio" canRetry={load.canRetry} onRetry={load.retry} className="py-1" /> : null}
    </div>
  );
}

/** One media item shown inline (chat thread, panel results), its box reserved before it loads. */
export function MediaDisplay({ item, onOpen, highlighted = false, className }: MediaDisplayProps) {
  if (!item.url) return <Notice className={className}>{MEDIA_MESSAGES.noUrl}</Notice>;
  if (!isMediaType(item.type)) return <Notice className={className}>{MEDIA_MESSAGES.unsupported}</Notice>;
  const props = { item, onOpen, highlighted, className };
  if (item.type === 'image') return <ImageDisplay {...props} />;
  if (item.type === 'video') return <VideoDisplay {...props} />;
  return <AudioDisplay {...props} />;
}
