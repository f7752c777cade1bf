/** The saved presets as a select's options, by name. */
export function PresetOptions({ presets }: { presets: readonly { id: string; name: string }[] }) {
  return presets.map((preset) => (
    <option key={preset.id} value={preset.id}>
      {preset.name}
    </option>
  ));
}
