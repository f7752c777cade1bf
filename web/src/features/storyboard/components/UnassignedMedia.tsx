import { Download } from 'lucide-react';
import { memo } from 'react';
import type { MediaAsset } from '@/api/types';
import { downloadUrlOf } from '@/components/media/mediaUrls';
import { assetAlt } from '../logic/storyboard';
import { AssetThumb } from './AssetThumb';

export interface UnassignedMediaProps {
  media: MediaAsset[];
}

/** Media of the project that belongs to no campaign. */
export const UnassignedMedia = memo(function UnassignedMedia({ media }: UnassignedMediaProps) {
  return (
    <section aria-labelledby="unassigned-title" className="rounded-2xl bg-white/70 p-4 ring-1 ring-slate-200">
      <h2 id="unassigned-title" className="text-sm font-semibold text-slate-700">
        Unassigned Media <span className="font-normal text-slate-500">({media.length})</span>
      </h2>
      <p className="mt-0.5 text-xs text-slate-500">Files of this project that are not in a campaign.</p>
      <ul className="mt-3 grid grid-cols-[repeat(auto-fill,minmax(104px,1fr))] gap-3">
        {media.map((asset, index) => {
          const alt = asset.original_filename || assetAlt(asset, 'Unassigned Media', index, media.length);
          const download = downloadUrlOf(asset);
          return (
            <li key={asset.id} className="group relative aspect-square overflow-hidden rounded-xl ring-1 ring-slate-200">
              <AssetThumb asset={asset} alt={alt} className="h-full w-full" />
              {download ? (
                <a
                  href={download}
                  download
                  aria-label={`Download ${alt}`}
                  className="absolute top-1.5 right-1.5 flex h-7 w-7 items-center justify-center rounded-full bg-white/90 text-slate-700 opacity-0 shadow ring-1 ring-slate-900/10 transition group-hover:opacity-100 focus-visible:opacity-100 [@media(hover:none)]:opacity-100"
                >
                  <Download className="h-3.5 w-3.5" aria-hidden />
                </a>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
});
