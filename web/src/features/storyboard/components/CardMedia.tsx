import { ImageIcon, Play } from 'lucide-react';
import { useState } from 'react';
import type { MediaAsset } from '@/api/types';
import { cn } from '@/lib/cn';
import { Waveform } from './Waveform';

export interface CardMediaProps {
  asset: MediaAsset | null;
  alt: string;
  /** The pointer is over the card (or it has focus): a video plays, muted. */
  active: boolean;
}

/** What a scene card shows: its asset whole and letterboxed in the card's frame, never cropped; an ad design inset clear of the card's buttons. */
export function CardMedia({ asset, alt, active }: CardMediaProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);

  if (!asset) {
    return (
      <span className="flex h-full w-full flex-col items-center justify-center gap-2 bg-gradient-to-br from-violet-50 via-white to-sky-50 text-slate-500">
        <span className="flex h-12 w-12 items-center justify-center rounded-full bg-white shadow-sm ring-1 ring-slate-200">
          <ImageIcon className="h-5 w-5" aria-hidden />
        </span>
        <span className="text-xs font-medium">No media yet</span>
      </span>
    );
  }

  if (asset.file_type === 'audio') {
    return (
      <span
        role="img"
        aria-label={alt}
        className="flex h-full w-full items-center justify-center bg-gradient-to-br from-brand-50 via-white to-fuchsia-50 px-[12%] pb-14 text-brand-400 @max-[180px]/card:pb-0"
      >
        <Waveform seed={asset.id} bars={36} className="h-2/5" />
      </span>
    );
  }

  const still = asset.thumbnail_url || asset.url;
  // An ad's words reach its edges (a headline starts at the top-left corner): a design sits
  // inset on the card's backdrop, below the row of buttons and badges over the card's top.
  const inset = asset.file_metadata?.design ? 'top-12 left-3 h-[calc(100%-3.75rem)] w-[calc(100%-1.5rem)] drop-shadow-md' : 'inset-0 h-full w-full';
  return (
    <span className="relative block h-full w-full">
      {failedSrc === still ? (
        <span role="img" aria-label={alt} className="flex h-full w-full flex-col items-center justify-center gap-1 text-xs text-slate-500">
          <ImageIcon className="h-5 w-5" aria-hidden />
          Preview unavailable
        </span>
      ) : (
        <img
          src={still}
          alt={alt}
          loading="lazy"
          decoding="async"
          draggable={false}
          onError={() => setFailedSrc(still)}
          className={cn('absolute object-contain', inset)}
        />
      )}
      {asset.file_type === 'video' ? (
        <>
          {/* Mounted only while hovered: a hundred idle cards load no video at all. */}
          {active ? (
            <video
              src={asset.url}
              autoPlay
              muted
              loop
              playsInline
              preload="auto"
              aria-hidden
              tabIndex={-1}
              // Shown once frames move, so the still is not replaced by a black box while it loads.
              onPlaying={(event) => event.currentTarget.classList.replace('opacity-0', 'opacity-100')}
              className="absolute inset-0 h-full w-full object-contain opacity-0 transition-opacity duration-200"
            />
          ) : null}
          <span
            aria-hidden
            className={cn(
              'absolute bottom-3 left-3 flex h-8 w-8 items-center justify-center rounded-full bg-slate-950/60 text-white shadow backdrop-blur-sm transition-opacity',
              active && 'opacity-0',
            )}
          >
            <Play className="h-3.5 w-3.5 fill-current" />
          </span>
        </>
      ) : null}
    </span>
  );
}
