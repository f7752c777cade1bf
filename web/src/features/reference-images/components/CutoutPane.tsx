import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { cn } from '@/lib/cn';
import { clearedFrame, containRect, toImagePoint, toImagePointClamped, type MaskPoint, type Rect, type Size } from '@/lib/mask';
import { boxFromCorners, type CutoutEdit, type CutoutTool, type PhotoBox } from '../logic/cutoutEdits';

/** The gesture under way: a box being dragged or a stroke being painted, shown before it is sent. */
export type CutoutDraft = { kind: 'box'; from: MaskPoint; to: MaskPoint } | { kind: 'stroke'; mode: 'keep' | 'remove'; runs: MaskPoint[][] };

export interface CutoutPaneProps {
  /** cutout: the product over a checkerboard; photo: the whole photo dimmed, the product bright. */
  view: 'cutout' | 'photo';
  photo: HTMLImageElement | null;
  /** The current mask as the browser decoded it (grey, 255 product). */
  mask: ImageBitmap | null;
  /** The photo's own pixel size: the space of every point and box. */
  photoSize: Size | null;
  edits: readonly CutoutEdit[];
  draft: CutoutDraft | null;
  tool: CutoutTool;
  brushPx: number;
  onDraft: (draft: CutoutDraft | null) => void;
  onEdit: (edit: CutoutEdit) => void;
  label: string;
  className?: string;
}

const KEEP = '#10b981';
const REMOVE = '#f43f5e';
const CHECKER_LIGHT = '#ffffff';
const CHECKER_DARK = '#e2e8f0';
/** Checker squares in CSS pixels. */
const CHECKER = 10;

/** The photo with the mask as its alpha, at the size it is drawn: the product alone. */
function productLayer(photo: HTMLImageElement, mask: ImageBitmap, width: number, height: number): HTMLCanvasElement | null {
  const alpha = document.createElement('canvas');
  alpha.width = width;
  alpha.height = height;
  const alphaContext = alpha.getContext('2d', { willReadFrequently: true });
  const layer = document.createElement('canvas');
  layer.width = width;
  layer.height = height;
  const context = layer.getContext('2d');
  if (!alphaContext || !context) return null;
  alphaContext.drawImage(mask, 0, 0, width, height);
  const pixels = alphaContext.getImageData(0, 0, width, height);
  const data = pixels.data;
  // The mask is grey: its brightness becomes opacity, so the soft edge stays soft.
  for (let i = 0; i < data.length; i += 4) data[i + 3] = data[i] ?? 0;
  alphaContext.putImageData(pixels, 0, 0);
  context.drawImage(photo, 0, 0, width, height);
  context.globalCompositeOperation = 'destination-in';
  context.drawImage(alpha, 0, 0);
  return layer;
}

function checker(context: CanvasRenderingContext2D, rect: Rect, square: number): void {
  context.fillStyle = CHECKER_LIGHT;
  context.fillRect(rect.x, rect.y, rect.width, rect.height);
  context.fillStyle = CHECKER_DARK;
  for (let y = 0; y * square < rect.height; y += 1) {
    for (let x = y % 2; x * square < rect.width; x += 2) {
      context.fillRect(rect.x + x * square, rect.y + y * square, Math.min(square, rect.width - x * square), Math.min(square, rect.height - y * square));
    }
  }
}

function strokePath(context: CanvasRenderingContext2D, runs: readonly MaskPoint[][], color: string, width: number): void {
  context.strokeStyle = color;
  context.fillStyle = color;
  context.lineWidth = width;
  for (const run of runs) {
    const [first, ...rest] = run;
    if (!first) continue;
    context.beginPath();
    if (rest.length === 0) {
      context.arc(first.x, first.y, width / 2, 0, Math.PI * 2);
      context.fill();
      continue;
    }
    context.moveTo(first.x, first.y);
    for (const point of rest) context.lineTo(point.x, point.y);
    context.stroke();
  }
}

function lastBox(edits: readonly CutoutEdit[], draft: CutoutDraft | null, photoSize: Size): PhotoBox | null {
  if (draft?.kind === 'box') return boxFromCorners(draft.from, draft.to, photoSize);
  for (let i = edits.length - 1; i >= 0; i -= 1) {
    const edit = edits[i];
    if (edit?.kind === 'box') return edit.box;
  }
  return null;
}

interface BrushCursor {
  x: number;
  y: number;
  size: number;
}

/**
 * One view of the cutout being adjusted, and a surface to adjust it on: a drag draws the box or a
 * keep / remove stroke, mapped from the pane to photo pixels (the letterbox around the photo is
 * ignored; a box dragged past the photo's edge stops at the edge).
 */
export function CutoutPane(props: CutoutPaneProps) {
  const { view, photo, mask, photoSize, edits, draft, tool, brushPx, onDraft, onEdit, label, className } = props;
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const activePointer = useRef<number | null>(null);
  const draftRef = useRef<CutoutDraft | null>(null);
  const layerCache = useRef<{ mask: ImageBitmap; photo: HTMLImageElement; width: number; height: number; layer: HTMLCanvasElement | null } | null>(null);
  const [box, setBox] = useState<Size>({ width: 0, height: 0 });
  const [cursor, setCursor] = useState<BrushCursor | null>(null);
  const ready = photo !== null && photoSize !== null;

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setBox({ width: entry.contentRect.width, height: entry.contentRect.height });
    });
    observer.observe(canvas);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || !photo || !photoSize || box.width <= 0 || box.height <= 0) return;
    const frame = clearedFrame(canvas, box, photoSize);
    if (!frame) return;
    const { context, ratio, drawn } = frame;
    const device = {
      x: Math.round(drawn.x * ratio),
      y: Math.round(drawn.y * ratio),
      width: Math.round(drawn.width * ratio),
      height: Math.round(drawn.height * ratio),
    };

    let layer: HTMLCanvasElement | null = null;
    if (mask) {
      const cached = layerCache.current;
      if (cached && cached.mask === mask && cached.photo === photo && cached.width === device.width && cached.height === device.height) {
        layer = cached.layer;
      } else {
        layer = productLayer(photo, mask, device.width, device.height);
        layerCache.current = { mask, photo, width: device.width, height: device.height, layer };
      }
    }

    if (view === 'cutout') {
      checker(context, device, Math.round(CHECKER * ratio));
      if (layer) context.drawImage(layer, device.x, device.y);
    } else {
      context.drawImage(photo, device.x, device.y, device.width, device.height);
      // Dimmed, so the product (drawn again at full strength) stands out from what was left behind.
      context.fillStyle = 'rgba(15, 23, 42, 0.6)';
      context.fillRect(device.x, device.y, device.width, device.height);
      if (layer) context.drawImage(layer, device.x, device.y);
    }

    // The seller's marks, in photo pixels: a stroke as wide as the brush looks that wide at any size.
    const scale = device.width / photoSize.width;
    context.save();
    context.beginPath();
    context.rect(device.x, device.y, device.width, device.height);
    context.clip();
    context.setTransform(scale, 0, 0, scale, device.x, device.y);
    context.lineCap = 'round';
    context.lineJoin = 'round';
    context.globalAlpha = 0.55;
    const strokes = draft?.kind === 'stroke' ? [...edits, { kind: 'stroke' as const, mode: draft.mode, runs: draft.runs }] : edits;
    for (const edit of strokes) if (edit.kind === 'stroke') strokePath(context, edit.runs, edit.mode === 'keep' ? KEEP : REMOVE, brushPx);
    context.globalAlpha = 1;
    const shown = lastBox(edits, draft, photoSize);
    if (shown) {
      const [x0, y0, x1, y1] = shown;
      context.lineWidth = (3 * ratio) / scale;
      context.setLineDash([]);
      context.strokeStyle = 'rgba(15, 23, 42, 0.55)';
      context.strokeRect(x0, y0, x1 - x0, y1 - y0);
      context.lineWidth = (1.5 * ratio) / scale;
      context.setLineDash([(6 * ratio) / scale, (4 * ratio) / scale]);
      context.strokeStyle = '#ffffff';
      context.strokeRect(x0, y0, x1 - x0, y1 - y0);
    }
    context.restore();
  }, [box, photo, mask, photoSize, edits, draft, view, brushPx]);

  const mapPoint = (event: { clientX: number; clientY: number }, clamp: boolean) => {
    const canvas = canvasRef.current;
    if (!canvas || !photoSize) return null;
    const client = { x: event.clientX, y: event.clientY };
    const bounds = canvas.getBoundingClientRect();
    return clamp ? toImagePointClamped(client, bounds, photoSize) : toImagePoint(client, bounds, photoSize);
  };

  const setDraft = (next: CutoutDraft | null) => {
    draftRef.current = next;
    onDraft(next);
  };

  const showCursor = (event: PointerEvent<HTMLCanvasElement>) => {
    if (event.pointerType === 'touch' || tool === 'box' || !photoSize) {
      setCursor(null);
      return;
    }
    const bounds = event.currentTarget.getBoundingClientRect();
    const drawn = containRect(bounds, photoSize);
    const x = event.clientX - bounds.left;
    const y = event.clientY - bounds.top;
    const inside = x >= drawn.x && x <= drawn.x + drawn.width && y >= drawn.y && y <= drawn.y + drawn.height;
    setCursor(inside ? { x, y, size: (brushPx * drawn.width) / photoSize.width } : null);
  };

  const onPointerDown = (event: PointerEvent<HTMLCanvasElement>) => {
    if (!ready || activePointer.current !== null || (event.pointerType === 'mouse' && event.button !== 0)) return;
    // A box may start in the margin beside the photo (it starts at the photo's edge); a stroke may not.
    const point = mapPoint(event, tool === 'box');
    if (!point) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    activePointer.current = event.pointerId;
    setDraft(tool === 'box' ? { kind: 'box', from: point, to: point } : { kind: 'stroke', mode: tool, runs: [[point]] });
  };

  const onPointerMove = (event: PointerEvent<HTMLCanvasElement>) => {
    showCursor(event);
    const current = draftRef.current;
    if (activePointer.current !== event.pointerId || !current) return;
    if (current.kind === 'box') {
      const to = mapPoint(event, true);
      if (to) setDraft({ ...current, to });
      return;
    }
    // Fast moves deliver several positions per event; using all of them keeps curves smooth.
    const coalesced = event.nativeEvent.getCoalescedEvents?.() ?? [];
    const runs = current.runs.map((run) => run);
    for (const sample of coalesced.length > 0 ? coalesced : [event.nativeEvent]) {
      const point = mapPoint(sample, false);
      const last = runs.at(-1) ?? [];
      if (point) runs[runs.length - 1] = [...last, point];
      else if (last.length > 0) runs.push([]);
    }
    setDraft({ ...current, runs });
  };

  const onPointerEnd = (event: PointerEvent<HTMLCanvasElement>) => {
    if (activePointer.current !== event.pointerId) return;
    activePointer.current = null;
    if (event.currentTarget.hasPointerCapture(event.pointerId)) event.currentTarget.releasePointerCapture(event.pointerId);
    const current = draftRef.current;
    setDraft(null);
    if (!current || !photoSize || event.type === 'pointercancel') return;
    if (current.kind === 'box') {
      const shape = boxFromCorners(current.from, current.to, photoSize);
      if (shape) onEdit({ kind: 'box', box: shape });
      return;
    }
    const runs = current.runs.filter((run) => run.length > 0);
    if (runs.length > 0) onEdit({ kind: 'stroke', mode: current.mode, runs });
  };

  return (
    <div className={cn('relative min-h-0 min-w-0 overflow-hidden rounded-xl bg-slate-100 ring-1 ring-slate-200', className)}>
      <canvas
        ref={canvasRef}
        role="img"
        aria-label={label}
        data-testid={`cutout-${view}`}
        className={cn('absolute inset-0 h-full w-full touch-none select-none', !ready ? 'cursor-wait' : cursor ? 'cursor-none' : 'cursor-crosshair')}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerEnd}
        onPointerCancel={onPointerEnd}
        onPointerLeave={() => setCursor(null)}
      />
      {cursor ? (
        <span
          aria-hidden
          className={cn(
            'pointer-events-none absolute rounded-full border-2 shadow-[0_0_0_1px_rgb(0_0_0/0.45)]',
            tool === 'keep' ? 'border-emerald-300' : 'border-rose-300',
          )}
          style={{ left: cursor.x - cursor.size / 2, top: cursor.y - cursor.size / 2, width: cursor.size, height: cursor.size }}
        />
      ) : null}
    </div>
  );
}
