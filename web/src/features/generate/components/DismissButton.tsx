import { X } from 'lucide-react';
import { cn } from '@/lib/cn';

const tones = {
  neutral: 'text-slate-400 hover:bg-slate-100 hover:text-slate-700',
  error: 'text-rose-500 hover:bg-rose-100 hover:text-rose-700',
} as const;

/** The small × that closes a notice or a card; its tone follows what it sits on. */
export function DismissButton({ label, onClick, tone }: { label: string; onClick: () => void; tone: keyof typeof tones }) {
  return (
    <button type="button" onClick={onClick} aria-label={label} className={cn('-m-1 shrink-0 rounded-md p-1 transition', tones[tone])}>
      <X className="h-4 w-4" aria-hidden />
    </button>
  );
}
