import { Package } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { cn } from '@/lib/cn';
import type { ExportAsset } from './ExportSheet';

const ExportSheet = lazy(() => import('./ExportSheet').then((m) => ({ default: m.ExportSheet })));

/** Where the button sits: among the scene detail's buttons, in a card's footer (icon only), or on the dark viewer. */
export type ExportButtonLook = 'toolbar' | 'icon' | 'viewer';

const looks: Record<ExportButtonLook, string> = {
  toolbar:
    'inline-flex h-8 shrink-0 items-center gap-1.5 rounded-lg bg-white px-3 text-sm font-medium whitespace-nowrap text-slate-800 shadow-sm ring-1 ring-slate-200 transition-colors ring-inset hover:bg-slate-50',
  icon: 'inline-flex h-8 w-8 items-center justify-center rounded-lg text-slate-500 transition hover:bg-slate-100 hover:text-slate-900',
  viewer:
    'inline-flex h-10 items-center gap-2 rounded-full bg-white/10 px-4 text-sm font-medium text-white ring-1 ring-white/15 backdrop-blur transition hover:bg-white/20 focus-visible:ring-2 focus-visible:ring-white',
};

export interface ExportButtonProps {
  /** A video exports as reels with its campaign's music; an image as pictures. */
  asset: ExportAsset;
  look?: ExportButtonLook;
}

/** The Export action: opens the export sheet for one image or video. */
export function ExportButton({ asset, look = 'toolbar' }: ExportButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className={cn(looks[look])}
        title="Export for marketplaces and social"
        aria-label={look === 'icon' ? 'Export' : undefined}
        onClick={() => setOpen(true)}
      >
        <Package className="h-4 w-4" aria-hidden />
        {look === 'icon' ? null : 'Export'}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <ExportSheet asset={asset} open={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
