import { useCallback, useEffect, useRef, useState } from 'react';

/** A newly generated item stays highlighted this long. */
const HIGHLIGHT_MS = 3_000;

/** Asset ids to highlight, each for three seconds from its last `highlight`. */
export function useHighlights(durationMs = HIGHLIGHT_MS) {
  const [ids, setIds] = useState<ReadonlySet<string>>(() => new Set());
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());

  const highlight = useCallback(
    (id: string) => {
      const existing = timers.current.get(id);
      if (existing) clearTimeout(existing);
      setIds((current) => (current.has(id) ? current : new Set(current).add(id)));
      timers.current.set(
        id,
        setTimeout(() => {
          timers.current.delete(id);
          setIds((current) => {
            const next = new Set(current);
            next.delete(id);
            return next;
          });
        }, durationMs),
      );
    },
    [durationMs],
  );

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending.values()) clearTimeout(timer);
      pending.clear();
    };
  }, []);

  return { highlighted: ids, highlight };
}
