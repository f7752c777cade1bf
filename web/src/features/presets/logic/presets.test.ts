import { canSavePreset, chosenPresetId, parseCachedPresets, presetMessages, presetPayload, saveErrorText } from './presets';

describe('style presets', () => {
  it('needs a name; the description is optional and trimmed', () => {
    expect(canSavePreset('   ')).toBe(false);
    expect(canSavePreset(' Golden marble ')).toBe(true);
    expect(presetPayload({ name: ' Golden marble ', description: '  ' }, 's', 'p')).toEqual({
      name: 'Golden marble',
      description: null,
      scene_id: 's',
      project_id: 'p',
    });
    expect(presetPayload({ name: 'A', description: ' warm light ' }, 's', 'p').description).toBe('warm light');
  });

  it('explains 409 and 400', () => {
    expect(saveErrorText(409)).toBe('A style preset with this name already exists');
    expect(saveErrorText(400)).toBe('No style guidance found in campaign conversation history. Please refine some prompts in this campaign first.');
    expect(saveErrorText(500)).toBe(presetMessages.saveFailed);
    expect(saveErrorText(0)).toBe('Failed to save style preset');
  });

  it('reads only well-formed cached lists', () => {
    expect(parseCachedPresets(null)).toBeNull();
    expect(parseCachedPresets('{')).toBeNull();
    expect(parseCachedPresets('{"a":1}')).toBeNull();
    expect(parseCachedPresets('[{"id":"1","name":"A","description":""},{"id":2},null]')).toEqual([{ id: '1', name: 'A', description: '' }]);
  });

  it('prefers the server’s preset, then a remembered one that still exists', () => {
    const presets = [{ id: 'a', name: 'A', description: '' }];
    expect(chosenPresetId('z', 'a', presets)).toBe('z');
    expect(chosenPresetId(null, 'a', presets)).toBe('a');
    expect(chosenPresetId(null, 'gone', presets)).toBeNull();
    expect(chosenPresetId(undefined, null, presets)).toBeNull();
  });
});
