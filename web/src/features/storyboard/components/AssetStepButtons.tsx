import { ChevronLeft, ChevronRight } from 'lucide-react';
import { cn } from '@/lib/cn';

export interface AssetStepButtonsProps {
  onStep: (delta: -1 | 1) => void;
  /** Each button's look; `left-…` and `right-…` are added. */
  className: string;
  /** Where each button sits on its side. */
  previousClassName: string;
  nextClassName: string;
}

/** Previous and Next asset, over a campaign's picture. */
export function AssetStepButtons({ onStep, className, previousClassName, nextClassName }: AssetStepButtonsProps) {
  return (
    <>
      <button type="button" onClick={() => onStep(-1)} aria-label="Previous asset" className={cn(className, previousClassName)}>
        <ChevronLeft className="h-5 w-5" aria-hidden />
      </button>
      <button type="button" onClick={() => onStep(1)} aria-label="Next asset" className={cn(className, nextClassName)}>
        <ChevronRight className="h-5 w-5" aria-hidden />
      </button>
    </>
  );
}
