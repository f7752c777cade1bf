import {
  creditsLabel,
  DEFAULT_SETTINGS,
  generationCost,
  initialSettings,
  normalizeSettings,
  preProductionSettings,
  readStoredSettings,
  serializeSettings,
  settingsInput,
  settingsSummary,
} from './settings';

describe('generation settings', () => {
  it('defaults to medium, portrait, 5 s', () => {
    expect(DEFAULT_SETTINGS).toEqual({ quality: 'medium', resolution: '1024x1536', duration: 5 });
    expect(initialSettings(null, null)).toEqual(DEFAULT_SETTINGS);
  });

  it('prefers the scene’s stored settings, then the browser’s copy', () => {
    const stored = serializeSettings({ quality: 'low', resolution: '1536x1024', duration: 10 });
    expect(initialSettings({ quality: 'high', resolution: '1024x1024', duration: 10 }, stored)).toEqual({
      quality: 'high',
      resolution: '1024x1024',
      duration: 10,
    });
    expect(initialSettings(null, stored)).toEqual({ quality: 'low', resolution: '1536x1024', duration: 10 });
    expect(initialSettings({ quality: 'ultra' }, stored)).toEqual({ quality: 'low', resolution: '1536x1024', duration: 10 });
  });

  it('reads durations as 5, "5" or "5s" and falls back to 5', () => {
    expect(normalizeSettings({ quality: 'low', resolution: '1024x1024', duration: '10s' })?.duration).toBe(10);
    expect(normalizeSettings({ quality: 'low', resolution: '1024x1024', duration: 7 })?.duration).toBe(5);
    expect(normalizeSettings({ quality: 'low', resolution: '800x600' })).toBeNull();
    expect(readStoredSettings('{not json')).toBeNull();
    expect(readStoredSettings(null)).toBeNull();
  });

  it('summarises in one line with the aspect ratio', () => {
    expect(settingsSummary(DEFAULT_SETTINGS)).toBe('Medium · 2:3 Portrait · 5s');
    expect(settingsSummary({ quality: 'high', resolution: '1536x1024', duration: 10 })).toBe('High · 3:2 Landscape · 10s');
    expect(settingsSummary({ quality: 'low', resolution: '1024x1024', duration: 5 })).toBe('Low · 1:1 Square · 5s');
  });

  it('is sent with the duration as text', () => {
    expect(preProductionSettings(DEFAULT_SETTINGS)).toEqual({ quality: 'medium', resolution: '1024x1536', duration: '5s' });
    expect(settingsInput({ ...DEFAULT_SETTINGS, duration: 10 })).toEqual({ quality: 'medium', resolution: '1024x1536', duration: '10' });
  });

  it('costs 1 credit per image or track, a video its duration', () => {
    expect(generationCost('image', { duration: 10 })).toBe(1);
    expect(generationCost('audio', { duration: 10 })).toBe(1);
    expect(generationCost('video', { duration: 10 })).toBe(10);
    expect(creditsLabel(1)).toBe('1 credit');
    expect(creditsLabel(5)).toBe('5 credits');
  });
});
