import * as RadioGroup from '@radix-ui/react-radio-group';
import { cn } from '@/lib/cn';
import { ASPECT_RATIOS, aspectRatioLabel, isAspectRatio, resolutionFor, type AspectRatio } from '../logic/aspectRatio';

export interface AspectRatioPickerProps {
  value: AspectRatio;
  onChange: (ratio: AspectRatio) => void;
}

/** The shape icon's box: the longer side is 26 px. */
function shapeSize(width: number, height: number) {
  const scale = 26 / Math.max(width, height);
  return { width: width * scale, height: height * scale };
}

/** 1:1 Square, 3:2 Landscape, 2:3 Portrait, each with a little shape of its proportions. */
export function AspectRatioPicker({ value, onChange }: AspectRatioPickerProps) {
  return (
    <RadioGroup.Root
      value={value}
      onValueChange={(next) => (isAspectRatio(next) ? onChange(next) : undefined)}
      aria-label="Aspect Ratio"
      orientation="horizontal"
      className="grid grid-cols-3 gap-2 @md:gap-3"
    >
      {ASPECT_RATIOS.map((ratio) => (
        <RadioGroup.Item
          key={ratio.value}
          value={ratio.value}
          aria-label={aspectRatioLabel(ratio.value)}
          className={cn(
            'group flex flex-col items-center gap-2 rounded-xl px-2 py-3 text-center ring-1 ring-slate-200 transition',
            'hover:bg-slate-50 hover:ring-slate-300',
            'data-[state=checked]:bg-brand-50/70 data-[state=checked]:ring-2 data-[state=checked]:ring-brand-500',
          )}
        >
          <span aria-hidden className="flex h-7 items-center justify-center">
            <span
              className="block rounded-[4px] border-2 border-slate-400 bg-white transition group-data-[state=checked]:border-brand-600 group-data-[state=checked]:bg-brand-100"
              style={shapeSize(ratio.width, ratio.height)}
            />
          </span>
          <span className="flex flex-col leading-tight">
            <span className="text-sm font-semibold text-slate-900 tabular-nums">{ratio.value}</span>
            <span className="text-xs text-slate-600">{ratio.label}</span>
            <span className="mt-0.5 hidden text-[10px] text-slate-600 tabular-nums @sm:block">{resolutionFor(ratio.value).replace('x', '×')}</span>
          </span>
        </RadioGroup.Item>
      ))}
    </RadioGroup.Root>
  );
}
