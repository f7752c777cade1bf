import { Music, Play } from 'lucide-react';
import { memo, useState } from 'react';
import type { MediaAsset } from '@/api/types';
import { cn } from '@/lib/cn';
import { Waveform } from './Waveform';

export interface AssetThumbProps {
  asset: Pick<MediaAsset, 'id' | 'file_type' | 'thumbnail_url' | 'url'>;
  /** Empty when the thumbnail sits inside a control that is already named. */
  alt: string;
  className?: string;
}

/** A small, lazily loaded preview of an asset, whole (letterboxed) in whatever box it is given. */
export const AssetThumb = memo(function AssetThumb({ asset, alt, className }: AssetThumbProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const src = asset.thumbnail_url || asset.url;

  if (asset.file_type === 'audio') {
    return (
      <span
        {...(alt ? { role: 'img', 'aria-label': alt } : { 'aria-hidden': true })}
        className={cn('relative flex items-center justify-center overflow-hidden bg-slate-100 p-[12%] text-brand-400', className)}
      >
        <Waveform seed={asset.id} bars={12} className="h-full" />
        <Music aria-hidden className="absolute right-1 bottom-1 h-3 w-3 text-brand-500" />
      </span>
    );
  }
  return (
    <span className={cn('relative block overflow-hidden bg-slate-100 text-slate-600', className)}>
      {failed === src ? (
        <span {...(alt ? { role: 'img', 'aria-label': alt } : { 'aria-hidden': true })} className="flex h-full w-full items-center justify-center text-[10px]">
          No preview
        </span>
      ) : (
        <img src={src} alt={alt} loading="lazy" decoding="async" draggable={false} onError={() => setFailed(src)} className="h-full w-full object-contain" />
      )}
      {asset.file_type === 'video' ? (
        <span aria-hidden className="absolute right-1 bottom-1 flex h-4 w-4 items-center justify-center rounded-full bg-slate-950/60 text-white">
          <Play className="h-2.5 w-2.5 fill-current" />
        </span>
      ) : null}
    </span>
  );
});
