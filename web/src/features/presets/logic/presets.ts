/** Texts the user sees about style presets. */
export const presetMessages = {
  saved: 'Saved style preset',
  saveFailed: 'Failed to save style preset',
  nameTaken: 'A style preset with this name already exists',
  noStyleGuidance: 'No style guidance found in campaign conversation history. Please refine some prompts in this campaign first.',
  applyFailed: 'Failed to apply style preset',
  applied: 'Style preset applied',
  createWithPresetFailed: 'Failed to apply preset',
  note: "The style is extracted automatically from this campaign's conversation: its setting, colours, light and composition.",
} as const;

/** A preset as the pickers show it. */
export interface PresetSummary {
  id: string;
  name: string;
  description: string;
}

/** The save form: a name is required (trimmed), the description is optional and trimmed. */
export function canSavePreset(name: string): boolean {
  return name.trim().length > 0;
}

export function presetPayload(form: { name: string; description: string }, sceneId: string, projectId: string) {
  const description = form.description.trim();
  return { name: form.name.trim(), description: description || null, scene_id: sceneId, project_id: projectId };
}

/** The create call's failure as the user should read it: 409 and 400 have their own texts. */
export function saveErrorText(status: number): string {
  if (status === 409) return presetMessages.nameTaken;
  if (status === 400) return presetMessages.noStyleGuidance;
  return presetMessages.saveFailed;
}

/** The list kept in local storage for when the server cannot be reached: only well-formed entries. */
export function parseCachedPresets(raw: string | null): PresetSummary[] | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value)) return null;
    return value.filter(
      (entry): entry is PresetSummary =>
        typeof entry === 'object' && entry !== null && typeof entry.id === 'string' && typeof entry.name === 'string' && typeof entry.description === 'string',
    );
  } catch {
    return null;
  }
}

/** The preset to show as chosen for a scene: the server's, else the one remembered locally if it still exists. */
export function chosenPresetId(serverPresetId: string | null | undefined, remembered: string | null, presets: readonly PresetSummary[]): string | null {
  if (serverPresetId) return serverPresetId;
  if (remembered && presets.some((preset) => preset.id === remembered)) return remembered;
  return null;
}
