import { Spinner } from '@/components/ui/Spinner';
import { cn } from '@/lib/cn';
import { MediaLoadError } from './MediaLoadError';
import type { MediaType } from './mediaLoad';
import type { MediaLoad } from './useMediaLoad';

/** Over a picture on the dark stage: a spinner while it loads, then the error with Retry if it failed. */
export function StageLoadState({ load, type }: { load: MediaLoad; type: MediaType }) {
  if (load.state.status === 'loading') {
    return (
      <div className="absolute inset-0 flex items-center justify-center text-slate-300">
        <Spinner />
      </div>
    );
  }
  if (load.state.status === 'error')
    return <MediaLoadError type={type} tone="light" canRetry={load.canRetry} onRetry={load.retry} className="absolute inset-0" />;
  return null;
}

/** A music track's player, hidden once it failed to load (the caller shows the error). */
export function AudioPlayer({ load, alt, className }: { load: MediaLoad; alt: string | null | undefined; className?: string }) {
  return (
    <audio
      src={load.src}
      controls
      preload="metadata"
      onLoadedMetadata={load.onLoad}
      onError={load.onError}
      aria-label={alt || 'Generated music'}
      className={cn(className, load.state.status === 'error' && 'hidden')}
    />
  );
}
