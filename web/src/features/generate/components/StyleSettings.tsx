import * as RadioGroup from '@radix-ui/react-radio-group';
import {
  Armchair,
  Aperture,
  Bath,
  BedDouble,
  Camera,
  Contrast,
  Gem,
  Palette,
  Sparkles,
  Sun,
  SunDim,
  Sunset,
  Target,
  Trees,
  ZoomIn,
  type LucideIcon,
} from 'lucide-react';
import { useId } from 'react';
import { cn } from '@/lib/cn';
import {
  COLOR_PALETTES,
  COMPOSITIONS,
  ENVIRONMENTS,
  LIGHTINGS,
  MAX_CREATIVE_DIRECTION,
  type Choice,
  type PaletteChoice,
  type StyleChoices,
} from '../logic/options';

const icons: Record<string, LucideIcon> = {
  luxury_marble: Gem,
  clean_bathroom: Bath,
  professional_studio: Camera,
  natural_outdoor: Trees,
  cozy_bedroom: BedDouble,
  natural_daylight: Sun,
  golden_hour: Sunset,
  dramatic_shadows: Contrast,
  soft_even: SunDim,
  product_hero: Target,
  lifestyle_context: Armchair,
  artistic_composition: Aperture,
  detail_closeup: ZoomIn,
};

/** One radio group per guided choice, keyed by the style field it sets. */
type StyleGroup = {
  [K in keyof StyleChoices]: { key: K; label: string; choices: readonly Choice<StyleChoices[K]>[]; columns: string };
}[keyof StyleChoices];

const STYLE_GROUPS: readonly StyleGroup[] = [
  { key: 'environment', label: 'Environment', choices: ENVIRONMENTS, columns: 'grid-cols-2 @md:grid-cols-3' },
  { key: 'color_palette', label: 'Color Palette', choices: COLOR_PALETTES, columns: 'grid-cols-2 @md:grid-cols-3' },
  { key: 'lighting', label: 'Lighting', choices: LIGHTINGS, columns: 'grid-cols-2' },
  { key: 'composition', label: 'Composition', choices: COMPOSITIONS, columns: 'grid-cols-2' },
];

export interface StyleSettingsProps {
  style: StyleChoices;
  onStyleChange: (style: StyleChoices) => void;
  creativeDirection: string;
  onCreativeDirectionChange: (text: string) => void;
  /** Shown when the choices came from the scene's style preset. */
  prefilled: boolean;
}

/** AI Assistant mode's guided choices: environment, colour palette, lighting, composition, and an optional brief. */
export function StyleSettings({ style, onStyleChange, creativeDirection, onCreativeDirectionChange, prefilled }: StyleSettingsProps) {
  const textareaId = useId();
  const counterId = useId();
  const nearLimit = creativeDirection.length > MAX_CREATIVE_DIRECTION * 0.9;

  return (
    <div className="flex flex-col gap-5">
      {prefilled ? (
        <p className="flex items-center gap-2 rounded-lg bg-brand-50 px-3 py-2 text-xs text-brand-700 ring-1 ring-brand-100">
          <Sparkles className="h-3.5 w-3.5 shrink-0" aria-hidden />
          Prefilled from this campaign’s style preset.
        </p>
      ) : null}
      {STYLE_GROUPS.map((group) => (
        <ChoiceGroup
          key={group.key}
          label={group.label}
          choices={group.choices}
          value={style[group.key]}
          // The group only offers its own choices, so the value always fits its key.
          onChange={(value) => onStyleChange({ ...style, [group.key]: value })}
          columns={group.columns}
        />
      ))}
      <div className="flex flex-col gap-1.5">
        <div className="flex items-baseline justify-between gap-2">
          <label htmlFor={textareaId} className="text-xs font-semibold text-slate-700">
            Creative Direction <span className="font-normal text-slate-500">(optional)</span>
          </label>
          {creativeDirection ? (
            <span id={counterId} className={cn('text-[11px] tabular-nums', nearLimit ? 'text-amber-600' : 'text-slate-500')}>
              {creativeDirection.length}/{MAX_CREATIVE_DIRECTION}
            </span>
          ) : null}
        </div>
        <textarea
          id={textareaId}
          value={creativeDirection}
          onChange={(event) => onCreativeDirectionChange(event.currentTarget.value)}
          maxLength={MAX_CREATIVE_DIRECTION}
          rows={3}
          aria-describedby={creativeDirection ? counterId : undefined}
          placeholder="e.g. Fresh mint leaves and water droplets around the bottle, summery feel"
          className="min-h-20 w-full resize-y rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-xs transition placeholder:text-slate-400 focus:border-brand-500 focus:ring-4 focus:ring-brand-100 focus:outline-none"
        />
      </div>
    </div>
  );
}

interface ChoiceGroupProps<T extends string> {
  label: string;
  choices: readonly (Choice<T> | PaletteChoice)[];
  value: T;
  onChange: (value: T) => void;
  columns: string;
}

function ChoiceGroup<T extends string>({ label, choices, value, onChange, columns }: ChoiceGroupProps<T>) {
  const labelId = useId();
  return (
    <div className="flex flex-col gap-2">
      <span id={labelId} className="text-xs font-semibold text-slate-700">
        {label}
      </span>
      <RadioGroup.Root
        value={value}
        onValueChange={(next) => {
          const match = choices.find((choice) => choice.value === next);
          if (match) onChange(match.value as T);
        }}
        aria-labelledby={labelId}
        className={cn('grid gap-2', columns)}
      >
        {choices.map((choice) => (
          <RadioGroup.Item
            key={choice.value}
            value={choice.value}
            aria-label={choice.label}
            title={choice.description}
            className={cn(
              'group flex min-w-0 items-center gap-2.5 rounded-xl px-2.5 py-2 text-left ring-1 ring-slate-200 transition',
              'hover:bg-slate-50 hover:ring-slate-300',
              'data-[state=checked]:bg-brand-50/70 data-[state=checked]:ring-2 data-[state=checked]:ring-brand-500',
            )}
          >
            <ChoiceMark choice={choice} />
            <span className="flex min-w-0 flex-col">
              <span className="text-xs leading-tight font-semibold text-slate-900 group-data-[state=checked]:text-brand-700">{choice.label}</span>
              <span className="truncate text-[11px] text-slate-600">{choice.description}</span>
            </span>
          </RadioGroup.Item>
        ))}
      </RadioGroup.Root>
    </div>
  );
}

/** Palettes show their three colours; the other choices an icon. */
function ChoiceMark({ choice }: { choice: Choice<string> | PaletteChoice }) {
  if ('swatches' in choice) {
    return (
      <span aria-hidden className="flex shrink-0 -space-x-1.5">
        {choice.swatches.map((colour) => (
          <span key={colour} className="h-5 w-5 rounded-full shadow-sm ring-2 ring-white" style={{ backgroundColor: colour }} />
        ))}
      </span>
    );
  }
  const Icon = icons[choice.value] ?? Palette;
  return (
    <span
      aria-hidden
      className="flex h-7 w-7 shrink-0 items-center justify-center rounded-lg bg-slate-100 text-slate-600 transition group-data-[state=checked]:bg-brand-600 group-data-[state=checked]:text-white"
    >
      <Icon className="h-4 w-4" />
    </span>
  );
}
