import { ChevronDown, CircleAlert, ImagePlus, Images, SlidersHorizontal, X } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { settingsSummary, type GenerationSettings } from '../logic/settings';
import { CHAT_TEXT } from '../logic/texts';
import { GenerationSettingsForm } from './GenerationSettingsForm';

export type DockPanel = 'photos' | 'settings';

/** A campaign holds at most this many product photos. */
const MAX_PRODUCT_PHOTOS = 3;

export interface DockPanelsProps {
  open: DockPanel | null;
  onOpenChange: (panel: DockPanel | null) => void;
  referenceImages: readonly { id: string; url: string; cutoutWarning?: string | null }[] | undefined;
  referenceImagePanel: ReactNode;
  /** Takes a product photo off the campaign. */
  onRemoveReferenceImage: (id: string) => void;
  /** Opens "Adjust cutout" for a product photo (from its thumbnail, or the warning of a doubtful cutout). */
  onAdjustCutout?: (id: string) => void;
  settings: GenerationSettings;
  onSettingsChange: (patch: Partial<GenerationSettings>) => void;
  beta: boolean;
  /** Shown between the no-photo notice and the folded panels. */
  suggestions: ReactNode;
  /**
   * The seller is typing on a phone: the thread gets the screen, so the photos and settings fold
   * into one line (the notice and suggestions step aside) until one of them is opened.
   */
  compact?: boolean;
}

/**
 * The product photos and the generation settings, each folded to one line (side by side when the
 * tab is wide enough) and opened one at a time, so the thread keeps the screen. A campaign without
 * a product photo says so instead, with the way to add one.
 */
export function DockPanels({
  open,
  onOpenChange,
  referenceImages,
  referenceImagePanel,
  onRemoveReferenceImage,
  onAdjustCutout,
  settings,
  onSettingsChange,
  beta,
  suggestions,
  compact = false,
}: DockPanelsProps) {
  const id = useId();
  const photosId = `${id}-photos`;
  const settingsId = `${id}-settings`;
  const summaryId = `${id}-summary`;
  const toggle = (panel: DockPanel) => onOpenChange(open === panel ? null : panel);
  const count = referenceImages?.length;
  const noPhoto = count === 0;
  const shown = compact ? null : open;
  // The first photo whose automatic cutout is doubtful: said before a message spends a credit.
  const doubtful = referenceImages?.find((image) => image.cutoutWarning);

  const panels = (
    <>
      {/* Kept mounted while folded: uploads in progress live inside it. */}
      <div id={photosId} hidden={shown !== 'photos'} className="overflow-hidden rounded-xl ring-1 ring-slate-200">
        {referenceImagePanel}
      </div>
      <GenerationSettingsForm id={settingsId} hidden={shown !== 'settings'} settings={settings} onChange={onSettingsChange} beta={beta} />
    </>
  );

  if (compact) {
    return (
      <div className="flex flex-col gap-2" data-testid="dock-compact">
        <div className="grid grid-cols-2 gap-2">
          <button type="button" aria-expanded={false} aria-controls={photosId} onClick={() => onOpenChange('photos')} className={triggerClass(false)}>
            <Images className="h-4 w-4 shrink-0 text-slate-500" aria-hidden />
            <span className="truncate font-medium text-slate-800">Photos</span>
            <span className="ml-auto flex shrink-0 items-center gap-1">
              {referenceImages?.slice(0, MAX_PRODUCT_PHOTOS).map((image) => (
                <img key={image.id} src={image.url} alt="" className="h-5 w-5 rounded object-cover ring-1 ring-slate-200" />
              ))}
              <span className="text-xs text-slate-500 tabular-nums">{count === undefined ? '…' : `${count}/${MAX_PRODUCT_PHOTOS}`}</span>
            </span>
          </button>
          <button
            type="button"
            aria-label="Generation Settings"
            aria-describedby={summaryId}
            aria-expanded={false}
            aria-controls={settingsId}
            onClick={() => onOpenChange('settings')}
            className={triggerClass(false)}
          >
            <SlidersHorizontal className="h-4 w-4 shrink-0 text-slate-500" aria-hidden />
            <span id={summaryId} className="truncate text-xs text-slate-600" data-testid="settings-summary">
              {settingsSummary(settings)}
            </span>
          </button>
        </div>
        {panels}
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-2">
      {noPhoto ? (
        <p
          className="flex items-start gap-2 rounded-lg bg-amber-50 px-3 py-2 text-xs leading-relaxed text-amber-800 ring-1 ring-amber-200"
          data-testid="no-product-photo"
        >
          <ImagePlus className="mt-px h-3.5 w-3.5 shrink-0" aria-hidden />
          <span className="flex-1">{CHAT_TEXT.noProductPhoto}</span>
          <button
            type="button"
            aria-expanded={open === 'photos'}
            aria-controls={photosId}
            onClick={() => toggle('photos')}
            className="shrink-0 rounded-md px-1.5 font-semibold whitespace-nowrap text-amber-900 underline underline-offset-2 hover:bg-amber-100"
          >
            {open === 'photos' ? 'Hide' : 'Add photo'}
          </button>
        </p>
      ) : doubtful?.cutoutWarning ? (
        <p
          className="flex items-start gap-2 rounded-lg bg-amber-50 px-3 py-2 text-xs leading-relaxed text-amber-800 ring-1 ring-amber-200"
          data-testid="cutout-warning"
        >
          <CircleAlert className="mt-px h-3.5 w-3.5 shrink-0" aria-hidden />
          <span className="flex-1">{doubtful.cutoutWarning}</span>
          {onAdjustCutout ? (
            <button
              type="button"
              onClick={() => onAdjustCutout(doubtful.id)}
              className="shrink-0 rounded-md px-1.5 font-semibold whitespace-nowrap text-amber-900 underline underline-offset-2 hover:bg-amber-100"
            >
              Adjust cutout
            </button>
          ) : null}
        </p>
      ) : null}
      {suggestions}
      <div className={cn('grid grid-cols-1 gap-2', !noPhoto && '@lg:grid-cols-[auto_minmax(0,1fr)]')}>
        {noPhoto ? null : (
          // Folded, the photos still show: the seller sees which product the next picture is of.
          <div className={cn(triggerClass(open === 'photos'), 'p-0 pr-1.5')}>
            <button
              type="button"
              aria-expanded={open === 'photos'}
              aria-controls={photosId}
              onClick={() => toggle('photos')}
              className="flex min-w-0 flex-1 items-center gap-2 self-stretch rounded-xl py-2 pl-3 text-left"
            >
              <Images className="h-4 w-4 shrink-0 text-slate-500" aria-hidden />
              <span className="font-medium whitespace-nowrap text-slate-800">Product images</span>
              <span className="ml-auto text-xs text-slate-500 tabular-nums">{count === undefined ? '…' : `${count}/${MAX_PRODUCT_PHOTOS}`}</span>
              <Chevron open={open === 'photos'} />
            </button>
            {referenceImages && referenceImages.length > 0 ? (
              <ul aria-label="Product photos in use" className="flex shrink-0 items-center gap-1.5">
                {referenceImages.slice(0, MAX_PRODUCT_PHOTOS).map((image, index) => (
                  <li key={image.id} className="relative" data-testid="product-photo-thumb">
                    {onAdjustCutout ? (
                      <button
                        type="button"
                        onClick={() => onAdjustCutout(image.id)}
                        aria-label={`Adjust cutout of product photo ${index + 1}`}
                        title={image.cutoutWarning ?? 'Adjust cutout'}
                        className="block rounded-md"
                      >
                        <img
                          src={image.url}
                          alt={`Product photo ${index + 1}`}
                          className={cn('h-8 w-8 rounded-md object-cover ring-1', image.cutoutWarning ? 'ring-2 ring-amber-400' : 'ring-slate-200')}
                        />
                      </button>
                    ) : (
                      <img src={image.url} alt={`Product photo ${index + 1}`} className="h-8 w-8 rounded-md object-cover ring-1 ring-slate-200" />
                    )}
                    {image.cutoutWarning ? (
                      <span
                        aria-hidden
                        className="pointer-events-none absolute -bottom-1 -left-1 flex h-3.5 w-3.5 items-center justify-center rounded-full bg-amber-400 text-[9px] font-bold text-amber-950 ring-1 ring-white"
                      >
                        !
                      </span>
                    ) : null}
                    <button
                      type="button"
                      onClick={() => onRemoveReferenceImage(image.id)}
                      aria-label={`Remove product photo ${index + 1}`}
                      title="Remove this photo"
                      className="absolute -top-1.5 -right-1.5 flex h-4.5 w-4.5 items-center justify-center rounded-full bg-slate-900/80 text-white shadow ring-1 ring-white transition hover:bg-rose-600"
                    >
                      <X className="h-3 w-3" aria-hidden />
                    </button>
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        )}
        <button
          type="button"
          aria-label="Generation Settings"
          aria-describedby={summaryId}
          aria-expanded={open === 'settings'}
          aria-controls={settingsId}
          onClick={() => toggle('settings')}
          className={triggerClass(open === 'settings')}
        >
          <SlidersHorizontal className="h-4 w-4 shrink-0 text-slate-500" aria-hidden />
          <span className="font-medium whitespace-nowrap text-slate-800">Generation Settings</span>
          <span id={summaryId} className="ml-auto truncate text-xs text-slate-500" data-testid="settings-summary">
            {settingsSummary(settings)}
          </span>
          <Chevron open={open === 'settings'} />
        </button>
      </div>
      {panels}
    </div>
  );
}

function triggerClass(open: boolean): string {
  return cn(
    'flex min-w-0 items-center gap-2 rounded-xl px-3 py-2 text-left text-sm ring-1 transition hover:bg-slate-50',
    open ? 'bg-slate-50 ring-brand-300' : 'bg-white ring-slate-200',
  );
}

function Chevron({ open }: { open: boolean }) {
  return <ChevronDown className={cn('h-4 w-4 shrink-0 text-slate-400 transition-transform', open && 'rotate-180')} aria-hidden />;
}
