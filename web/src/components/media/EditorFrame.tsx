import { useEffect, useRef, type ReactNode } from 'react';
import { cn } from '@/lib/cn';

/**
 * The image editor's stage outside the viewer: dark (its texts and tools are light) and of a
 * fixed height (the picture and its mask fill the height they are given), brought into view
 * when it opens.
 */
export function EditorFrame({ children, className }: { children: ReactNode; className?: string }) {
  const frame = useRef<HTMLDivElement>(null);
  useEffect(() => {
    frame.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, []);
  return (
    <div
      ref={frame}
      data-testid="editor-frame"
      className={cn('flex h-[min(30rem,58vh)] flex-col rounded-2xl bg-ink-950 p-3 shadow-lg ring-1 ring-slate-900/10', className)}
    >
      {children}
    </div>
  );
}
