/** Moves `activeId` to where `overId` is; the same list when either is missing or they are equal. */
export function moveId(ids: readonly string[], activeId: string, overId: string): string[] {
  const from = ids.indexOf(activeId);
  const to = ids.indexOf(overId);
  if (from === -1 || to === -1 || from === to) return [...ids];
  return moveIndex(ids, from, to);
}

/** Moves the item at `from` to `to` (both clamped into the list). */
export function moveIndex<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  if (next.length === 0) return next;
  const start = Math.min(Math.max(from, 0), next.length - 1);
  const end = Math.min(Math.max(to, 0), next.length - 1);
  const [moved] = next.splice(start, 1);
  next.splice(end, 0, moved as T);
  return next;
}

/** One step earlier (-1) or later (+1); null at either end. */
export function stepId(ids: readonly string[], id: string, delta: -1 | 1): string[] | null {
  const from = ids.indexOf(id);
  const to = from + delta;
  if (from === -1 || to < 0 || to >= ids.length) return null;
  return moveIndex(ids, from, to);
}

/**
 * Puts the scenes in the order of `ids` and numbers them 1..n as the server does. Scenes missing from
 * `ids` (created meanwhile) keep their relative order after the listed ones; unknown ids are ignored.
 * Used both to apply a new order and to roll one back (with the previous ids).
 */
export function applySceneOrder<T extends { id: string; order: number }>(scenes: readonly T[], ids: readonly string[]): T[] {
  const position = new Map(ids.map((id, index) => [id, index]));
  const listed = scenes.filter((s) => position.has(s.id)).sort((a, b) => (position.get(a.id) ?? 0) - (position.get(b.id) ?? 0));
  const rest = scenes.filter((s) => !position.has(s.id));
  return [...listed, ...rest].map((scene, index) => (scene.order === index + 1 ? scene : { ...scene, order: index + 1 }));
}

export function sameOrder(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((id, i) => id === b[i]);
}
