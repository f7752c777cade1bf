import { Coins, ImageIcon, Music, Video } from 'lucide-react';
import type { StoryboardScene } from '@/api/types';
import { cn } from '@/lib/cn';
import { activeAsset, plural, sceneCredits } from '../logic/storyboard';

export interface SceneCardProps {
  scene: StoryboardScene;
  selected: boolean;
  width: number;
  onSelect: (sceneId: string) => void;
}

const placeholders = [
  'from-violet-100 via-fuchsia-50 to-pink-100',
  'from-sky-100 via-cyan-50 to-indigo-100',
  'from-amber-100 via-orange-50 to-rose-100',
  'from-emerald-100 via-teal-50 to-lime-100',
];

/** One scene (campaign) in the storyboard grid; clicking it selects the scene. */
export function SceneCard({ scene, selected, width, onSelect }: SceneCardProps) {
  const media = scene.media ?? [];
  const asset = activeAsset(media, scene.active_asset_id);
  const name = scene.name?.trim() ? scene.name : 'Untitled Scene';
  const credits = sceneCredits(media);
  const gradient = placeholders[Math.abs(scene.order ?? 0) % placeholders.length];

  return (
    <button
      type="button"
      onClick={() => onSelect(scene.id)}
      aria-pressed={selected}
      aria-label={`${name}, ${plural(media.length, 'asset')}`}
      data-testid="scene-card"
      style={{ width }}
      className={cn(
        'group flex flex-col overflow-hidden rounded-2xl bg-white text-left shadow-sm ring-1 transition duration-200 hover:-translate-y-0.5 hover:shadow-md',
        selected ? 'ring-2 ring-blue-500 shadow-blue-500/10' : 'ring-slate-200 hover:ring-slate-300',
      )}
    >
      <div className={cn('relative aspect-[4/3] w-full overflow-hidden bg-gradient-to-br', gradient)}>
        {asset && asset.file_type === 'image' ? (
          <img src={asset.thumbnail_url ?? asset.url} alt={asset.file_metadata?.prompt ?? name} className="h-full w-full object-cover" loading="lazy" />
        ) : asset && asset.file_type === 'video' ? (
          <video src={asset.url} className="h-full w-full object-cover" muted playsInline preload="metadata" />
        ) : (
          <div className="flex h-full w-full flex-col items-center justify-center gap-2 text-slate-500">
            <span className="flex h-12 w-12 items-center justify-center rounded-full bg-white/70 shadow-sm backdrop-blur">
              <ImageIcon className="h-5 w-5" aria-hidden />
            </span>
            <span className="text-xs font-medium">No media yet</span>
          </div>
        )}
        {selected ? (
          <span className="absolute top-3 left-3 rounded-full bg-blue-600 px-2.5 py-1 text-[11px] font-semibold text-white shadow">Selected</span>
        ) : null}
      </div>
      <div className="flex items-center justify-between gap-3 px-4 py-3">
        <div className="min-w-0">
          <p className="truncate text-sm font-semibold text-slate-900">{name}</p>
          <p className="mt-0.5 text-xs text-slate-500">{plural(media.length, 'asset')}</p>
        </div>
        <div className="flex shrink-0 items-center gap-2 text-xs text-slate-500">
          {media.some((m) => m.file_type === 'video') ? <Video className="h-3.5 w-3.5" aria-hidden /> : null}
          {media.some((m) => m.file_type === 'audio') ? <Music className="h-3.5 w-3.5" aria-hidden /> : null}
          {credits > 0 ? (
            <span className="inline-flex items-center gap-1 rounded-full bg-slate-100 px-2 py-0.5 font-medium text-slate-600">
              <Coins className="h-3 w-3" aria-hidden /> {credits}
            </span>
          ) : null}
        </div>
      </div>
    </button>
  );
}
