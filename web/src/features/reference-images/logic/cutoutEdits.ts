import type { MaskPoint, Size } from '@/lib/mask';

/** What a drag on the photo does: draw the box around the product, or paint product / background. */
export type CutoutTool = 'box' | 'keep' | 'remove';

/** `[x0, y0, x1, y1]` in photo pixels, x0 < x1 and y0 < y1. */
export type PhotoBox = [number, number, number, number];

/** One seller gesture, the unit Undo takes back. */
export type CutoutEdit =
  | { kind: 'box'; box: PhotoBox }
  /** A brush gesture; a gesture that left the photo and came back is several runs. */
  | { kind: 'stroke'; mode: 'keep' | 'remove'; runs: MaskPoint[][] };

export interface CutoutEdits {
  /** Oldest first; the last box drawn is the one that counts. */
  edits: readonly CutoutEdit[];
  /** One brush width for every stroke, in photo pixels (the request carries one width). */
  brushPx: number;
}

/** The body of PUT /api/reference-images/{id}/cutout: the seller's whole set of constraints. */
export interface CutoutAdjustment {
  box?: PhotoBox;
  keep: [number, number][][];
  remove: [number, number][][];
  brush_px: number;
}

export const MIN_BRUSH_PX = 4;
export const MAX_BRUSH_PX = 400;
/** A box thinner than this (photo pixels) is a click, not a box. */
export const MIN_BOX_SIDE = 8;

/** A brush about 4 % of the photo's longer side: thick enough to hit a rim, thin enough for a handle. */
export function defaultBrushPx(photo: Size): number {
  return clampBrush(Math.round(Math.max(photo.width, photo.height) * 0.04));
}

export function clampBrush(px: number): number {
  return Math.max(MIN_BRUSH_PX, Math.min(MAX_BRUSH_PX, Math.round(px)));
}

/** The brush one step bigger or smaller (keyboard `]` / `[`): steps of about 20 %. */
export function stepBrush(px: number, direction: 1 | -1): number {
  const step = Math.max(1, Math.round(px * 0.2));
  return clampBrush(px + direction * step);
}

/** The box spanned by two corners of a drag, ordered and kept on the photo; null when too thin. */
export function boxFromCorners(a: MaskPoint, b: MaskPoint, photo: Size): PhotoBox | null {
  const x0 = clampCoordinate(Math.min(a.x, b.x), photo.width);
  const x1 = clampCoordinate(Math.max(a.x, b.x), photo.width);
  const y0 = clampCoordinate(Math.min(a.y, b.y), photo.height);
  const y1 = clampCoordinate(Math.max(a.y, b.y), photo.height);
  if (x1 - x0 < MIN_BOX_SIDE || y1 - y0 < MIN_BOX_SIDE) return null;
  return [x0, y0, x1, y1];
}

/**
 * A whole photo pixel on the photo: 0 … side − 1. The last column's right edge counts as that
 * column, so a drag to the very edge of the photo is never refused as outside it.
 */
function clampCoordinate(value: number, side: number): number {
  return Math.max(0, Math.min(Math.max(0, side - 1), Math.floor(value)));
}

/**
 * A run's points as whole photo pixels, dropping points closer than a quarter brush to the last
 * one kept: the solver sees the same painted band from far fewer points. The last point always
 * stays, so the stroke ends where the seller lifted the pointer.
 */
export function simplifyRun(run: readonly MaskPoint[], photo: Size, brushPx: number): [number, number][] {
  const minStep = Math.max(1, brushPx / 4);
  const out: [number, number][] = [];
  let last: MaskPoint | null = null;
  for (let index = 0; index < run.length; index += 1) {
    const point = run[index];
    if (!point) continue;
    const isLast = index === run.length - 1;
    if (last && !isLast && Math.hypot(point.x - last.x, point.y - last.y) < minStep) continue;
    const pixel: [number, number] = [clampCoordinate(point.x, photo.width), clampCoordinate(point.y, photo.height)];
    const previous = out.at(-1);
    last = point;
    if (previous && previous[0] === pixel[0] && previous[1] === pixel[1]) continue;
    out.push(pixel);
  }
  return out;
}

/** The PUT body for the seller's edits; null when there are none (then the cutout goes back to automatic). */
export function cutoutAdjustment(edits: CutoutEdits, photo: Size): CutoutAdjustment | null {
  if (edits.edits.length === 0) return null;
  const body: CutoutAdjustment = { keep: [], remove: [], brush_px: clampBrush(edits.brushPx) };
  for (const edit of edits.edits) {
    if (edit.kind === 'box') {
      body.box = edit.box;
      continue;
    }
    for (const run of edit.runs) {
      const points = simplifyRun(run, photo, body.brush_px);
      if (points.length > 0) body[edit.mode].push(points);
    }
  }
  return body;
}

export type CutoutEditsAction = { type: 'add'; edit: CutoutEdit } | { type: 'undo' } | { type: 'clear' } | { type: 'brush'; px: number };

/** Pure: the edits after an action; the same object when nothing changed. */
export function cutoutEditsReducer(state: CutoutEdits, action: CutoutEditsAction): CutoutEdits {
  switch (action.type) {
    case 'add':
      return { ...state, edits: [...state.edits, action.edit] };
    case 'undo':
      return state.edits.length === 0 ? state : { ...state, edits: state.edits.slice(0, -1) };
    case 'clear':
      return state.edits.length === 0 ? state : { ...state, edits: [] };
    case 'brush': {
      const px = clampBrush(action.px);
      return px === state.brushPx ? state : { ...state, brushPx: px };
    }
  }
}
