import { ChevronDown, ChevronUp, ImageIcon } from 'lucide-react';
import { memo, useId } from 'react';
import type { StoryboardScene } from '@/api/types';
import { cn } from '@/lib/cn';
import { activeAsset, sceneName } from '../logic/storyboard';
import { AssetThumb } from './AssetThumb';

export interface TimelineStripProps {
  scenes: StoryboardScene[];
  selectedSceneId: string | null;
  open: boolean;
  onToggle: () => void;
  onSelect: (sceneId: string) => void;
}

/** The scenes in order under the storyboard (256 px high on desktop, 160 px on a phone), each with its cover; a click selects one. */
export const TimelineStrip = memo(function TimelineStrip({ scenes, selectedSceneId, open, onToggle, onSelect }: TimelineStripProps) {
  const listId = useId();
  return (
    <section aria-label="Timeline" className="shrink-0 border-t border-slate-200 bg-white/90 backdrop-blur">
      <div className="flex h-10 items-center justify-between px-4 @lg:px-6">
        <h2 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Timeline</h2>
        <button
          type="button"
          onClick={onToggle}
          aria-expanded={open}
          aria-controls={listId}
          className="inline-flex h-8 items-center gap-1 rounded-lg px-2 text-xs font-medium text-slate-600 transition hover:bg-slate-100 hover:text-slate-900"
        >
          {open ? <ChevronDown className="h-4 w-4" aria-hidden /> : <ChevronUp className="h-4 w-4" aria-hidden />}
          {open ? 'Hide timeline' : 'Show timeline'}
        </button>
      </div>
      <div id={listId} hidden={!open} className="h-[120px] md:h-[216px]">
        <ol className="flex h-full items-stretch gap-3 overflow-x-auto px-4 pb-3 @lg:px-6" data-testid="timeline">
          {scenes.map((scene, index) => (
            <TimelineItem key={scene.id} scene={scene} index={index} selected={scene.id === selectedSceneId} onSelect={onSelect} />
          ))}
        </ol>
      </div>
    </section>
  );
});

interface TimelineItemProps {
  scene: StoryboardScene;
  index: number;
  selected: boolean;
  onSelect: (sceneId: string) => void;
}

const TimelineItem = memo(function TimelineItem({ scene, index, selected, onSelect }: TimelineItemProps) {
  const name = sceneName(scene);
  const asset = activeAsset(scene.media, scene.cover_asset_id);
  return (
    <li className="flex h-full shrink-0">
      <button
        type="button"
        onClick={() => onSelect(scene.id)}
        aria-current={selected ? 'true' : undefined}
        aria-label={`${index + 1}. ${name}`}
        className={cn(
          'flex h-full w-[88px] flex-col overflow-hidden rounded-xl bg-white text-left ring-1 transition md:w-[150px]',
          selected ? 'ring-2 ring-blue-500' : 'ring-slate-200 hover:ring-slate-300',
        )}
      >
        {asset ? (
          <AssetThumb asset={asset} alt="" className="min-h-0 w-full flex-1" />
        ) : (
          <span className="flex min-h-0 w-full flex-1 items-center justify-center bg-slate-50 text-slate-300">
            <ImageIcon className="h-5 w-5" aria-hidden />
          </span>
        )}
        <span className="flex items-center gap-1.5 px-2 py-1.5 text-xs">
          <span className="font-semibold text-slate-500 tabular-nums">{index + 1}</span>
          <span className="truncate font-medium text-slate-700">{name}</span>
        </span>
      </button>
    </li>
  );
});
