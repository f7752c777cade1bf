import { Clapperboard, Wand2 } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { IMAGE_EDIT_COST } from '@/api/imageEdit';
import { ExportButton } from '@/components/exports';
import type { MediaItemView } from '@/components/media';
import { Spinner } from '@/components/ui/Spinner';
import { useCreditShortfall } from '@/lib/credits/shortfall';
import type { CompletedJob } from '@/lib/jobs/watchJob';
import type { ViewerEntry } from '../logic/thread';

const MediaViewer = lazy(() => import('@/components/media/MediaViewer'));
const ImageEditor = lazy(() => import('@/components/media/ImageEditor'));

export interface ChatMediaViewerProps {
  entries: readonly ViewerEntry[];
  items: MediaItemView[];
  index: number;
  onIndexChange: (index: number) => void;
  onClose: () => void;
  projectId: string;
  sceneId: string;
  animateCost: string;
  /** Why the balance cannot pay for the video, or null. */
  animateShortfall: string | null;
  onAnimate: (entry: ViewerEntry) => void;
  onEdited: (result: CompletedJob) => void;
}

const actionClass =
  'inline-flex h-10 items-center gap-2 rounded-full bg-white/10 px-4 text-sm font-medium text-white ring-1 ring-white/15 backdrop-blur transition hover:bg-white/20 focus-visible:ring-2 focus-visible:ring-white';

/** The scene's media full screen, with Edit image (the editor takes the stage) and Animate this. */
export function ChatMediaViewer({
  entries,
  items,
  index,
  onIndexChange,
  onClose,
  projectId,
  sceneId,
  animateCost,
  animateShortfall,
  onAnimate,
  onEdited,
}: ChatMediaViewerProps) {
  const [editing, setEditing] = useState<string | null>(null);
  const editShortfall = useCreditShortfall(IMAGE_EDIT_COST);
  const current = entries[index];
  const currentItem = items[index];
  const editingCurrent = editing !== null && current?.media.id === editing && currentItem ? { entry: current, item: currentItem } : null;

  return (
    <Suspense
      fallback={
        <div className="fixed inset-0 z-50 flex items-center justify-center bg-slate-950/80 text-white">
          <Spinner label="Opening…" />
        </div>
      }
    >
      <MediaViewer
        items={items}
        index={index}
        onIndexChange={(next) => {
          setEditing(null);
          onIndexChange(next);
        }}
        onClose={onClose}
        stage={
          editingCurrent ? (
            <Suspense fallback={<Spinner className="m-auto text-white" label="Loading editor…" />}>
              <ImageEditor
                image={editingCurrent.item}
                projectId={projectId}
                sceneId={sceneId}
                parentMessageId={editingCurrent.entry.messageId}
                onEdited={(result) => {
                  setEditing(null);
                  onEdited(result);
                }}
                onCancel={() => setEditing(null)}
              />
            </Suspense>
          ) : undefined
        }
        onEscapeStage={() => setEditing(null)}
        renderActions={(item, at) => {
          const entry = entries[at];
          if (!entry || editingCurrent) return null;
          const exportAsset = { id: entry.media.id, file_type: item.type, project_id: projectId, scene_id: sceneId };
          if (item.type === 'video') return <ExportButton asset={exportAsset} look="viewer" />;
          if (item.type !== 'image') return null;
          return (
            <>
              <button
                type="button"
                className={`${actionClass} disabled:cursor-not-allowed disabled:opacity-60`}
                title={editShortfall ?? undefined}
                disabled={editShortfall !== null}
                onClick={() => setEditing(entry.media.id)}
              >
                <Wand2 className="h-4 w-4" aria-hidden />
                Edit image
                {editShortfall ? <span className="rounded-full bg-white/15 px-1.5 text-[11px]">{editShortfall}</span> : null}
              </button>
              <button
                type="button"
                className={`${actionClass} disabled:cursor-not-allowed disabled:opacity-60`}
                title={animateShortfall ?? `Turn this image into a video · ${animateCost}`}
                disabled={animateShortfall !== null}
                onClick={() => onAnimate(entry)}
              >
                <Clapperboard className="h-4 w-4" aria-hidden />
                Animate this
                <span className="rounded-full bg-white/15 px-1.5 text-[11px]">{animateShortfall ?? animateCost}</span>
              </button>
              <ExportButton asset={exportAsset} look="viewer" />
            </>
          );
        }}
      />
    </Suspense>
  );
}
