import type { MediaAsset } from '@/api/types';
import { AssetThumb } from './AssetThumb';

interface AssetStripProps {
  headingId: string;
  media: MediaAsset[];
  index: number;
  onShow: (index: number) => void;
}

/** The campaign's assets as thumbnails under the viewer; the one shown is marked. */
export function AssetStrip({ headingId, media, index, onShow }: AssetStripProps) {
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId} className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
        Assets
      </h3>
      <ul className="mt-2 flex gap-2 overflow-x-auto pb-1" data-testid="asset-strip">
        {media.map((item, i) => (
          <li key={item.id} className="shrink-0">
            <button
              type="button"
              onClick={() => onShow(i)}
              aria-label={`Asset ${i + 1}`}
              aria-current={i === index ? 'true' : undefined}
              className={
                i === index
                  ? 'block h-16 w-16 overflow-hidden rounded-lg ring-2 ring-brand-500 sm:h-20 sm:w-20'
                  : 'block h-16 w-16 overflow-hidden rounded-lg opacity-80 ring-1 ring-slate-200 transition hover:opacity-100 sm:h-20 sm:w-20'
              }
            >
              <AssetThumb asset={item} alt="" className="h-full w-full" />
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
