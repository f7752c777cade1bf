import * as RadioGroup from '@radix-ui/react-radio-group';
import { useId } from 'react';
import { cn } from '@/lib/cn';

const VARIATION_COUNTS = [1, 2, 3, 4] as const;

export interface VariationsPickerProps {
  value: number;
  onChange: (variations: number) => void;
}

/** How many pictures one click makes: 1–4, each with its own composition, a credit each. */
export function VariationsPicker({ value, onChange }: VariationsPickerProps) {
  const labelId = useId();
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 rounded-2xl bg-white px-4 py-3 shadow-xs ring-1 ring-slate-200/80">
      <div className="min-w-0">
        <p id={labelId} className="text-sm font-semibold text-slate-900">
          Variations
        </p>
        <p className="text-xs text-slate-500">{value > 1 ? `${value} pictures to choose from, ${value} credits` : 'One picture, 1 credit'}</p>
      </div>
      <RadioGroup.Root
        value={String(value)}
        onValueChange={(next) => onChange(Number(next))}
        aria-labelledby={labelId}
        orientation="horizontal"
        className="inline-flex gap-1 rounded-xl bg-slate-100 p-1"
      >
        {VARIATION_COUNTS.map((count) => (
          <RadioGroup.Item
            key={count}
            value={String(count)}
            aria-label={count === 1 ? '1 variation' : `${count} variations`}
            className={cn(
              'h-8 min-w-9 rounded-lg px-2 text-sm font-semibold text-slate-600 tabular-nums transition',
              'hover:text-slate-900 data-[state=checked]:bg-white data-[state=checked]:text-brand-700 data-[state=checked]:shadow-sm',
            )}
          >
            {count}
          </RadioGroup.Item>
        ))}
      </RadioGroup.Root>
    </div>
  );
}
