import { useEffect, useRef, useState, type FocusEvent } from 'react';
import { MOBILE_BREAKPOINT } from '@/lib/breakpoints';
import type { DockPanel } from '../components/DockPanels';

/**
 * The bars under the thread: which panel is open (a campaign without a product photo opens with its photo
 * panel, until the seller folds it — on a phone it would take half the screen, so there only the notice's
 * Add photo shows), and the fold to one line while the seller types on a phone so the thread keeps the screen.
 */
export function useDock(sceneId: string, hasNoPhotos: boolean, viewportWidth: number) {
  const [dockChoice, setDockChoice] = useState<{ sceneId: string | null; panel: DockPanel | null } | null>(null);
  const photosFirst = hasNoPhotos && viewportWidth >= MOBILE_BREAKPOINT;
  const panel = dockChoice && dockChoice.sceneId === sceneId ? dockChoice.panel : photosFirst ? 'photos' : null;

  const ref = useRef<HTMLDivElement>(null);
  const [typing, setTyping] = useState(false);
  const pressing = useRef(false);
  useEffect(() => {
    const down = () => (pressing.current = true);
    const up = () => (pressing.current = false);
    window.addEventListener('pointerdown', down, true);
    window.addEventListener('pointerup', up, true);
    return () => {
      window.removeEventListener('pointerdown', down, true);
      window.removeEventListener('pointerup', up, true);
    };
  }, []);

  return {
    ref,
    panel,
    compact: typing && viewportWidth < MOBILE_BREAKPOINT,
    openPanel: (next: DockPanel | null) => {
      setDockChoice({ sceneId, panel: next });
      if (next) setTyping(false);
    },
    onFocus: (event: FocusEvent<HTMLDivElement>) => {
      if (event.target instanceof HTMLTextAreaElement) setTyping(true);
    },
    onBlur: (event: FocusEvent<HTMLDivElement>) => {
      // Moving to a folded bar keeps the fold until that bar is opened.
      if (event.relatedTarget instanceof Node && ref.current?.contains(event.relatedTarget)) return;
      // A press elsewhere (a button in the thread) unfolds only once it is released: moving
      // the thread under a finger or mouse that is still down would make it miss its target.
      if (pressing.current) window.addEventListener('pointerup', () => window.setTimeout(() => setTyping(false), 0), { once: true });
      else setTyping(false);
    },
  };
}
