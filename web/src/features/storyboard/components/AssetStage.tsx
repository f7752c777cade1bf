import type { CSSProperties } from 'react';
import type { MediaAsset } from '@/api/types';
import { MediaLoadError } from '@/components/media/MediaLoadError';
import { useMediaLoad } from '@/components/media/useMediaLoad';
import { assetAspectRatio } from '../logic/chips';
import { Waveform } from './Waveform';

export interface AssetStageProps {
  asset: MediaAsset;
  alt: string;
}

/**
 * Tall assets would push everything below off screen: the stage is at most this high (what the
 * viewport leaves beside the top bar, the detail's header and the timeline), its width follows the ratio.
 */
const MAX_HEIGHT = 'max(260px, min(62vh, 720px, calc(100dvh - 520px)))';

function stageStyle(ratio: number): CSSProperties {
  return { aspectRatio: String(ratio), width: `min(100%, calc(${MAX_HEIGHT} * ${ratio}))` };
}

/** The scene detail's large view of one asset: whole and letterboxed, its box sized before anything loads. */
export function AssetStage({ asset, alt }: AssetStageProps) {
  const load = useMediaLoad(asset.url);
  const failed = load.state.status === 'error';
  const meta = asset.file_metadata;
  const ratio = asset.file_type === 'audio' ? 16 / 9 : (assetAspectRatio(meta?.dimensions, meta?.aspect_ratio) ?? 1);
  // Video and audio load alike: the player counts as loaded once its metadata is in.
  const player = {
    src: load.src,
    controls: true,
    preload: 'metadata',
    onLoadedMetadata: load.onLoad,
    onError: load.onError,
    'aria-label': alt,
  } as const;

  return (
    <div className="relative mx-auto overflow-hidden rounded-2xl bg-slate-950 shadow-sm ring-1 ring-slate-900/10" style={stageStyle(ratio)}>
      {asset.file_type === 'image' ? (
        <>
          {/* The thumbnail is usually cached from the grid: it shows at once while the full image loads over it. */}
          <img src={asset.thumbnail_url || asset.url} alt="" aria-hidden className="absolute inset-0 h-full w-full object-contain" />
          <img
            key={load.src}
            src={load.src}
            alt={alt}
            decoding="async"
            onLoad={load.onLoad}
            onError={load.onError}
            className={`absolute inset-0 h-full w-full object-contain transition-opacity duration-300 ${load.state.status === 'ready' ? 'opacity-100' : 'opacity-0'}`}
          />
        </>
      ) : asset.file_type === 'video' ? (
        <video key={load.src} {...player} poster={asset.thumbnail_url || undefined} playsInline className="absolute inset-0 h-full w-full object-contain" />
      ) : (
        <div className="absolute inset-0 flex flex-col justify-center gap-6 bg-gradient-to-br from-ink-900 via-ink-800 to-brand-700 px-[8%] text-brand-300">
          <Waveform seed={asset.id} bars={56} className="h-1/3" />
          <audio key={load.src} {...player} className="w-full" />
        </div>
      )}
      {failed ? (
        <MediaLoadError type={asset.file_type} canRetry={load.canRetry} onRetry={load.retry} tone="light" className="absolute inset-0 bg-slate-950/85" />
      ) : null}
    </div>
  );
}
