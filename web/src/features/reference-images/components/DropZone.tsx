import { ImageUp } from 'lucide-react';
import { useRef, useState, type DragEvent, type ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { dropOverlay } from '../logic/rules';

function carriesFiles(event: DragEvent): boolean {
  return Array.from(event.dataTransfer?.types ?? []).includes('Files');
}

/** Makes its whole area a drop target for image files, with the "Drop Product Images" overlay. */
export function DropZone({ onFiles, children, className }: { onFiles: (files: File[]) => void; children: ReactNode; className?: string }) {
  const [dragging, setDragging] = useState(false);
  // dragenter/dragleave fire for every child crossed; count them to know when the pointer left.
  const depth = useRef(0);

  return (
    <div
      data-testid="reference-drop-zone"
      className={cn('relative flex h-full min-h-0 flex-col', className)}
      onDragEnter={(event) => {
        if (!carriesFiles(event)) return;
        event.preventDefault();
        depth.current += 1;
        setDragging(true);
      }}
      onDragOver={(event) => {
        if (!carriesFiles(event)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'copy';
      }}
      onDragLeave={(event) => {
        if (!carriesFiles(event)) return;
        depth.current = Math.max(0, depth.current - 1);
        if (depth.current === 0) setDragging(false);
      }}
      onDrop={(event) => {
        if (!carriesFiles(event)) return;
        event.preventDefault();
        depth.current = 0;
        setDragging(false);
        onFiles(Array.from(event.dataTransfer.files));
      }}
    >
      {children}
      {dragging ? <DropOverlay /> : null}
    </div>
  );
}

function DropOverlay() {
  return (
    <div
      data-testid="reference-drop-overlay"
      className="pointer-events-none absolute inset-2 z-30 flex flex-col items-center justify-center rounded-2xl border-2 border-dashed border-brand-400 bg-white/85 text-center backdrop-blur-sm"
    >
      <div className="flex h-14 w-14 items-center justify-center rounded-2xl bg-gradient-to-br from-brand-500 to-pink-500 text-white shadow-lg shadow-brand-500/25">
        <ImageUp className="h-7 w-7" aria-hidden />
      </div>
      <p className="mt-4 text-lg font-semibold tracking-tight text-slate-900">{dropOverlay.title}</p>
      <p className="mt-1 text-sm text-slate-500">{dropOverlay.subtitle}</p>
    </div>
  );
}
