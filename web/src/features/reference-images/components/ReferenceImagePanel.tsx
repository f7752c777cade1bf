import { CircleAlert, ImageOff, ImagePlus, ImageUp, Loader2, RotateCw, Scissors, X } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { cn } from '@/lib/cn';
import { displayName, type ReferenceImage } from '../api/types';
import { confidenceLabel, cutoutSummary } from '../logic/cutoutSummary';
import { statusLabel } from '../logic/progress';
import { ACCEPT_ATTRIBUTE, MAX_REFERENCE_IMAGES } from '../logic/rules';
import type { ReuseOffer } from '../logic/reuse';
import type { UploadEntry } from '../logic/uploads';

export interface ReferenceImagePanelProps {
  sceneSelected: boolean;
  loading: boolean;
  failed: boolean;
  images: readonly ReferenceImage[];
  uploads: readonly UploadEntry[];
  /** Images plus running uploads. */
  occupied: number;
  onFiles: (files: File[]) => void;
  onRemove: (image: ReferenceImage) => void;
  /** Opens "Adjust cutout" for the photo. */
  onAdjustCutout: (image: ReferenceImage) => void;
  onRetryUpload: (uploadId: string) => void;
  onDismissUpload: (uploadId: string) => void;
  onReload: () => void;
  /** Other campaigns of the project whose photos this empty one can reuse. */
  reuseOffers?: readonly ReuseOffer[];
  onReuse?: (offer: ReuseOffer) => void;
  reusing?: boolean;
}

/** The scene's product images: thumbnails with remove buttons, upload tiles with progress, an add tile. */
export function ReferenceImagePanel(props: ReferenceImagePanelProps) {
  const {
    sceneSelected,
    loading,
    failed,
    images,
    uploads,
    occupied,
    onFiles,
    onRemove,
    onAdjustCutout,
    onRetryUpload,
    onDismissUpload,
    onReload,
    reuseOffers = [],
    onReuse,
    reusing = false,
  } = props;
  const input = useRef<HTMLInputElement>(null);
  const headingId = useId();
  const count = Math.min(occupied, MAX_REFERENCE_IMAGES);
  const canAdd = sceneSelected && !loading && !failed && occupied < MAX_REFERENCE_IMAGES;
  const empty = images.length === 0 && uploads.length === 0;
  const browse = () => input.current?.click();
  const doubtful = images.filter((image) => cutoutSummary(image)?.warning);

  return (
    <section aria-labelledby={headingId} className="border-b border-slate-200 bg-white px-4 py-3" data-testid="reference-images">
      <div className="flex items-center justify-between gap-3">
        <div className="flex min-w-0 items-center gap-2">
          <span className="flex h-6 w-6 shrink-0 items-center justify-center rounded-md bg-brand-50 text-brand-600">
            <ImagePlus className="h-3.5 w-3.5" aria-hidden />
          </span>
          <h2 id={headingId} className="truncate text-sm font-semibold text-slate-900">
            Product images
          </h2>
        </div>
        {sceneSelected ? (
          <span
            className={cn(
              'rounded-full px-2 py-0.5 text-[11px] font-medium tabular-nums',
              count >= MAX_REFERENCE_IMAGES ? 'bg-brand-50 text-brand-700' : 'bg-slate-100 text-slate-600',
            )}
            data-testid="reference-image-count"
          >
            {count}/{MAX_REFERENCE_IMAGES}
          </span>
        ) : null}
      </div>

      {!sceneSelected ? (
        <p className="mt-2 rounded-xl bg-slate-50 px-3 py-2.5 text-sm text-slate-500 ring-1 ring-slate-200">Select a campaign to add product images.</p>
      ) : loading ? (
        <ul aria-label="Loading product images" className="mt-3 grid max-w-sm grid-cols-3 gap-2">
          {[0, 1, 2].map((i) => (
            <li key={i} className="aspect-square animate-pulse rounded-xl bg-slate-100" />
          ))}
        </ul>
      ) : failed ? (
        <div className="mt-2 flex items-center justify-between gap-3 rounded-xl bg-rose-50 px-3 py-2.5 text-sm text-rose-700 ring-1 ring-rose-200" role="alert">
          <span className="flex min-w-0 items-center gap-2">
            <CircleAlert className="h-4 w-4 shrink-0" aria-hidden />
            <span className="truncate">Couldn’t load product images</span>
          </span>
          <RetryButton onClick={onReload} />
        </div>
      ) : (
        <>
          <p className="mt-1 text-xs text-slate-500">Up to 3 photos of your product · JPEG, PNG, WebP or GIF · 15MB max each</p>
          {empty ? (
            <>
              <button
                type="button"
                onClick={browse}
                className="group mt-3 flex w-full items-center gap-3 rounded-2xl border-2 border-dashed border-slate-200 bg-slate-50/60 px-4 py-4 text-left transition hover:border-brand-300 hover:bg-brand-50/50"
              >
                <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-xl bg-gradient-to-br from-brand-500 to-pink-500 text-white shadow-md shadow-brand-500/20">
                  <ImageUp className="h-5 w-5" aria-hidden />
                </span>
                <span className="flex min-w-0 flex-col">
                  <span className="text-sm font-medium text-slate-900">Add product photos</span>
                  <span className="text-xs text-slate-500">Drag &amp; drop here, or click to browse</span>
                </span>
              </button>
              {reuseOffers.length > 0 && onReuse ? <ReuseOffers offers={reuseOffers} onReuse={onReuse} busy={reusing} /> : null}
            </>
          ) : (
            <ul aria-label="Product images" className="mt-3 grid max-w-sm grid-cols-3 gap-2">
              {images.map((image) => (
                <ImageTile key={image.id} image={image} onRemove={() => onRemove(image)} onAdjust={() => onAdjustCutout(image)} />
              ))}
              {uploads.map((upload) => (
                <UploadTile key={upload.id} upload={upload} onRetry={() => onRetryUpload(upload.id)} onDismiss={() => onDismissUpload(upload.id)} />
              ))}
              {canAdd ? (
                <li>
                  <button
                    type="button"
                    onClick={browse}
                    aria-label="Add product images"
                    className="flex aspect-square w-full flex-col items-center justify-center gap-1 rounded-xl border-2 border-dashed border-slate-200 text-slate-500 transition hover:border-brand-300 hover:bg-brand-50/50 hover:text-brand-700"
                  >
                    <ImagePlus className="h-5 w-5" aria-hidden />
                    <span className="text-xs font-medium">Add</span>
                  </button>
                </li>
              ) : null}
            </ul>
          )}
          {doubtful.map((image) => (
            <CutoutWarning key={image.id} image={image} single={images.length === 1} onAdjust={() => onAdjustCutout(image)} />
          ))}
        </>
      )}

      {sceneSelected ? (
        <input
          ref={input}
          type="file"
          accept={ACCEPT_ATTRIBUTE}
          multiple
          tabIndex={-1}
          aria-label="Upload product images"
          data-testid="reference-image-input"
          className="sr-only"
          onChange={(event) => {
            const files = Array.from(event.currentTarget.files ?? []);
            // Let the same file be picked again after a removal.
            event.currentTarget.value = '';
            if (files.length) onFiles(files);
          }}
        />
      ) : null}
    </section>
  );
}

function ImageTile({ image, onRemove, onAdjust }: { image: ReferenceImage; onRemove: () => void; onAdjust: () => void }) {
  const [broken, setBroken] = useState(false);
  const name = displayName(image);
  const cutout = cutoutSummary(image);
  const warning = cutout?.warning ?? null;
  const title = cutout
    ? `${name} · ${cutout.source === 'seller' ? 'cutout adjusted by you' : warning ? 'cutout needs a look' : `cutout ${confidenceLabel(cutout.confidence)} sure`}`
    : name;
  return (
    <li
      className={cn('group relative aspect-square overflow-hidden rounded-xl bg-slate-100 ring-1', warning ? 'ring-2 ring-amber-400' : 'ring-slate-200')}
      data-testid="reference-image"
      data-cutout={cutout ? (warning ? 'doubtful' : cutout.source) : undefined}
      title={title}
    >
      {broken ? (
        <span className="flex h-full w-full items-center justify-center text-slate-400" role="img" aria-label={name}>
          <ImageOff className="h-5 w-5" aria-hidden />
        </span>
      ) : (
        <img src={image.thumbnail_url} alt={name} draggable={false} onError={() => setBroken(true)} className="h-full w-full object-cover" />
      )}
      <span className="pointer-events-none absolute inset-x-0 bottom-0 truncate bg-gradient-to-t from-slate-900/70 to-transparent px-2 pt-5 pb-1.5 text-[11px] font-medium text-white opacity-0 transition group-focus-within:opacity-100 group-hover:opacity-100">
        {name}
      </span>
      {warning ? (
        <span
          className="pointer-events-none absolute top-1.5 left-1.5 flex h-6 w-6 items-center justify-center rounded-full bg-amber-400 text-amber-950 shadow-sm"
          data-testid="cutout-warning-badge"
        >
          <CircleAlert className="h-4 w-4" aria-hidden />
          <span className="sr-only">{warning}</span>
        </span>
      ) : null}
      <button
        type="button"
        onClick={onAdjust}
        aria-label={`Adjust cutout of ${name}`}
        title="Adjust cutout"
        className={cn(
          'absolute right-1.5 bottom-1.5 flex h-7 w-7 items-center justify-center rounded-full shadow-sm backdrop-blur transition focus-visible:opacity-100',
          warning ? 'bg-amber-400 text-amber-950 hover:bg-amber-300' : 'bg-slate-900/70 text-white hover:bg-brand-600 sm:opacity-0 sm:group-hover:opacity-100',
        )}
      >
        <Scissors className="h-3.5 w-3.5" aria-hidden />
      </button>
      <button
        type="button"
        onClick={onRemove}
        aria-label={`Remove ${name}`}
        title="Remove image"
        className="absolute top-1.5 right-1.5 flex h-6 w-6 items-center justify-center rounded-full bg-slate-900/70 text-white shadow-sm backdrop-blur transition hover:bg-rose-600 focus-visible:opacity-100 sm:opacity-0 sm:group-hover:opacity-100"
      >
        <X className="h-3.5 w-3.5" aria-hidden />
      </button>
    </li>
  );
}

/** The honest word under the photos, before any credit is spent: this photo's cutout is doubtful. */
function CutoutWarning({ image, single, onAdjust }: { image: ReferenceImage; single: boolean; onAdjust: () => void }) {
  const warning = cutoutSummary(image)?.warning;
  return (
    <p
      className="mt-2 flex max-w-sm items-start gap-2 rounded-lg bg-amber-50 px-3 py-2 text-xs leading-relaxed text-amber-900 ring-1 ring-amber-200"
      data-testid="cutout-warning"
    >
      <CircleAlert className="mt-0.5 h-3.5 w-3.5 shrink-0 text-amber-600" aria-hidden />
      <span className="min-w-0 flex-1">
        {single ? null : <span className="font-semibold">{displayName(image)}: </span>}
        {warning}
      </span>
      <button
        type="button"
        onClick={onAdjust}
        aria-label={single ? undefined : `Adjust cutout of ${displayName(image)}`}
        className="shrink-0 rounded-md px-1.5 font-semibold whitespace-nowrap text-amber-950 underline underline-offset-2 hover:bg-amber-100"
      >
        Adjust cutout
      </button>
    </p>
  );
}

function UploadTile({ upload, onRetry, onDismiss }: { upload: UploadEntry; onRetry: () => void; onDismiss: () => void }) {
  const failed = upload.status === 'failed';
  const label = statusLabel(upload.status, upload.progress);
  return (
    <li
      data-testid="reference-upload"
      data-status={upload.status}
      title={upload.name}
      className={cn(
        'relative aspect-square overflow-hidden rounded-xl ring-1',
        failed ? 'bg-rose-50 ring-rose-200' : 'bg-gradient-to-br from-brand-50 to-pink-50 ring-brand-200',
      )}
    >
      {upload.previewUrl ? (
        <img src={upload.previewUrl} alt="" className={cn('h-full w-full object-cover', failed ? 'opacity-30 grayscale' : 'opacity-70')} />
      ) : (
        <span className="flex h-full w-full items-center justify-center text-brand-400">
          <ImageUp className="h-6 w-6" aria-hidden />
        </span>
      )}
      {failed ? (
        <>
          <div className="absolute inset-0 flex flex-col items-center justify-center gap-1 bg-rose-50/80 px-2 text-center" role="alert">
            <CircleAlert className="h-4 w-4 shrink-0 text-rose-600" aria-hidden />
            <p className="line-clamp-3 text-[11px] leading-tight font-medium text-rose-700">{upload.error}</p>
            <RetryButton onClick={onRetry} small />
          </div>
          <button
            type="button"
            onClick={onDismiss}
            aria-label={`Dismiss ${upload.name}`}
            className="absolute top-1.5 right-1.5 flex h-6 w-6 items-center justify-center rounded-full bg-white/90 text-slate-600 shadow-sm transition hover:bg-white hover:text-slate-900"
          >
            <X className="h-3.5 w-3.5" aria-hidden />
          </button>
        </>
      ) : (
        <div className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-slate-900/75 to-slate-900/0 px-2 pt-6 pb-2">
          <div className="flex items-center justify-between gap-1 text-[11px] font-medium text-white">
            <span className="truncate">{upload.name}</span>
            <span className="flex shrink-0 items-center gap-1 tabular-nums">
              {upload.status === 'validating' || upload.status === 'syncing' ? <Loader2 className="h-3 w-3 animate-spin" aria-hidden /> : null}
              {label}
            </span>
          </div>
          <div
            role="progressbar"
            aria-label={`Uploading ${upload.name}`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={upload.progress}
            aria-valuetext={label}
            className="mt-1 h-1.5 overflow-hidden rounded-full bg-white/30"
          >
            <div
              className="h-full rounded-full bg-gradient-to-r from-brand-500 to-pink-500 transition-[width] duration-300 ease-out"
              style={{ width: `${upload.progress}%` }}
            />
          </div>
        </div>
      )}
    </li>
  );
}

function ReuseOffers({ offers, onReuse, busy }: { offers: readonly ReuseOffer[]; onReuse: (offer: ReuseOffer) => void; busy: boolean }) {
  return (
    <div className="mt-2.5" data-testid="reuse-photos">
      <p className="text-xs font-medium text-slate-600">Or reuse the photos of another campaign:</p>
      <ul className="mt-1.5 flex flex-wrap gap-2">
        {offers.map((offer) => (
          <li key={offer.sceneId}>
            <button
              type="button"
              disabled={busy}
              onClick={() => onReuse(offer)}
              className="inline-flex h-9 items-center gap-2 rounded-lg bg-white pr-3 pl-1 text-xs font-medium text-slate-700 ring-1 ring-slate-200 transition hover:ring-brand-300 hover:text-brand-700 disabled:opacity-60"
            >
              <span className="flex -space-x-2" aria-hidden>
                {offer.images.map((image) => (
                  <img key={image.id} src={image.thumbnail_url} alt="" className="h-7 w-7 rounded-md object-cover ring-2 ring-white" />
                ))}
              </span>
              {busy ? <Loader2 className="h-3.5 w-3.5 animate-spin" aria-hidden /> : null}
              Use photos from {offer.sceneName}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The rose Retry link of a failure; `small` fits it inside an upload tile. */
function RetryButton({ onClick, small = false }: { onClick: () => void; small?: boolean }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className={cn(
        'inline-flex items-center gap-1 rounded-md text-rose-700 transition hover:bg-rose-100',
        small ? 'mt-0.5 px-1.5 py-0.5 text-[11px] font-semibold' : 'px-2 py-1 text-xs font-medium',
      )}
    >
      <RotateCw className={small ? 'h-3 w-3' : 'h-3.5 w-3.5'} aria-hidden />
      Retry
    </button>
  );
}
