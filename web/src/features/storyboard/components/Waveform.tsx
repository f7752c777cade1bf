import { memo } from 'react';
import { cn } from '@/lib/cn';
import { waveformBars } from '../logic/waveform';

export interface WaveformProps {
  seed: string;
  bars?: number;
  /** Sets its height (the bars are a share of it). */
  className: string;
}

/** A decorative waveform standing for a music track. */
export const Waveform = memo(function Waveform({ seed, bars = 32, className }: WaveformProps) {
  const heights = waveformBars(seed, bars);
  return (
    <span aria-hidden className={cn('flex w-full items-center justify-center gap-[2px]', className)}>
      {heights.map((height, index) => (
        <span key={index} className="max-w-1.5 min-w-px flex-1 rounded-full bg-current" style={{ height: `${Math.round(height * 100)}%` }} />
      ))}
    </span>
  );
});
