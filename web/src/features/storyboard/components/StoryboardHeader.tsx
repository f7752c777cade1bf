import { ImageIcon, Minus, Music, Palette, Plus, Video } from 'lucide-react';
import { memo } from 'react';
import type { Storyboard } from '@/api/types';
import { plural, ZOOM_MAX, ZOOM_MIN, zoomIn, zoomLabel, zoomOut } from '../logic/storyboard';

export interface StoryboardHeaderProps {
  /** Scenes in the project and how many of them hold media; null before the storyboard loads. */
  counts: { scenes: number; withMedia: number } | null;
  mediaByType: Storyboard['stats']['media_by_type'] | null;
  zoom: number;
  onZoom: (zoom: number) => void;
  /** The zoom control is left out where it does nothing (the scene detail). */
  showZoom: boolean;
  /** Opens the project's brand kit; no button without it. */
  onBrandKit?: () => void;
}

const zoomButton =
  'flex h-8 w-8 items-center justify-center text-slate-600 transition hover:bg-slate-50 hover:text-slate-900 disabled:pointer-events-none disabled:text-slate-300';

/** Title, campaign counts, the image/video badge and the zoom control. */
export const StoryboardHeader = memo(function StoryboardHeader({ counts, mediaByType, zoom, onZoom, showZoom, onBrandKit }: StoryboardHeaderProps) {
  const mediaLabel = mediaByType
    ? [plural(mediaByType.image, 'image'), plural(mediaByType.video, 'video'), mediaByType.audio > 0 ? plural(mediaByType.audio, 'music track') : null]
        .filter(Boolean)
        .join(', ')
    : '';
  return (
    <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2 border-b border-slate-200/80 bg-slate-50/80 px-4 py-3 backdrop-blur @lg:px-6 @lg:py-4">
      <div className="flex min-w-0 flex-wrap items-baseline gap-x-3">
        <h1 id="storyboard-title" className="text-lg font-semibold tracking-tight whitespace-nowrap text-slate-900 @lg:text-xl">
          Campaign Studio
        </h1>
        {counts ? (
          <p className="text-sm text-slate-500" data-testid="campaign-count">
            <span>{plural(counts.scenes, 'campaign')}</span>
            <span> · {counts.withMedia} with media</span>
          </p>
        ) : null}
      </div>
      <div className="flex items-center gap-2">
        {onBrandKit ? (
          <button
            type="button"
            onClick={onBrandKit}
            className="inline-flex h-8 items-center gap-1.5 rounded-lg bg-white px-3 text-xs font-medium text-slate-700 ring-1 ring-slate-200 transition hover:bg-slate-50"
          >
            <Palette className="h-3.5 w-3.5" aria-hidden /> Brand kit
          </button>
        ) : null}
        {mediaByType ? (
          <p
            className="inline-flex items-center gap-2.5 rounded-full bg-white px-3 py-1.5 text-xs font-medium whitespace-nowrap text-slate-600 tabular-nums ring-1 ring-slate-200"
            data-testid="media-count"
          >
            <span className="sr-only">{mediaLabel}</span>
            <span aria-hidden className="inline-flex items-center gap-1" title={plural(mediaByType.image, 'image')}>
              <ImageIcon className="h-3.5 w-3.5" /> {mediaByType.image}
            </span>
            <span aria-hidden className="inline-flex items-center gap-1" title={plural(mediaByType.video, 'video')}>
              <Video className="h-3.5 w-3.5" /> {mediaByType.video}
            </span>
            {mediaByType.audio > 0 ? (
              <span aria-hidden className="inline-flex items-center gap-1" title={plural(mediaByType.audio, 'music track')}>
                <Music className="h-3.5 w-3.5" /> {mediaByType.audio}
              </span>
            ) : null}
          </p>
        ) : null}
        {showZoom ? (
          <div className="inline-flex items-center overflow-hidden rounded-lg bg-white ring-1 ring-slate-200" role="group" aria-label="Zoom">
            <button type="button" onClick={() => onZoom(zoomOut(zoom))} disabled={zoom <= ZOOM_MIN} aria-label="Zoom out" className={zoomButton}>
              <Minus className="h-4 w-4" aria-hidden />
            </button>
            <output className="w-12 text-center text-xs font-medium text-slate-600 tabular-nums" aria-live="polite" aria-label="Zoom level">
              {zoomLabel(zoom)}
            </output>
            <button type="button" onClick={() => onZoom(zoomIn(zoom))} disabled={zoom >= ZOOM_MAX} aria-label="Zoom in" className={zoomButton}>
              <Plus className="h-4 w-4" aria-hidden />
            </button>
          </div>
        ) : null}
      </div>
    </div>
  );
});
