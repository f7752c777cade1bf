import { AlertTriangle, ImageIcon, Minus, Plus, RefreshCw, Sparkles, Video } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/Button';
import { Spinner } from '@/components/ui/Spinner';
import { readNumber, storageKeys, writeString } from '@/lib/storage';
import { useStoryboard } from '../api/storyboard';
import { campaignsWithMedia, cardWidth, clampZoom, plural, ZOOM_DEFAULT, ZOOM_MAX, ZOOM_MIN, zoomIn, zoomOut } from '../logic/storyboard';
import { SceneCard } from './SceneCard';

export interface StoryboardProps {
  projectId: string | null;
  selectedSceneId: string | null;
  onSelectScene: (sceneId: string) => void;
  onCreateCampaign: () => void;
  /** A project is being set up: show the loading state rather than an empty one. */
  settingUp?: boolean;
}

/** Campaign Studio: the grid of scene cards for the selected project. */
export function Storyboard({ projectId, selectedSceneId, onSelectScene, onCreateCampaign, settingUp = false }: StoryboardProps) {
  const query = useStoryboard(projectId);
  const [zoom, setZoom] = useState(() => clampZoom(readNumber(storageKeys.storyboardZoom) ?? ZOOM_DEFAULT));
  const changeZoom = (next: number) => {
    setZoom(next);
    writeString(storageKeys.storyboardZoom, String(next));
  };

  const data = query.data;
  const scenes = data?.scenes ?? [];
  const stats = data?.stats?.media_by_type;
  const withMedia = campaignsWithMedia(scenes);

  let body;
  if (!projectId) {
    body = settingUp ? <LoadingState /> : <NoProject />;
  } else if (query.isPending) {
    body = <LoadingState />;
  } else if (query.isError) {
    body = <ErrorState />;
  } else if (scenes.length === 0) {
    body = settingUp ? <LoadingState /> : <EmptyState onCreate={onCreateCampaign} />;
  } else {
    const width = cardWidth(zoom);
    body = (
      <div className="flex flex-col gap-10">
        <ul className="grid justify-start gap-5" style={{ gridTemplateColumns: `repeat(auto-fill, minmax(min(${width}px, 100%), ${width}px))` }}>
          {scenes.map((scene) => (
            <li key={scene.id} className="flex">
              <SceneCard scene={scene} selected={scene.id === selectedSceneId} width={width} onSelect={onSelectScene} />
            </li>
          ))}
        </ul>
        {data && data.unassigned_media.length > 0 ? (
          <section aria-labelledby="unassigned-title">
            <h2 id="unassigned-title" className="text-sm font-semibold text-slate-700">
              Unassigned Media <span className="font-normal text-slate-400">({data.unassigned_media.length})</span>
            </h2>
            <ul className="mt-3 flex flex-wrap gap-3">
              {data.unassigned_media.map((asset) => (
                <li key={asset.id} className="h-24 w-24 overflow-hidden rounded-xl bg-slate-100 ring-1 ring-slate-200">
                  {asset.file_type === 'image' ? (
                    <img src={asset.thumbnail_url ?? asset.url} alt={asset.original_filename ?? asset.filename} className="h-full w-full object-cover" />
                  ) : (
                    <span className="flex h-full items-center justify-center text-xs text-slate-500">{asset.file_type}</span>
                  )}
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </div>
    );
  }

  return (
    <section aria-labelledby="storyboard-title" className="bg-dots @container flex h-full min-h-0 flex-col">
      <div className="flex items-center justify-between gap-3 border-b border-slate-200/80 bg-slate-50/80 px-4 py-3 backdrop-blur @lg:px-6 @lg:py-4">
        <div className="flex min-w-0 items-baseline gap-3">
          <h1 id="storyboard-title" className="text-lg font-semibold tracking-tight whitespace-nowrap text-slate-900 @lg:text-xl">
            Campaign Studio
          </h1>
          {data ? (
            <p className="truncate text-sm whitespace-nowrap text-slate-500" data-testid="campaign-count">
              {plural(scenes.length, 'campaign')}
              {withMedia > 0 ? ` · ${withMedia} with media` : ''}
            </p>
          ) : null}
        </div>
        <div className="flex items-center gap-2">
          {stats ? (
            <span className="hidden items-center gap-3 rounded-full bg-white px-3 py-1.5 text-xs font-medium whitespace-nowrap text-slate-600 ring-1 ring-slate-200 @2xl:inline-flex">
              <span className="inline-flex items-center gap-1">
                <ImageIcon className="h-3.5 w-3.5" aria-hidden /> {plural(stats.image, 'image')}
              </span>
              <span className="inline-flex items-center gap-1">
                <Video className="h-3.5 w-3.5" aria-hidden /> {plural(stats.video, 'video')}
              </span>
            </span>
          ) : null}
          <div className="hidden items-center rounded-lg bg-white ring-1 ring-slate-200 @md:inline-flex" role="group" aria-label="Zoom">
            <button
              type="button"
              onClick={() => changeZoom(zoomOut(zoom))}
              disabled={zoom <= ZOOM_MIN}
              aria-label="Zoom out"
              className="flex h-8 w-8 items-center justify-center rounded-l-lg text-slate-600 transition hover:bg-slate-50 disabled:text-slate-300"
            >
              <Minus className="h-4 w-4" aria-hidden />
            </button>
            <span className="w-12 text-center text-xs font-medium text-slate-600 tabular-nums" aria-live="polite">
              {Math.round(zoom * 100)}%
            </span>
            <button
              type="button"
              onClick={() => changeZoom(zoomIn(zoom))}
              disabled={zoom >= ZOOM_MAX}
              aria-label="Zoom in"
              className="flex h-8 w-8 items-center justify-center rounded-r-lg text-slate-600 transition hover:bg-slate-50 disabled:text-slate-300"
            >
              <Plus className="h-4 w-4" aria-hidden />
            </button>
          </div>
        </div>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto px-4 py-5 @lg:px-6 @lg:py-6">{body}</div>
    </section>
  );
}

function LoadingState() {
  return (
    <div className="flex h-full min-h-64 flex-col items-center justify-center gap-3 text-sm text-slate-500">
      <Spinner className="text-brand-600" label="Loading storyboard..." />
    </div>
  );
}

function NoProject() {
  return (
    <div className="flex h-full min-h-64 flex-col items-center justify-center text-center">
      <p className="text-base font-semibold text-slate-800">No project selected</p>
      <p className="mt-1 max-w-sm text-sm text-slate-500">Create a project from the project menu to start building campaigns.</p>
    </div>
  );
}

function EmptyState({ onCreate }: { onCreate: () => void }) {
  return (
    <div className="flex h-full min-h-72 flex-col items-center justify-center text-center">
      <div className="flex h-16 w-16 items-center justify-center rounded-2xl bg-white text-brand-600 shadow-sm ring-1 ring-slate-200">
        <Sparkles className="h-7 w-7" aria-hidden />
      </div>
      <h2 className="mt-5 text-xl font-semibold tracking-tight text-slate-900">Start Creating</h2>
      <p className="mt-2 max-w-sm text-sm text-slate-500">Campaigns collect the images and videos you make for one idea. Create your first one to begin.</p>
      <Button className="mt-6" onClick={onCreate}>
        <Plus className="h-4 w-4" aria-hidden /> Create New Campaign
      </Button>
    </div>
  );
}

function ErrorState() {
  return (
    <div className="flex h-full min-h-72 items-center justify-center">
      <div role="alert" className="w-full max-w-md rounded-2xl bg-white p-6 shadow-sm ring-1 ring-rose-200">
        <div className="flex items-center gap-3">
          <span className="flex h-10 w-10 items-center justify-center rounded-full bg-rose-50 text-rose-600">
            <AlertTriangle className="h-5 w-5" aria-hidden />
          </span>
          <h2 className="text-lg font-semibold text-slate-900">Error loading storyboard</h2>
        </div>
        <p className="mt-3 text-sm text-slate-600">We couldn't load this project's campaigns. You can try:</p>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-600">
          <li>Checking your internet connection</li>
          <li>Signing out and back in if your session expired</li>
          <li>Selecting another project, then coming back</li>
        </ul>
        <Button className="mt-5" variant="secondary" onClick={() => window.location.reload()}>
          <RefreshCw className="h-4 w-4" aria-hidden /> Retry
        </Button>
      </div>
    </div>
  );
}
