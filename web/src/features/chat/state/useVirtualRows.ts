import { elementScroll, observeElementOffset, observeElementRect, Virtualizer, type VirtualItem } from '@tanstack/react-virtual';
import { useLayoutEffect, useState, useSyncExternalStore } from 'react';

export interface VirtualRows {
  /** The rows to render (what is on screen plus the overscan). */
  items: VirtualItem[];
  /** The height of the whole list. */
  totalSize: number;
  /** Ref callback for each rendered row (it carries `data-index`), so real heights replace the estimate. */
  measureElement: (node: Element | null) => void;
}

export interface VirtualRowsOptions {
  count: number;
  getScrollElement: () => HTMLElement | null;
  estimateSize: (index: number) => number;
  getItemKey: (index: number) => string | number;
  overscan: number;
  /** Where the scroller should be when the rows attach to it (read once, as they attach). */
  initialOffset: () => number;
}

/** Rows are compared by what they show: options passed anew each render make the virtualizer hand out new arrays. */
function sameItems(a: readonly VirtualItem[], b: readonly VirtualItem[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  return a.every((item, i) => {
    const other = b[i];
    return other !== undefined && item.key === other.key && item.start === other.start && item.size === other.size;
  });
}

/**
 * TanStack's Virtualizer held as an external store. Its rows are read through a snapshot that changes
 * whenever they do, rather than from the mutable virtualizer during render, so a render can never
 * show stale positions (the library's own hook hands out the mutable object).
 */
function createRowsStore(initial: VirtualRowsOptions) {
  const listeners = new Set<() => void>();
  let snapshot: VirtualRows;
  const publish = (instance: Virtualizer<HTMLElement, Element>) => {
    const items = instance.getVirtualItems();
    const totalSize = instance.getTotalSize();
    if (totalSize === snapshot.totalSize && sameItems(items, snapshot.items)) return;
    snapshot = { items, totalSize, measureElement: instance.measureElement };
    for (const listener of [...listeners]) listener();
  };
  // Anchored to the end, like a chat: older rows added above keep the seller's place.
  const base = { observeElementRect, observeElementOffset, scrollToFn: elementScroll, onChange: publish, anchorTo: 'end' as const };
  // Built with the first options so the first render already has the list's (estimated) height; the
  // rows come once it is attached (reading them now would read the scroll position too early).
  const virtualizer = new Virtualizer<HTMLElement, Element>({ ...base, ...initial });
  snapshot = { items: [], totalSize: virtualizer.getTotalSize(), measureElement: virtualizer.measureElement };
  return {
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    getSnapshot: () => snapshot,
    /** Applies the latest options and attaches to the scroll element once it exists. */
    configure: (options: VirtualRowsOptions) => {
      virtualizer.setOptions({ ...base, ...options });
      virtualizer._willUpdate();
      publish(virtualizer);
    },
    mount: () => virtualizer._didMount(),
  };
}

export function useVirtualRows(options: VirtualRowsOptions): VirtualRows {
  const [store] = useState(() => createRowsStore(options));
  const rows = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  useLayoutEffect(() => store.mount(), [store]);
  // Every render may bring a new count or scroll element.
  useLayoutEffect(() => store.configure(options));
  return rows;
}
