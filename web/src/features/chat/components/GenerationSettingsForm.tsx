import { FlaskConical } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { ASPECT_RATIO_LABELS, aspectRatioOf, RESOLUTIONS } from '@/lib/media/aspectRatio';
import { DURATIONS, QUALITIES, QUALITY_LABELS, RESOLUTION_LABELS, type GenerationSettings } from '../logic/settings';

export interface GenerationSettingsFormProps {
  id: string;
  hidden: boolean;
  settings: GenerationSettings;
  onChange: (patch: Partial<GenerationSettings>) => void;
  /** The advanced settings flag: a beta banner shows in the panel. */
  beta: boolean;
}

/** Quality, size (with its aspect ratio) and video length for this campaign. */
export function GenerationSettingsForm({ id, hidden, settings, onChange, beta }: GenerationSettingsFormProps) {
  const ratio = aspectRatioOf(settings.resolution);
  return (
    <div id={id} hidden={hidden} role="group" aria-label="Generation Settings" className="flex flex-col gap-3 rounded-xl bg-white p-3 ring-1 ring-slate-200">
      {beta ? (
        <p className="flex items-start gap-2 rounded-lg bg-violet-50 px-3 py-2 text-xs text-violet-800 ring-1 ring-violet-100">
          <FlaskConical className="mt-px h-3.5 w-3.5 shrink-0" aria-hidden />
          <span>Beta: advanced generation settings are still being tuned — results and costs may change.</span>
        </p>
      ) : null}
      <Choice label="Quality">
        {QUALITIES.map((quality) => (
          <Option key={quality} selected={settings.quality === quality} onSelect={() => onChange({ quality })}>
            {QUALITY_LABELS[quality]}
          </Option>
        ))}
      </Choice>
      <Choice label="Size" hint={`${ASPECT_RATIO_LABELS[ratio]} ${ratio}`}>
        {RESOLUTIONS.map((resolution) => (
          <Option key={resolution} selected={settings.resolution === resolution} onSelect={() => onChange({ resolution })} title={resolution}>
            <RatioIcon ratio={aspectRatioOf(resolution)} />
            {RESOLUTION_LABELS[resolution]}
          </Option>
        ))}
      </Choice>
      <Choice label="Video length">
        {DURATIONS.map((duration) => (
          <Option key={duration} selected={settings.duration === duration} onSelect={() => onChange({ duration })}>
            {duration}s
          </Option>
        ))}
      </Choice>
    </div>
  );
}

function Choice({ label, hint, children }: { label: string; hint?: string; children: ReactNode }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <p id={id} className="flex items-baseline justify-between text-xs font-medium text-slate-600">
        {label}
        {hint ? (
          <span className="font-normal text-slate-500" data-testid="aspect-ratio">
            {hint}
          </span>
        ) : null}
      </p>
      <div role="group" aria-labelledby={id} className="grid auto-cols-fr grid-flow-col gap-1 rounded-lg bg-slate-100 p-0.5">
        {children}
      </div>
    </div>
  );
}

function Option({ selected, onSelect, title, children }: { selected: boolean; onSelect: () => void; title?: string; children: ReactNode }) {
  return (
    <button
      type="button"
      aria-pressed={selected}
      title={title}
      onClick={onSelect}
      className={cn(
        'inline-flex items-center justify-center gap-1.5 rounded-md px-2 py-1.5 text-xs font-medium transition',
        selected ? 'bg-white text-slate-900 shadow-sm ring-1 ring-slate-200' : 'text-slate-600 hover:text-slate-900',
      )}
    >
      {children}
    </button>
  );
}

function RatioIcon({ ratio }: { ratio: 'square' | 'landscape' | 'portrait' }) {
  const size = ratio === 'square' ? 'h-3 w-3' : ratio === 'landscape' ? 'h-2.5 w-3.5' : 'h-3.5 w-2.5';
  return <span aria-hidden className={cn('rounded-[2px] border-[1.5px] border-current', size)} />;
}
