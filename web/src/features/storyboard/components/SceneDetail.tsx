import { ArrowLeft, Check, Coins, Download, Link2, Loader2, Pencil, Star, Trash2 } from 'lucide-react';
import { lazy, Suspense, useEffect, useEffectEvent, useId, useRef, useState, type ReactNode } from 'react';
import { IMAGE_EDIT_COST } from '@/api/imageEdit';
import type { MediaAsset, StoryboardScene } from '@/api/types';
import { EditorFrame } from '@/components/media/EditorFrame';
import type { MediaItemView } from '@/components/media/MediaDisplay';
import { downloadUrlOf } from '@/components/media/mediaUrls';
import { Button } from '@/components/ui/Button';
import { Spinner } from '@/components/ui/Spinner';
import { ExportButton, exportable } from '@/components/exports';
import { useCreditShortfall } from '@/lib/credits/shortfall';
import { useImageEngines } from '@/api/providers';
import { rememberEngine, sceneByLine, useRememberedEngine } from '@/lib/imageEngine';
import { isUuid } from '@/lib/media/assetId';
import { resolveIndex, shownIndex, stepAssetId } from '../logic/carousel';
import { assetChips } from '../logic/chips';
import { assetAlt, assetCredits, creditsLabel, plural, sceneCredits, sceneName } from '../logic/storyboard';
import { useShareLink } from '../state/useShareLink';
import { AssetStage } from './AssetStage';
import { AssetStepButtons } from './AssetStepButtons';
import { AssetThumb } from './AssetThumb';
import { DeleteAssetDialog } from './DeleteAssetDialog';

const ImageEditor = lazy(() => import('@/components/media/ImageEditor'));

export interface SceneDetailProps {
  scene: StoryboardScene;
  projectId: string;
  /** Move the focus to Back on opening (when the user opened it, not a generation elsewhere). */
  autoFocus: boolean;
  /** A generation for this scene is running. */
  generating: boolean;
  onBack: () => void;
  onSetCover: (sceneId: string, assetId: string) => void;
  /** Resolves true once deleted (the caller shows failures). */
  onDeleteAsset: (assetId: string) => Promise<boolean>;
  /** How an asset was made, with what to do with its recipe again; null when nothing is known. */
  renderRecipe?: RenderRecipe;
  /** Under a picture: its ad text when it is a design, else the step that makes one. */
  renderAdTools?: RenderRecipe;
}

export type RenderRecipe = (input: { asset: MediaAsset; projectId: string; sceneId: string }) => ReactNode;

function isTextField(target: Element): boolean {
  return target.closest('input, textarea, select, [contenteditable="true"]') !== null;
}

function toMediaItem(asset: MediaAsset, alt: string): MediaItemView {
  const dimensions = asset.file_metadata?.dimensions;
  return {
    id: asset.id,
    type: asset.file_type,
    url: asset.url,
    thumbnailUrl: asset.thumbnail_url,
    alt,
    width: dimensions?.width ?? null,
    height: dimensions?.height ?? null,
  };
}

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function formatDate(iso: string): string | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : dateFormat.format(date);
}

/** One campaign up close: a large viewer of its assets, the asset strip, and download, share, edit, cover and delete. */
export default function SceneDetail({
  scene,
  projectId,
  autoFocus,
  generating,
  onBack,
  onSetCover,
  onDeleteAsset,
  renderRecipe,
  renderAdTools,
}: SceneDetailProps) {
  const media = scene.media;
  const name = sceneName(scene);
  const headingId = useId();
  const region = useRef<HTMLElement>(null);
  const back = useRef<HTMLButtonElement>(null);
  const [position, setPosition] = useState(() => {
    const index = shownIndex(media, scene.cover_asset_id);
    return { id: media[index]?.id ?? null, index };
  });
  const [editing, setEditing] = useState(false);
  // A new asset of this campaign (an edit here, a generation in the chat, the panel or another tab)
  // is what the seller is waiting for: show it as soon as it is listed (after an edit in progress).
  // Export files are not: the export sheet shows them, and the viewer stays on their picture.
  const [seen, setSeen] = useState(() => new Set(media.map((m) => m.id)));
  const fresh = editing ? undefined : media.findLast((m) => !seen.has(m.id) && !m.file_metadata?.export);
  if (fresh) {
    setSeen(new Set(media.map((m) => m.id)));
    setPosition({ id: fresh.id, index: media.indexOf(fresh) });
  }
  const index = resolveIndex(media, position.id, position.index);
  const asset = index === -1 ? null : (media[index] ?? null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const share = useShareLink();
  const editShortfall = useCreditShortfall(IMAGE_EDIT_COST);
  const engines = useImageEngines();
  const [rememberedEngine] = useRememberedEngine();

  const show = (next: number) => {
    const item = media[next];
    if (item) setPosition({ id: item.id, index: next });
  };
  const step = (delta: -1 | 1) => {
    const id = stepAssetId(media, index, delta);
    if (id) show(media.findIndex((m) => m.id === id));
  };

  useEffect(() => {
    if (autoFocus) back.current?.focus();
  }, [autoFocus]);

  // Escape goes back (or leaves edit mode); Left and Right change asset. Only while the focus is in
  // this view or nowhere, so typing in the chat beside it is never taken over.
  const onKeyDown = useEffectEvent((event: KeyboardEvent) => {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
    const target = event.target instanceof Element ? event.target : null;
    const inside = !target || target === document.body || region.current?.contains(target) === true;
    if (!inside || confirmDelete) return;
    if (event.key === 'Escape') {
      event.preventDefault();
      if (editing) setEditing(false);
      else onBack();
      return;
    }
    if (editing || (target && (isTextField(target) || target.closest('video, audio')))) return;
    if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') {
      event.preventDefault();
      step(event.key === 'ArrowLeft' ? -1 : 1);
    }
  });
  useEffect(() => {
    const listener = (event: KeyboardEvent) => onKeyDown(event);
    // Capture, so this runs before the image editor's own Escape handling.
    window.addEventListener('keydown', listener, true);
    return () => window.removeEventListener('keydown', listener, true);
  }, []);

  const confirm = async () => {
    if (!asset) return;
    setDeleting(true);
    const deleted = await onDeleteAsset(asset.id);
    setDeleting(false);
    if (deleted) setConfirmDelete(false);
  };

  const alt = asset ? assetAlt(asset, name, index, media.length) : '';
  const serverAsset = asset !== null && isUuid(asset.id);
  const download = asset ? downloadUrlOf(asset) : null;
  const isCover = asset !== null && asset.id === scene.cover_asset_id;
  const chips = asset ? assetChips(asset) : [];
  const created = asset ? formatDate(asset.created_at) : null;
  const prompt = asset?.file_metadata?.prompt?.trim();
  // A generated image's recipe has its own section, with the brief in it.
  const recipe = serverAsset && renderRecipe ? renderRecipe({ asset, projectId, sceneId: scene.id }) : null;
  const adTools = serverAsset && renderAdTools ? renderAdTools({ asset, projectId, sceneId: scene.id }) : null;
  const sceneBy = asset?.file_type === 'image' ? sceneByLine(asset.file_metadata) : null;
  const notes =
    asset?.file_type === 'image'
      ? [asset.file_metadata?.stand_in_product, asset.file_metadata?.cutout_warning].filter((note): note is string => Boolean(note))
      : [];
  const offerRedraw = Boolean(asset?.file_metadata?.cutout_warning) && engines.includes('hosted');

  return (
    <section ref={region} aria-label="Campaign detail" className="mx-auto flex w-full max-w-5xl flex-col gap-4" data-testid="scene-detail">
      <div className="flex flex-wrap items-center gap-3">
        <Button ref={back} variant="secondary" size="sm" onClick={onBack}>
          <ArrowLeft className="h-4 w-4" aria-hidden /> Back
        </Button>
        <div className="min-w-0 flex-1">
          <h2 id={headingId} className="truncate text-lg font-semibold tracking-tight text-slate-900">
            {name}
          </h2>
          <p className="flex flex-wrap items-center gap-x-2 text-xs text-slate-500">
            <span>{plural(media.length, 'asset')}</span>
            <span className="inline-flex items-center gap-1 font-medium text-slate-600">
              <Coins className="h-3 w-3 text-amber-500" aria-hidden /> {creditsLabel(sceneCredits(media))}
            </span>
          </p>
        </div>
      </div>

      {generating ? (
        <p role="status" className="flex items-center gap-2 rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-800 ring-1 ring-amber-200">
          <Loader2 className="h-4 w-4 animate-spin" aria-hidden /> A new asset for this campaign is being generated. It will appear here when it is ready.
        </p>
      ) : null}

      {!asset ? (
        <div className="flex min-h-64 flex-col items-center justify-center rounded-2xl bg-white p-8 text-center ring-1 ring-slate-200">
          <p className="text-base font-semibold text-slate-800">No assets in this campaign yet</p>
          <p className="mt-1 max-w-sm text-sm text-slate-500">Generate an image, a video or music for it from the chat or the Generate panel.</p>
        </div>
      ) : editing && asset.file_type === 'image' ? (
        <EditorFrame className="h-[min(40rem,72vh)]">
          <Suspense fallback={<Spinner className="m-auto text-brand-300" label="Loading editor..." />}>
            <ImageEditor
              image={toMediaItem(asset, alt)}
              projectId={projectId}
              sceneId={scene.id}
              onEdited={() => setEditing(false)}
              onCancel={() => setEditing(false)}
            />
          </Suspense>
        </EditorFrame>
      ) : (
        <>
          <div className="flex flex-wrap items-center gap-2">
            <Button variant="secondary" size="sm" title="Set as cover" onClick={() => onSetCover(scene.id, asset.id)} disabled={!serverAsset || isCover}>
              <Star className="h-4 w-4" aria-hidden /> Set as cover
            </Button>
            {asset.file_type === 'image' && serverAsset ? (
              <Button variant="secondary" size="sm" title={editShortfall ?? 'Edit image'} onClick={() => setEditing(true)} disabled={editShortfall !== null}>
                <Pencil className="h-4 w-4" aria-hidden /> Edit image
                {editShortfall ? <span className="text-xs font-normal text-slate-600">· {editShortfall}</span> : null}
              </Button>
            ) : null}
            <Button
              variant="secondary"
              size="sm"
              title="Copy a link that opens this file for anyone until it expires"
              onClick={() => void share.copy(asset.id)}
              disabled={!serverAsset || share.isBusy(asset.id)}
              aria-live="polite"
            >
              {share.isCopied(asset.id) ? (
                <Check className="h-4 w-4 text-emerald-600" aria-hidden />
              ) : share.isBusy(asset.id) ? (
                <Loader2 className="h-4 w-4 animate-spin" aria-hidden />
              ) : (
                <Link2 className="h-4 w-4" aria-hidden />
              )}
              {share.isCopied(asset.id) ? 'Copied!' : 'Copy link'}
            </Button>
            {exportable(asset) && serverAsset ? <ExportButton asset={asset} /> : null}
            {download ? (
              <a
                href={download}
                download
                title="Download"
                className="inline-flex h-8 shrink-0 items-center gap-1.5 rounded-lg bg-white px-3 text-sm font-medium whitespace-nowrap text-slate-800 shadow-sm ring-1 ring-slate-200 transition-colors ring-inset hover:bg-slate-50"
              >
                <Download className="h-4 w-4" aria-hidden /> Download
              </a>
            ) : null}
            {download && asset.file_type === 'audio' ? (
              <span role="group" aria-label="Download the music as" className="inline-flex items-center gap-1">
                {(['m4a', 'wav'] as const).map((format) => (
                  <a
                    key={format}
                    href={`${download}?format=${format}`}
                    download
                    title={format === 'm4a' ? 'Download as M4A (AAC), for phones and video editors' : 'Download as WAV (lossless)'}
                    className="inline-flex h-8 shrink-0 items-center gap-1.5 rounded-lg bg-white px-3 text-sm font-medium whitespace-nowrap text-slate-800 shadow-sm ring-1 ring-slate-200 transition-colors ring-inset hover:bg-slate-50"
                  >
                    <Download className="h-4 w-4" aria-hidden /> {format.toUpperCase()}
                  </a>
                ))}
              </span>
            ) : null}
            <Button
              variant="ghost"
              size="sm"
              title="Delete asset"
              onClick={() => setConfirmDelete(true)}
              disabled={!serverAsset}
              className="text-rose-600 hover:bg-rose-50 hover:text-rose-700 sm:ml-auto"
            >
              <Trash2 className="h-4 w-4" aria-hidden /> Delete asset
            </Button>
          </div>

          <div className="relative">
            <AssetStage asset={asset} alt={alt} />
            {media.length > 1 ? (
              <AssetStepButtons
                onStep={step}
                className="absolute top-1/2 flex h-10 w-10 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-slate-700 shadow-md ring-1 ring-slate-900/10 transition hover:bg-white"
                previousClassName="left-2 sm:left-3"
                nextClassName="right-2 sm:right-3"
              />
            ) : null}
          </div>

          <div className="flex flex-col gap-2 rounded-2xl bg-white p-4 ring-1 ring-slate-200">
            <p className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
              <span className="font-medium text-slate-900 tabular-nums" aria-live="polite">
                Asset {index + 1} of {media.length}
              </span>
              {isCover ? (
                <span className="inline-flex items-center gap-1 rounded-full bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-700 ring-1 ring-amber-200">
                  <Star className="h-3 w-3 fill-current" aria-hidden /> Cover
                </span>
              ) : null}
              <span className="inline-flex items-center gap-1 text-xs text-slate-500">
                <Coins className="h-3 w-3 text-amber-500" aria-hidden /> {creditsLabel(assetCredits(asset))}
              </span>
              {created ? <span className="text-xs text-slate-500">{created}</span> : null}
            </p>
            {chips.length > 0 ? (
              <ul aria-label="Asset details" className="flex flex-wrap gap-1.5">
                {chips.map((chip) => (
                  <li key={chip.kind} className="rounded-md bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-600 tabular-nums" title={chip.description}>
                    <span className="sr-only">{chip.description}</span>
                    <span aria-hidden>{chip.label}</span>
                  </li>
                ))}
              </ul>
            ) : null}
            {sceneBy ? (
              <p className="text-xs font-medium text-slate-600" data-testid="scene-by">
                {sceneBy}
              </p>
            ) : null}
            {notes.map((note) => (
              <p key={note} className="rounded-lg bg-amber-50 px-3 py-2 text-xs leading-relaxed text-amber-800 ring-1 ring-amber-100">
                {note}
              </p>
            ))}
            {offerRedraw ? (
              <div>
                <Button variant="secondary" size="sm" onClick={() => rememberEngine('hosted')} disabled={rememberedEngine === 'hosted'}>
                  {rememberedEngine === 'hosted' ? 'AI redraw chosen for your next images' : 'Use AI redraw for the next images'}
                </Button>
              </div>
            ) : null}
            {prompt && !recipe ? <p className="text-sm leading-relaxed whitespace-pre-line text-slate-600">{prompt}</p> : null}
          </div>
          {adTools}
          {recipe}
        </>
      )}

      {media.length > 1 && !editing ? (
        <section aria-labelledby={`${headingId}-assets`}>
          <h3 id={`${headingId}-assets`} className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
            Assets
          </h3>
          <ul className="mt-2 flex gap-2 overflow-x-auto pb-1" data-testid="asset-strip">
            {media.map((item, i) => (
              <li key={item.id} className="shrink-0">
                <button
                  type="button"
                  onClick={() => show(i)}
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
      ) : null}

      <DeleteAssetDialog open={confirmDelete} busy={deleting} sceneName={name} onCancel={() => setConfirmDelete(false)} onConfirm={() => void confirm()} />
    </section>
  );
}
