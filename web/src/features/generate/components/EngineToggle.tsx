import { useId } from 'react';

export interface EngineToggleProps {
  keepProductExact: boolean;
  onChange: (keepProductExact: boolean) => void;
}

/** Offered when a hosted image model is configured: the studio engine keeps the product photo's own pixels. */
export function EngineToggle({ keepProductExact, onChange }: EngineToggleProps) {
  const id = useId();
  return (
    <div className="flex items-start gap-3 rounded-xl bg-white p-3 ring-1 ring-slate-200" data-testid="engine-toggle">
      <input
        id={id}
        type="checkbox"
        checked={keepProductExact}
        onChange={(event) => onChange(event.target.checked)}
        aria-describedby={`${id}-why`}
        className="mt-0.5 h-4 w-4 shrink-0 accent-brand-600"
      />
      <div className="flex min-w-0 flex-col gap-0.5">
        <label htmlFor={id} className="text-sm font-semibold text-slate-900">
          Keep my product exact (studio engine)
        </label>
        <p id={`${id}-why`} className="text-xs leading-snug text-slate-600">
          The hosted image model redraws the whole picture, your product included. The studio engine places your own product photo into the scene.
        </p>
      </div>
    </div>
  );
}
