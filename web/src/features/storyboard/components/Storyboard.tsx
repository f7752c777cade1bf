import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { queryKeys } from '@/api/queryKeys';
import type { Storyboard as StoryboardData, User } from '@/api/types';
import { Modal } from '@/components/ui/Modal';
import { Spinner } from '@/components/ui/Spinner';
import { useJobProgressState } from '@/lib/events';
import { isUuid } from '@/lib/media/assetId';
import { useStoryboard } from '../api/storyboard';
import { generatingScenes } from '../logic/cache';
import { stepId } from '../logic/order';
import { scenesWithMedia, gridMinWidth } from '../logic/storyboard';
import { useCachedQueryData } from '../state/useCachedQueryData';
import { useDeleteAsset } from '../state/useDeleteAsset';
import { useReorderScenes } from '../state/useReorderScenes';
import { useSetActiveAsset } from '../state/useSetActiveAsset';
import { useStoryboardEvents } from '../state/useStoryboardEvents';
import { useStoryboardZoom } from '../state/useStoryboardZoom';
import { useTimelineOpen } from '../state/useTimelineOpen';
import { SceneGrid } from './SceneGrid';
import { StoryboardHeader } from './StoryboardHeader';
import { EmptyState, ErrorState, LoadingState, NoProject } from './StoryboardStates';
import { TimelineStrip } from './TimelineStrip';
import { UnassignedMedia } from './UnassignedMedia';
import type { RenderRecipe } from './SceneDetail';

// The scene detail is not needed for the first view: it loads on first use (and is fetched ahead once the grid is up).
const loadSceneDetail = () => import('./SceneDetail');
const SceneDetail = lazy(loadSceneDetail);

export interface StoryboardProps {
  /** Without one, the project in the route (`/create/:projectId`) is shown. */
  projectId: string | null;
  selectedSceneId: string | null;
  onSelectScene: (sceneId: string) => void;
  onCreateScene: () => void;
  /** A project is being set up: show the loading state rather than an empty one. */
  settingUp?: boolean;
  /** How an asset of the open campaign was made (the scene detail shows it). */
  renderRecipe?: RenderRecipe;
  /** Under a picture in the campaign detail: ad text or the step that makes an ad. */
  renderAdTools?: RenderRecipe;
  /** The project's brand kit, shown in a dialog from the header. */
  renderBrandKit?: (projectId: string) => ReactNode;
}

interface OpenDetail {
  projectId: string;
  sceneId: string;
  /** Opened by the user (focus moves into it), not by a generation starting elsewhere. */
  focus: boolean;
}

const NO_SCENES: StoryboardData['scenes'] = [];

/** Campaign Studio: the selected project's campaigns as a grid of cards, their detail view, and the timeline. */
export function Storyboard({
  projectId: givenProjectId,
  selectedSceneId,
  onSelectScene,
  onCreateScene,
  settingUp = false,
  renderRecipe,
  renderAdTools,
  renderBrandKit,
}: StoryboardProps) {
  const routeProjectId = useParams().projectId;
  const projectId = givenProjectId ?? (isUuid(routeProjectId) ? routeProjectId : null);
  const queryClient = useQueryClient();
  const query = useStoryboard(projectId);
  const [brandKitOpen, setBrandKitOpen] = useState(false);
  const me = useCachedQueryData<User | null>(queryKeys.me);
  const [zoom, setZoom] = useStoryboardZoom(me?.id);
  const jobs = useJobProgressState();
  const generating = useMemo(() => generatingScenes(jobs, projectId), [jobs, projectId]);

  const setActive = useSetActiveAsset(projectId);
  const reorder = useReorderScenes(projectId);
  const deleteAsset = useDeleteAsset(projectId);

  const [detail, setDetail] = useState<OpenDetail | null>(null);
  const [highlight, setHighlight] = useState<{ sceneId: string; key: number } | null>(null);
  const [timelineOpen, toggleTimeline] = useTimelineOpen(me?.id);

  const data = query.data;
  const scenes = data?.scenes ?? NO_SCENES;
  const openScene = detail && detail.projectId === projectId ? (scenes.find((s) => s.id === detail.sceneId) ?? null) : null;

  // Handlers handed to a hundred memoised cards stay the same; they read the latest props from here.
  const openSceneId = openScene?.id ?? null;
  const latest = useRef({ selectedSceneId, onSelectScene, projectId, openSceneId });
  useLayoutEffect(() => {
    latest.current = { selectedSceneId, onSelectScene, projectId, openSceneId };
  });

  const scroller = useRef<HTMLDivElement>(null);
  const gridScroll = useRef(0);
  const returnTo = useRef<string | null>(null);

  const select = useCallback((sceneId: string) => {
    if (sceneId !== latest.current.selectedSceneId) latest.current.onSelectScene(sceneId);
  }, []);

  const openDetail = useCallback(
    (sceneId: string, focus: boolean) => {
      const current = latest.current.projectId;
      if (!current) return;
      select(sceneId);
      // Leaving the grid: remember where it was scrolled to.
      if (!latest.current.openSceneId) gridScroll.current = scroller.current?.scrollTop ?? 0;
      setDetail({ projectId: current, sceneId, focus });
    },
    [select],
  );

  const onOpenCard = useCallback((sceneId: string) => openDetail(sceneId, true), [openDetail]);

  const closeDetail = useCallback(() => {
    returnTo.current = latest.current.openSceneId;
    setDetail(null);
  }, []);

  // Into the detail: start at its top. Back to the grid: where it was, focus on the card that was open.
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    if (openSceneId) {
      element.scrollTop = 0;
      return;
    }
    const sceneId = returnTo.current;
    returnTo.current = null;
    if (!sceneId) return;
    element.scrollTop = gridScroll.current;
    document.getElementById(`scene-open-${sceneId}`)?.focus({ preventScroll: true });
  }, [openSceneId]);

  const onSelectTimeline = useCallback(
    (sceneId: string) => {
      select(sceneId);
      // In the detail view the timeline switches the scene shown.
      const current = latest.current.projectId;
      if (current && latest.current.openSceneId) setDetail({ projectId: current, sceneId, focus: false });
    },
    [select],
  );

  const onMove = useCallback(
    (sceneId: string, delta: -1 | 1) => {
      const current = latest.current.projectId;
      const ids = current ? queryClient.getQueryData<StoryboardData>(queryKeys.storyboard(current))?.scenes.map((s) => s.id) : undefined;
      const next = ids ? stepId(ids, sceneId, delta) : null;
      if (next) void reorder(next);
    },
    [queryClient, reorder],
  );

  const onReorder = useCallback((ids: string[]) => void reorder(ids), [reorder]);
  const onSetActive = useCallback((sceneId: string, assetId: string) => void setActive(sceneId, assetId), [setActive]);

  useStoryboardEvents(projectId, {
    onHighlight: (sceneId) => setHighlight((current) => ({ sceneId, key: (current?.key ?? 0) + 1 })),
    onGenerationStart: (sceneId) => openDetail(sceneId, false),
  });

  const hasData = data !== undefined;
  useEffect(() => {
    if (!hasData) return;
    const timer = window.setTimeout(() => void loadSceneDetail(), 1500);
    return () => window.clearTimeout(timer);
  }, [hasData]);

  const minWidth = gridMinWidth(zoom);
  let body;
  if (!projectId) {
    body = settingUp ? <LoadingState minWidth={minWidth} /> : <NoProject />;
  } else if (data) {
    body =
      scenes.length === 0 ? (
        settingUp ? (
          <LoadingState minWidth={minWidth} />
        ) : (
          <EmptyState onCreate={onCreateScene} />
        )
      ) : (
        <>
          {openScene ? (
            <Suspense fallback={<Spinner className="m-auto flex py-24 text-brand-600" label="Loading campaign..." />}>
              <SceneDetail
                key={openScene.id}
                scene={openScene}
                projectId={projectId}
                autoFocus={detail?.focus ?? false}
                generating={generating.has(openScene.id)}
                onBack={closeDetail}
                onSetCover={onSetActive}
                onDeleteAsset={deleteAsset}
                renderRecipe={renderRecipe}
                renderAdTools={renderAdTools}
              />
            </Suspense>
          ) : null}
          <div hidden={openScene !== null} className="flex flex-col gap-8">
            <SceneGrid
              scenes={scenes}
              minWidth={minWidth}
              selectedSceneId={selectedSceneId}
              generating={generating}
              highlight={highlight}
              onOpen={onOpenCard}
              onSetActive={onSetActive}
              onMove={onMove}
              onReorder={onReorder}
            />
            {data.unassigned_media.length > 0 ? <UnassignedMedia media={data.unassigned_media} /> : null}
          </div>
        </>
      );
  } else if (query.isError && !settingUp) {
    body = <ErrorState />;
  } else {
    body = <LoadingState minWidth={minWidth} />;
  }

  return (
    <section aria-labelledby="storyboard-title" className="bg-dots @container flex h-full min-h-0 flex-col" data-testid="storyboard">
      <StoryboardHeader
        counts={data ? { scenes: scenes.length, withMedia: scenesWithMedia(scenes) } : null}
        mediaByType={data?.stats.media_by_type ?? null}
        zoom={zoom}
        onZoom={setZoom}
        showZoom={openScene === null}
        onBrandKit={projectId && renderBrandKit ? () => setBrandKitOpen(true) : undefined}
      />
      {projectId && renderBrandKit ? (
        <Modal
          open={brandKitOpen}
          onOpenChange={setBrandKitOpen}
          title="Brand kit"
          description="Your logo, colours and fonts, used by every ad in this project."
          className="max-w-lg"
        >
          {renderBrandKit(projectId)}
        </Modal>
      ) : null}
      <div ref={scroller} className="min-h-0 flex-1 overflow-y-auto px-4 py-5 @lg:px-6 @lg:py-6">
        {body}
      </div>
      {data && scenes.length > 0 ? (
        <TimelineStrip scenes={scenes} selectedSceneId={selectedSceneId} open={timelineOpen} onToggle={toggleTimeline} onSelect={onSelectTimeline} />
      ) : null}
    </section>
  );
}
