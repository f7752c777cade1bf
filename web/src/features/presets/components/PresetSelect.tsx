import { useId } from 'react';
import { usePresetList } from '../api/listPresets';
import { PresetOptions } from './PresetOptions';

/** The optional style preset of Create New Campaign (controlled); hidden while the user has none. */
export function PresetSelect({ value, onChange, disabled }: { value: string | null; onChange: (presetId: string | null) => void; disabled?: boolean }) {
  const id = useId();
  const list = usePresetList();
  const presets = list.data ?? [];
  if (presets.length === 0) return null;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        Style preset <span className="font-normal text-slate-500">(optional)</span>
      </label>
      <select
        id={id}
        value={value ?? ''}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value || null)}
        className="h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 shadow-xs transition focus:border-brand-500 focus:ring-4 focus:ring-brand-100 focus:outline-none"
      >
        <option value="">No preset</option>
        <PresetOptions presets={presets} />
      </select>
    </div>
  );
}
