import { useId } from 'react';
import { cn } from '@/lib/cn';
import { ENGINE_TEXT, type ImageEngine } from '@/lib/imageEngine';

export interface EngineChoiceProps {
  /** The engines on offer, the default first; the choice shows only when there are two or more. */
  engines: readonly ImageEngine[];
  value: ImageEngine | undefined;
  onChange: (engine: ImageEngine) => void;
  /** One line per choice, without the descriptions (the brief card, the image editor). */
  compact?: boolean;
}

/** Who draws the image, when the deployment offers more than one engine. */
export function EngineChoice({ engines, value, onChange, compact = false }: EngineChoiceProps) {
  const name = useId();
  if (engines.length < 2) return null;
  return (
    <fieldset className={cn('flex min-w-0 flex-col gap-1.5', !compact && 'rounded-xl bg-white p-3 ring-1 ring-slate-200')} data-testid="engine-choice">
      <legend className={cn('font-semibold text-slate-900', compact ? 'mb-1 text-xs' : 'mb-1.5 text-sm')}>Image engine</legend>
      {engines.map((engine) => {
        const text = ENGINE_TEXT[engine];
        const id = `${name}-${engine}`;
        return (
          <label
            key={engine}
            htmlFor={id}
            className={cn(
              'flex cursor-pointer items-start gap-2.5 rounded-lg px-2 py-1.5 ring-1 transition-colors',
              value === engine ? 'bg-brand-50 ring-brand-300' : 'ring-transparent hover:bg-slate-50',
            )}
          >
            <input
              id={id}
              type="radio"
              name={name}
              value={engine}
              checked={value === engine}
              onChange={() => onChange(engine)}
              aria-labelledby={`${id}-name`}
              aria-describedby={compact ? undefined : `${id}-why`}
              className="mt-0.5 h-4 w-4 shrink-0 accent-brand-600"
            />
            <span className="flex min-w-0 flex-col gap-0.5">
              <span id={`${id}-name`} className={cn('font-medium text-slate-900', compact ? 'text-xs' : 'text-sm')}>
                {text.label}
              </span>
              {compact ? null : (
                <span id={`${id}-why`} className="text-xs leading-snug text-slate-600">
                  {text.description}
                </span>
              )}
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}

/** The same choice as a single select, for tight dark toolbars (the image editor). */
export function EngineSelect({ engines, value, onChange, disabled }: Omit<EngineChoiceProps, 'compact'> & { disabled?: boolean }) {
  const id = useId();
  if (engines.length < 2) return null;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-xs font-medium text-slate-300">
        Image engine
      </label>
      <select
        id={id}
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value as ImageEngine)}
        className="h-10 rounded-lg border border-white/15 bg-white/10 px-2 text-sm text-white focus:border-brand-400 focus:ring-4 focus:ring-brand-500/30 focus:outline-none disabled:opacity-60 [&>option]:text-slate-900"
      >
        {engines.map((engine) => (
          <option key={engine} value={engine}>
            {ENGINE_TEXT[engine].label}
          </option>
        ))}
      </select>
    </div>
  );
}
