import { Palette } from 'lucide-react';
import { useId, useState } from 'react';
import { readString, storageKeys, writeString } from '@/lib/storage';
import { notify } from '@/lib/toast';
import { useApplyPreset } from '../api/applyPreset';
import { usePresetList } from '../api/listPresets';
import { chosenPresetId, presetMessages } from '../logic/presets';
import { PresetOptions } from './PresetOptions';

export interface PresetPickerProps {
  projectId: string | null;
  sceneId: string | null;
  /** The preset the server says the scene has. */
  scenePresetId: string | null | undefined;
}

/** The style preset of the current campaign: choosing one applies it to the scene and is remembered per scene. */
export function PresetPicker({ projectId, sceneId, scenePresetId }: PresetPickerProps) {
  const id = useId();
  const list = usePresetList();
  const apply = useApplyPreset();
  const presets = list.data ?? [];
  const [picked, setPicked] = useState<{ sceneId: string; presetId: string } | null>(null);
  const remembered = sceneId ? readString(storageKeys.scenePreset(sceneId)) : null;
  const value = picked && picked.sceneId === sceneId ? picked.presetId : (chosenPresetId(scenePresetId, remembered, presets) ?? '');

  if (!projectId || !sceneId || presets.length === 0) return null;

  return (
    <div className="flex min-w-0 items-center gap-1.5">
      <Palette className="h-4 w-4 shrink-0 text-brand-600" aria-hidden />
      <label htmlFor={id} className="sr-only">
        Style preset
      </label>
      <select
        id={id}
        value={value}
        disabled={apply.isPending}
        onChange={(event) => {
          const presetId = event.target.value;
          if (!presetId) return;
          const previous = value;
          setPicked({ sceneId, presetId });
          apply.mutate(
            { presetId, sceneId, projectId },
            {
              onSuccess: () => {
                writeString(storageKeys.scenePreset(sceneId), presetId);
                notify.success(presetMessages.applied);
              },
              onError: () => {
                setPicked(previous ? { sceneId, presetId: previous } : null);
                notify.error(presetMessages.applyFailed);
              },
            },
          );
        }}
        className="h-8 max-w-[11rem] min-w-0 truncate rounded-lg border border-slate-200 bg-white pr-7 pl-2 text-sm text-slate-800 shadow-xs transition hover:border-slate-300 focus:border-brand-500 focus:ring-4 focus:ring-brand-100 focus:outline-none"
      >
        <option value="" disabled>
          Style preset…
        </option>
        <PresetOptions presets={presets} />
      </select>
    </div>
  );
}
