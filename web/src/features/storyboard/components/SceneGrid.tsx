import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  type KeyboardSensorOptions,
  type PointerSensorOptions,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type ScreenReaderInstructions,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { rectSortingStrategy, SortableContext, sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import { useEffect, useMemo, useState, type CSSProperties } from 'react';
import type { StoryboardScene } from '@/api/types';
import { moveId } from '../logic/order';
import { sceneName } from '../logic/storyboard';
import { SceneCard } from './SceneCard';

export interface SceneGridProps {
  scenes: StoryboardScene[];
  /** The narrowest a card may get (from the zoom). */
  minWidth: number;
  selectedSceneId: string | null;
  /** Progress per scene with a generation running. */
  generating: Map<string, number | null>;
  highlight: { sceneId: string; key: number } | null;
  onOpen: (sceneId: string) => void;
  onSetActive: (sceneId: string, assetId: string) => void;
  onMove: (sceneId: string, delta: -1 | 1) => void;
  onReorder: (ids: string[]) => void;
}

// Constants: new options would make new sensors, and every card under them would re-render.
// A few pixels of movement before a drag starts, so a click on the handle stays a click.
const pointerOptions: PointerSensorOptions = { activationConstraint: { distance: 6 } };
const keyboardOptions: KeyboardSensorOptions = { coordinateGetter: sortableKeyboardCoordinates };

/** Cards rendered in the first pass, and added per idle moment after it: a hundred at once would block the page. */
const FIRST_CARDS = 16;
const MORE_CARDS = 8;

function whenIdle(run: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(run, { timeout: 200 });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(run, 16);
  return () => window.clearTimeout(handle);
}

const instructions: ScreenReaderInstructions = {
  draggable:
    'To reorder, press Space or Enter to pick up the campaign, use the arrow keys to move it, then press Space or Enter to drop it, or Escape to cancel.',
};

/**
 * The campaign cards in a grid whose columns fill the width, reordered by dragging a card's handle,
 * or with the keyboard on the handle.
 */
export function SceneGrid({ scenes, minWidth, selectedSceneId, generating, highlight, onOpen, onSetActive, onMove, onReorder }: SceneGridProps) {
  // The same array while the order is the same: the sortable context (and every card under it) re-renders when it changes.
  const order = scenes.map((s) => s.id).join('\n');
  const ids = useMemo(() => (order ? order.split('\n') : []), [order]);
  const [rendered, setRendered] = useState(FIRST_CARDS);
  const more = rendered < scenes.length;
  useEffect(() => (more ? whenIdle(() => setRendered((count) => count + MORE_CARDS)) : undefined), [more, rendered]);

  const sensors = useSensors(useSensor(PointerSensor, pointerOptions), useSensor(KeyboardSensor, keyboardOptions));

  const announcements = useMemo<Announcements>(() => {
    const nameOf = (id: UniqueIdentifier) => {
      const scene = scenes.find((s) => s.id === id);
      return scene ? sceneName(scene) : 'Campaign';
    };
    const place = (id: UniqueIdentifier) => `position ${ids.indexOf(String(id)) + 1} of ${ids.length}`;
    return {
      onDragStart: ({ active }) => `Picked up ${nameOf(active.id)}, at ${place(active.id)}.`,
      onDragOver: ({ active, over }) => (over ? `${nameOf(active.id)} is over ${place(over.id)}.` : `${nameOf(active.id)} is no longer over a place.`),
      onDragEnd: ({ active, over }) => (over ? `${nameOf(active.id)} dropped at ${place(over.id)}.` : `${nameOf(active.id)} dropped.`),
      onDragCancel: ({ active }) => `Reordering cancelled. ${nameOf(active.id)} is back at ${place(active.id)}.`,
    };
  }, [ids, scenes]);

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    onReorder(moveId(ids, String(active.id), String(over.id)));
  };

  // On a narrow storyboard (a phone) the width is halved, so zooming out still adds columns there.
  const gridStyle = { '--card-w': `${minWidth}px` } as CSSProperties;

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{ announcements, screenReaderInstructions: instructions }}
    >
      <SortableContext items={ids} strategy={rectSortingStrategy}>
        <ul
          aria-label="Campaigns"
          data-testid="scene-grid"
          style={gridStyle}
          className="grid grid-cols-[repeat(auto-fill,minmax(min(var(--card-min),100%),1fr))] gap-4 [--card-min:var(--card-w)] @lg:gap-5 @max-xl:[--card-min:calc(var(--card-w)*0.5)]"
        >
          {scenes.slice(0, rendered).map((scene, index) => (
            <li key={scene.id} className="flex min-w-0">
              <SceneCard
                scene={scene}
                index={index}
                total={scenes.length}
                selected={scene.id === selectedSceneId}
                progress={generating.has(scene.id) ? (generating.get(scene.id) ?? null) : undefined}
                highlightKey={highlight?.sceneId === scene.id ? highlight.key : 0}
                onOpen={onOpen}
                onSetActive={onSetActive}
                onMove={onMove}
              />
            </li>
          ))}
        </ul>
      </SortableContext>
    </DndContext>
  );
}
