/** The brush's width in the image's own pixels, whatever size the image is shown at. */
export const BRUSH_WIDTH = 25;

/** A position in image pixels: (0, 0) is the top-left corner, (width, height) the bottom-right. */
export interface MaskPoint {
  x: number;
  y: number;
}

/**
 * One brush gesture, from pointer down to pointer up: the unit that Undo removes. A gesture that
 * leaves the image and comes back paints nothing outside, so it is kept as separate runs rather
 * than one line that would cut across the gap.
 */
export interface Stroke {
  width: number;
  runs: MaskPoint[][];
}

/** Points closer than this to the previous one add nothing visible (in image pixels). */
const MIN_STEP = 0.5;

export function beginStroke(point: MaskPoint, width: number = BRUSH_WIDTH): Stroke {
  return { width, runs: [[point]] };
}

/** Adds a point to the stroke's current run (or starts a run after a break). */
export function extendStroke(stroke: Stroke, point: MaskPoint): Stroke {
  const runs = stroke.runs;
  const last = runs.at(-1);
  if (!last) return { ...stroke, runs: [[point]] };
  const previous = last.at(-1);
  if (previous && Math.hypot(point.x - previous.x, point.y - previous.y) < MIN_STEP) return stroke;
  return { ...stroke, runs: [...runs.slice(0, -1), [...last, point]] };
}

/** The pointer left the image: the next point starts a new run instead of joining the last one. */
export function breakStroke(stroke: Stroke): Stroke {
  const last = stroke.runs.at(-1);
  if (!last || last.length === 0) return stroke;
  return { ...stroke, runs: [...stroke.runs, []] };
}

export type StrokesAction =
  | { type: 'begin'; point: MaskPoint; width?: number }
  /** Applies to the stroke being drawn, i.e. the last one. */
  | { type: 'extend'; point: MaskPoint }
  | { type: 'break' }
  | { type: 'undo' }
  | { type: 'clear' };

/** Pure: the strokes after an action; the same array when nothing changed. */
export function strokesReducer(strokes: readonly Stroke[], action: StrokesAction): readonly Stroke[] {
  switch (action.type) {
    case 'begin':
      return [...strokes, beginStroke(action.point, action.width)];
    case 'extend':
    case 'break': {
      const current = strokes.at(-1);
      if (!current) return strokes;
      const next = action.type === 'extend' ? extendStroke(current, action.point) : breakStroke(current);
      return next === current ? strokes : [...strokes.slice(0, -1), next];
    }
    case 'undo':
      return strokes.length === 0 ? strokes : strokes.slice(0, -1);
    case 'clear':
      return strokes.length === 0 ? strokes : [];
  }
}
