import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Coins, Download, GripVertical, Loader2, MoveLeft, MoveRight } from 'lucide-react';
import { memo, useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import type { StoryboardScene } from '@/api/types';
import { ExportButton, exportable } from '@/components/exports';
import { downloadUrlOf } from '@/components/media/mediaUrls';
import { cn } from '@/lib/cn';
import { positionLabel, shownIndex, stepAssetId } from '../logic/carousel';
import { assetChips } from '../logic/chips';
import { assetAlt, creditsLabel, plural, sceneCredits, sceneName } from '../logic/storyboard';
import { AssetStepButtons } from './AssetStepButtons';
import { CardMedia } from './CardMedia';

export interface SceneCardProps {
  scene: StoryboardScene;
  /** Place in the storyboard, from 0. */
  index: number;
  total: number;
  selected: boolean;
  /** A generation for this scene is running: its progress (null without an estimate); undefined when none runs. */
  progress: number | null | undefined;
  /** Changes each time the card should pulse (0: never). */
  highlightKey: number;
  onOpen: (sceneId: string) => void;
  onSetActive: (sceneId: string, assetId: string) => void;
  onMove: (sceneId: string, delta: -1 | 1) => void;
}

const HIGHLIGHT_PULSE: Keyframe[] = [
  { boxShadow: '0 0 0 0 rgb(16 185 129 / 0.75)', opacity: 1 },
  { boxShadow: '0 0 0 14px rgb(16 185 129 / 0)', opacity: 1, offset: 0.7 },
  { boxShadow: '0 0 0 0 rgb(16 185 129 / 0)', opacity: 0 },
];

const overlayButton =
  'flex h-9 w-9 items-center justify-center rounded-full bg-white/90 text-slate-700 shadow-md ring-1 ring-slate-900/10 backdrop-blur transition hover:bg-white hover:text-slate-950';

const footerButton =
  'inline-flex h-8 w-8 items-center justify-center rounded-lg text-slate-500 transition hover:bg-slate-100 hover:text-slate-900 disabled:pointer-events-none disabled:text-slate-300';

const moveButton =
  'inline-flex h-8 items-center gap-1 rounded-lg px-2 text-xs font-medium text-slate-600 transition hover:bg-slate-100 hover:text-slate-900 disabled:pointer-events-none disabled:text-slate-300';

/** One scene (campaign) of the storyboard: its cover asset, a carousel through its media, facts, credits and actions. */
export const SceneCard = memo(function SceneCard({ scene, index, total, selected, progress, highlightKey, onOpen, onSetActive, onMove }: SceneCardProps) {
  const titleId = useId();
  const name = sceneName(scene);
  const media = scene.media;
  const current = shownIndex(media, scene.cover_asset_id);
  const asset = current === -1 ? null : (media[current] ?? null);
  const alt = asset ? assetAlt(asset, name, current, media.length) : name;
  const generating = progress !== undefined;
  const [hovered, setHovered] = useState(false);

  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: scene.id });
  const pulse = useRef<HTMLSpanElement>(null);
  const article = useRef<HTMLElement | null>(null);
  const setArticle = useCallback(
    (node: HTMLElement | null) => {
      article.current = node;
      setNodeRef(node);
    },
    [setNodeRef],
  );

  // Highlighted: one emerald pulse, and the card scrolled into view.
  useEffect(() => {
    if (!highlightKey) return;
    article.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
    pulse.current?.animate?.(HIGHLIGHT_PULSE, { duration: 1600, easing: 'ease-out' });
  }, [highlightKey]);

  // Moving a card re-inserts it: the move button that was pressed keeps the focus (or its twin at an end).
  const refocus = useRef<-1 | 1 | null>(null);
  useLayoutEffect(() => {
    const delta = refocus.current;
    refocus.current = null;
    if (!delta || !article.current) return;
    const buttons = article.current.querySelectorAll<HTMLButtonElement>('[data-move]');
    const wanted = [...buttons].find((b) => b.dataset.move === String(delta) && !b.disabled) ?? [...buttons].find((b) => !b.disabled);
    wanted?.focus();
  }, [index]);

  const move = (delta: -1 | 1) => {
    refocus.current = delta;
    onMove(scene.id, delta);
  };

  const step = (delta: -1 | 1) => {
    const next = stepAssetId(media, current, delta);
    if (next) onSetActive(scene.id, next);
  };

  const onFrameKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    event.preventDefault();
    step(event.key === 'ArrowLeft' ? -1 : 1);
  };

  // Mouse users can click anywhere on the card; keyboard users have the open button.
  const onArticleClick = (event: MouseEvent) => {
    if ((event.target as Element).closest('button, a, audio, input, [data-no-open]')) return;
    onOpen(scene.id);
  };

  const credits = sceneCredits(media);
  const chips = asset ? assetChips(asset) : [];
  const download = asset ? downloadUrlOf(asset) : null;

  return (
    <article
      ref={setArticle}
      aria-labelledby={titleId}
      data-testid="scene-card"
      data-selected={selected || undefined}
      data-generating={generating || undefined}
      onClick={onArticleClick}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={cn(
        'group/card @container/card relative flex w-full min-w-0 cursor-pointer flex-col rounded-2xl bg-white shadow-sm transition-shadow duration-200 hover:shadow-md',
        selected ? 'ring-2 ring-blue-500' : 'ring-1 ring-slate-200 hover:ring-slate-300',
        isDragging && 'z-20 cursor-grabbing shadow-2xl ring-2 ring-brand-400',
      )}
    >
      {generating ? <span aria-hidden className="pointer-events-none absolute inset-0 animate-soft-pulse rounded-2xl" /> : null}
      <span ref={pulse} aria-hidden className="pointer-events-none absolute inset-0 rounded-2xl opacity-0" />

      <div
        className="relative aspect-square max-h-[560px] w-full overflow-hidden rounded-t-2xl bg-slate-100 bg-[radial-gradient(rgb(148_163_184/0.18)_1px,transparent_1px)] [background-size:12px_12px]"
        onPointerEnter={(event) => (event.pointerType === 'mouse' ? setHovered(true) : undefined)}
        onPointerLeave={() => setHovered(false)}
      >
        <button
          id={`scene-open-${scene.id}`}
          type="button"
          onClick={() => onOpen(scene.id)}
          onKeyDown={onFrameKeyDown}
          onFocus={() => setHovered(true)}
          onBlur={() => setHovered(false)}
          aria-label={`Open ${name}`}
          className="absolute inset-0 block h-full w-full focus-visible:outline-offset-[-3px]"
        >
          <CardMedia asset={asset} alt={alt} active={hovered} />
        </button>

        {asset?.file_type === 'audio' ? (
          <audio
            src={asset.url}
            controls
            preload="none"
            aria-label={`Play ${alt}`}
            // Too small to use on a tiny card: the detail view plays it there.
            className="absolute inset-x-3 bottom-3 h-10 w-[calc(100%-1.5rem)] @max-[180px]/card:hidden"
          />
        ) : null}

        <button
          ref={setActivatorNodeRef}
          type="button"
          {...attributes}
          {...listeners}
          aria-label={`Reorder ${name}`}
          title="Drag to reorder"
          className={cn(overlayButton, 'absolute top-2.5 left-2.5 h-8 w-8 cursor-grab touch-none rounded-lg active:cursor-grabbing')}
        >
          <GripVertical className="h-4 w-4" aria-hidden />
        </button>

        <div className="pointer-events-none absolute top-2.5 right-2.5 flex flex-col items-end gap-1.5">
          {generating ? (
            <span className="inline-flex items-center gap-1 rounded-full bg-amber-400 px-2.5 py-1 text-[11px] font-semibold text-amber-950 shadow">
              <Loader2 className="h-3 w-3 animate-spin" aria-hidden />
              {progress === null ? 'Generating…' : `Generating ${Math.round(progress)}%`}
            </span>
          ) : null}
          {selected ? (
            <span className="rounded-full bg-blue-600 px-2.5 py-1 text-[11px] font-semibold text-white shadow @max-[180px]/card:sr-only">Selected</span>
          ) : null}
        </div>

        {media.length > 1 ? (
          <>
            <AssetStepButtons
              onStep={step}
              className={cn(
                overlayButton,
                'absolute top-1/2 -translate-y-1/2 opacity-0 group-hover/card:opacity-100 focus-visible:opacity-100 [@media(hover:none)]:opacity-100',
              )}
              previousClassName="left-2.5"
              nextClassName="right-2.5"
            />
            <span
              className={cn(
                'pointer-events-none absolute left-1/2 -translate-x-1/2 rounded-full bg-slate-950/60 px-2.5 py-0.5 text-xs font-medium text-white tabular-nums backdrop-blur-sm',
                // Above a music player, below anything else (and on a tiny card, where the player is hidden).
                asset?.file_type === 'audio' ? 'top-3 @max-[180px]/card:top-auto @max-[180px]/card:bottom-3' : 'bottom-3',
              )}
              data-testid="carousel-position"
            >
              <span aria-hidden>{positionLabel(current, media.length)}</span>
              <span className="sr-only">{`Asset ${current + 1} of ${media.length}`}</span>
            </span>
          </>
        ) : null}

        {generating ? (
          <span aria-hidden className="absolute inset-x-0 bottom-0 h-1 bg-amber-100">
            <span
              className={cn('block h-full bg-amber-500 transition-[width] duration-500', progress === null && 'animate-pulse')}
              style={{ width: `${progress === null ? 100 : Math.max(4, Math.min(100, progress))}%` }}
            />
          </span>
        ) : null}
      </div>

      <div className="flex min-w-0 flex-1 flex-col gap-2 px-3.5 pt-3 pb-3">
        {/* Narrow cards (a phone, a low zoom) put the actions under the name rather than beside it. */}
        <div className="flex flex-col gap-1 @[260px]/card:flex-row @[260px]/card:items-start @[260px]/card:justify-between @[260px]/card:gap-2">
          <div className="min-w-0">
            <h2 className="flex min-w-0 items-baseline gap-1.5 text-sm font-semibold text-slate-900">
              <span aria-hidden className="text-xs font-medium text-slate-500 tabular-nums">
                {index + 1}
              </span>
              <span id={titleId} className="truncate">
                {name}
              </span>
            </h2>
            <p className="mt-0.5 flex flex-wrap items-center gap-x-2 text-xs whitespace-nowrap text-slate-500">
              <span>{plural(media.length, 'asset')}</span>
              <span className="inline-flex items-center gap-1 font-medium text-slate-600" data-testid="scene-credits">
                <Coins className="h-3 w-3 text-amber-500" aria-hidden />
                {creditsLabel(credits)}
              </span>
            </p>
          </div>
          <div className="-mx-1.5 flex shrink-0 items-center @[260px]/card:mx-0 @[260px]/card:-mr-1.5">
            {download && asset && exportable(asset) ? <ExportButton asset={asset} look="icon" /> : null}
            {download ? (
              <a href={download} download aria-label="Download" title="Download" className={footerButton}>
                <Download className="h-4 w-4" aria-hidden />
              </a>
            ) : null}
            {/* Worded, and drawn as long arrows: the picture's chevrons page through assets, these move the whole campaign. */}
            <button
              type="button"
              data-move="-1"
              onClick={() => move(-1)}
              disabled={index === 0}
              aria-label="Move earlier"
              title="Move this campaign earlier"
              className={moveButton}
            >
              <MoveLeft className="h-3.5 w-3.5" aria-hidden /> Earlier
            </button>
            <button
              type="button"
              data-move="1"
              onClick={() => move(1)}
              disabled={index >= total - 1}
              aria-label="Move later"
              title="Move this campaign later"
              className={moveButton}
            >
              Later <MoveRight className="h-3.5 w-3.5" aria-hidden />
            </button>
          </div>
        </div>
        {chips.length > 0 ? (
          <ul aria-label="Asset details" className="flex flex-wrap gap-1.5 @max-[220px]/card:hidden">
            {chips.map((chip) => (
              <li
                key={chip.kind}
                className="rounded-md bg-slate-100 px-1.5 py-0.5 text-[11px] font-medium text-slate-600 tabular-nums"
                title={chip.description}
              >
                <span className="sr-only">{chip.description}</span>
                <span aria-hidden>{chip.label}</span>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </article>
  );
});
