import { useRef, type KeyboardEvent, type PointerEvent } from 'react';
import { cn } from '@/lib/cn';

export interface ResizableDividerProps {
  width: number;
  min: number;
  max: number;
  onResize: (width: number, final?: boolean) => void;
}

/** The draggable divider between the chat panel and the storyboard (also keyboard operable). */
export function ResizableDivider({ width, min, max, onResize }: ResizableDividerProps) {
  const drag = useRef<{ startX: number; startWidth: number; last: number } | null>(null);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { startX: event.clientX, startWidth: width, last: width };
    document.body.style.cursor = 'col-resize';
    document.body.style.userSelect = 'none';
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    const next = drag.current.startWidth + (event.clientX - drag.current.startX);
    drag.current.last = next;
    onResize(next);
  };
  const end = (event: PointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    if (event.currentTarget.hasPointerCapture(event.pointerId)) event.currentTarget.releasePointerCapture(event.pointerId);
    onResize(drag.current.last, true);
    drag.current = null;
    document.body.style.cursor = '';
    document.body.style.userSelect = '';
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.shiftKey ? 50 : 10;
    if (event.key === 'ArrowLeft') onResize(width - step, true);
    else if (event.key === 'ArrowRight') onResize(width + step, true);
    else if (event.key === 'Home') onResize(min, true);
    else if (event.key === 'End') onResize(max, true);
    else return;
    event.preventDefault();
  };

  return (
    <div
      role="separator"
      aria-orientation="vertical"
      aria-label="Resize chat panel"
      aria-valuenow={width}
      aria-valuemin={min}
      aria-valuemax={max}
      tabIndex={0}
      data-testid="panel-divider"
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={end}
      onPointerCancel={end}
      onKeyDown={onKeyDown}
      className={cn(
        'group relative z-10 -mx-1 w-2 shrink-0 cursor-col-resize touch-none outline-none',
        'before:absolute before:inset-y-0 before:left-1/2 before:w-px before:-translate-x-1/2 before:bg-slate-200 before:transition',
        'hover:before:w-0.5 hover:before:bg-brand-400 focus-visible:before:w-0.5 focus-visible:before:bg-brand-500',
      )}
    >
      <span className="absolute top-1/2 left-1/2 h-8 w-1.5 -translate-x-1/2 -translate-y-1/2 rounded-full bg-slate-300 opacity-0 transition group-hover:opacity-100 group-focus-visible:opacity-100" />
    </div>
  );
}
