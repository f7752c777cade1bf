import { ArrowLeft, Coins, Loader2 } from 'lucide-react';
import { lazy, Suspense, useEffect, useEffectEvent, useId, useRef, useState, type ReactNode } from 'react';
import { IMAGE_EDIT_COST } from '@/api/imageEdit';
import type { MediaAsset, StoryboardScene } from '@/api/types';
import { EditorFrame } from '@/components/media/EditorFrame';
import type { MediaItemView } from '@/components/media/MediaDisplay';
import { Button } from '@/components/ui/Button';
import { Spinner } from '@/components/ui/Spinner';
import { useCreditShortfall } from '@/lib/credits/shortfall';
import { isUuid } from '@/lib/media/assetId';
import { assetAlt, creditsLabel, plural, sceneCredits, sceneName } from '../logic/storyboard';
import { useShownAsset } from '../state/useShownAsset';
import { AssetActions } from './AssetActions';
import { AssetFacts } from './AssetFacts';
import { AssetStage } from './AssetStage';
import { AssetStepButtons } from './AssetStepButtons';
import { AssetStrip } from './AssetStrip';
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
  const [editing, setEditing] = useState(false);
  const { index, asset, show, step } = useShownAsset(media, scene.cover_asset_id, editing);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const editShortfall = useCreditShortfall(IMAGE_EDIT_COST);

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
  const isCover = asset !== null && asset.id === scene.cover_asset_id;
  // A generated image's recipe has its own section, with the brief in it.
  const recipe = serverAsset && renderRecipe ? renderRecipe({ asset, projectId, sceneId: scene.id }) : null;
  const adTools = serverAsset && renderAdTools ? renderAdTools({ asset, projectId, sceneId: scene.id }) : null;

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
          <AssetActions
            asset={asset}
            serverAsset={serverAsset}
            isCover={isCover}
            editShortfall={editShortfall}
            onSetCover={() => onSetCover(scene.id, asset.id)}
            onEdit={() => setEditing(true)}
            onDelete={() => setConfirmDelete(true)}
          />

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

          <AssetFacts asset={asset} index={index} count={media.length} isCover={isCover} showPrompt={!recipe} />
          {adTools}
          {recipe}
        </>
      )}

      {media.length > 1 && !editing ? <AssetStrip headingId={`${headingId}-assets`} media={media} index={index} onShow={show} /> : null}

      <DeleteAssetDialog open={confirmDelete} busy={deleting} sceneName={name} onCancel={() => setConfirmDelete(false)} onConfirm={() => void confirm()} />
    </section>
  );
}
