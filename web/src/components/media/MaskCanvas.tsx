import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { cn } from '@/lib/cn';
import { BRUSH_WIDTH, clearedFrame, containRect, toImagePoint, type Size, type Stroke, type StrokesAction } from '@/lib/mask';

export interface MaskCanvasProps {
  strokes: readonly Stroke[];
  /** The image's own pixel size; painting waits until it is known. */
  imageSize: Size | null;
  disabled: boolean;
  onStrokesAction: (action: StrokesAction) => void;
  /** A gesture ended (pointer up), with the pointer type that drew it. */
  onStrokeEnd?: (pointerType: string) => void;
  className?: string;
}

/** Brand violet; the canvas itself is 45 % opaque so overlapping strokes stay one even tint. */
const PAINT = '#7c3aed';

function paint(canvas: HTMLCanvasElement, box: Size, imageSize: Size, strokes: readonly Stroke[]): void {
  const frame = clearedFrame(canvas, box, imageSize);
  if (!frame) return;
  const { context, ratio, drawn } = frame;
  // Draw in image pixels: a stroke 25 image pixels wide looks 25 image pixels wide at any size.
  const scale = (drawn.width / imageSize.width) * ratio;
  context.setTransform(scale, 0, 0, scale, drawn.x * ratio, drawn.y * ratio);
  context.beginPath();
  context.rect(0, 0, imageSize.width, imageSize.height);
  context.clip();
  context.strokeStyle = PAINT;
  context.fillStyle = PAINT;
  context.lineCap = 'round';
  context.lineJoin = 'round';
  for (const stroke of strokes) {
    context.lineWidth = stroke.width;
    for (const run of stroke.runs) {
      const [first, ...rest] = run;
      if (!first) continue;
      context.beginPath();
      if (rest.length === 0) {
        context.arc(first.x, first.y, stroke.width / 2, 0, Math.PI * 2);
        context.fill();
        continue;
      }
      context.moveTo(first.x, first.y);
      for (const point of rest) context.lineTo(point.x, point.y);
      context.stroke();
    }
  }
}

interface BrushCursor {
  x: number;
  y: number;
  size: number;
}

/**
 * The painting surface over an image shown with `object-fit: contain` in the same box. Pointer
 * events (mouse, pen, touch) paint only over the drawn image; the letterbox bars are ignored.
 */
export function MaskCanvas({ strokes, imageSize, disabled, onStrokesAction, onStrokeEnd, className }: MaskCanvasProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const activePointer = useRef<number | null>(null);
  const [box, setBox] = useState<Size>({ width: 0, height: 0 });
  const [cursor, setCursor] = useState<BrushCursor | null>(null);

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
    if (canvasRef.current && imageSize && box.width > 0 && box.height > 0) paint(canvasRef.current, box, imageSize, strokes);
  }, [box, imageSize, strokes]);

  const pointOf = (canvas: HTMLCanvasElement, event: { clientX: number; clientY: number }) =>
    imageSize ? toImagePoint({ x: event.clientX, y: event.clientY }, canvas.getBoundingClientRect(), imageSize) : null;

  const showCursor = (event: PointerEvent<HTMLCanvasElement>) => {
    if (event.pointerType === 'touch' || disabled || !imageSize) {
      setCursor(null);
      return;
    }
    const bounds = event.currentTarget.getBoundingClientRect();
    const drawn = containRect(bounds, imageSize);
    const x = event.clientX - bounds.left;
    const y = event.clientY - bounds.top;
    const inside = x >= drawn.x && x <= drawn.x + drawn.width && y >= drawn.y && y <= drawn.y + drawn.height;
    setCursor(inside ? { x, y, size: (BRUSH_WIDTH * drawn.width) / imageSize.width } : null);
  };

  const onPointerDown = (event: PointerEvent<HTMLCanvasElement>) => {
    if (disabled || activePointer.current !== null || (event.pointerType === 'mouse' && event.button !== 0)) return;
    const point = pointOf(event.currentTarget, event);
    if (!point) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    activePointer.current = event.pointerId;
    onStrokesAction({ type: 'begin', point });
  };

  const onPointerMove = (event: PointerEvent<HTMLCanvasElement>) => {
    showCursor(event);
    if (activePointer.current !== event.pointerId) return;
    const canvas = event.currentTarget;
    // Fast moves deliver several positions per event; using all of them keeps curves smooth.
    const coalesced = event.nativeEvent.getCoalescedEvents?.() ?? [];
    for (const sample of coalesced.length > 0 ? coalesced : [event.nativeEvent]) {
      const point = pointOf(canvas, sample);
      onStrokesAction(point ? { type: 'extend', point } : { type: 'break' });
    }
  };

  const onPointerEnd = (event: PointerEvent<HTMLCanvasElement>) => {
    if (activePointer.current !== event.pointerId) return;
    activePointer.current = null;
    if (event.currentTarget.hasPointerCapture(event.pointerId)) event.currentTarget.releasePointerCapture(event.pointerId);
    onStrokeEnd?.(event.pointerType);
  };

  return (
    <>
      <canvas
        ref={canvasRef}
        role="img"
        aria-label="Mask: paint over the area to change"
        className={cn(
          'absolute inset-0 h-full w-full touch-none opacity-45 select-none',
          disabled ? 'cursor-not-allowed' : cursor ? 'cursor-none' : 'cursor-crosshair',
          className,
        )}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerEnd}
        onPointerCancel={onPointerEnd}
        onPointerLeave={() => setCursor(null)}
      />
      {cursor ? (
        <span
          aria-hidden
          className="pointer-events-none absolute rounded-full border-2 border-white shadow-[0_0_0_1px_rgb(0_0_0/0.45)]"
          style={{ left: cursor.x - cursor.size / 2, top: cursor.y - cursor.size / 2, width: cursor.size, height: cursor.size }}
        />
      ) : null}
    </>
  );
}
