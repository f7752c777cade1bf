import * as RadioGroup from '@radix-ui/react-radio-group';
import { LayoutGrid, WandSparkles } from 'lucide-react';
import { useId } from 'react';
import { cn } from '@/lib/cn';
import { MODES, type GenerationMode } from '../logic/options';

const icons: Record<GenerationMode, typeof LayoutGrid> = { templates: LayoutGrid, recommendations: WandSparkles };

export interface ModeToggleProps {
  value: GenerationMode;
  onChange: (mode: GenerationMode) => void;
}

/** Two big cards, Templates or AI Assistant; a radio group (arrow keys move between them). */
export function ModeToggle({ value, onChange }: ModeToggleProps) {
  const id = useId();
  return (
    <RadioGroup.Root
      value={value}
      onValueChange={(next) => onChange(next as GenerationMode)}
      aria-label="Generation Mode"
      className="grid grid-cols-2 gap-2 @md:gap-3"
    >
      {MODES.map((mode) => {
        const Icon = icons[mode.value];
        const descriptionId = `${id}-${mode.value}`;
        return (
          <RadioGroup.Item
            key={mode.value}
            value={mode.value}
            aria-label={mode.label}
            aria-describedby={descriptionId}
            className={cn(
              'group relative flex min-h-full flex-col items-start gap-2 rounded-xl p-3 text-left ring-1 ring-slate-200 transition',
              'hover:bg-slate-50 hover:ring-slate-300',
              'data-[state=checked]:bg-brand-50/70 data-[state=checked]:ring-2 data-[state=checked]:ring-brand-500 @md:flex-row @md:gap-3',
            )}
          >
            <span
              aria-hidden
              className="flex h-9 w-9 shrink-0 items-center justify-center rounded-lg bg-slate-100 text-slate-600 transition group-data-[state=checked]:bg-gradient-to-br group-data-[state=checked]:from-brand-500 group-data-[state=checked]:to-pink-500 group-data-[state=checked]:text-white group-data-[state=checked]:shadow-md group-data-[state=checked]:shadow-brand-500/25"
            >
              <Icon className="h-[18px] w-[18px]" />
            </span>
            <span className="flex min-w-0 flex-col gap-0.5 pr-5">
              <span className="text-sm font-semibold text-slate-900">{mode.label}</span>
              <span id={descriptionId} className="text-xs leading-snug text-slate-600">
                {mode.description}
              </span>
            </span>
            <span
              aria-hidden
              className="absolute top-3 right-3 flex h-4 w-4 items-center justify-center rounded-full ring-2 ring-slate-300 transition group-data-[state=checked]:ring-brand-600"
            >
              <RadioGroup.Indicator className="h-2 w-2 rounded-full bg-brand-600" />
            </span>
          </RadioGroup.Item>
        );
      })}
    </RadioGroup.Root>
  );
}
