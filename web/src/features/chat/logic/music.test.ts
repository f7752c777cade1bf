import { message, structured } from '../test/messages';
import { isMusicSuggestion, musicParentMessageId, musicPrompt } from './music';

describe('isMusicSuggestion', () => {
  it('spots music, soundtrack, jingle and audio', () => {
    expect(isMusicSuggestion('Add a calm soundtrack')).toBe(true);
    expect(isMusicSuggestion('Make a jingle for it')).toBe(true);
    expect(isMusicSuggestion('Background MUSIC please')).toBe(true);
    expect(isMusicSuggestion('Add audio')).toBe(true);
    expect(isMusicSuggestion('Try it outdoors')).toBe(false);
    expect(isMusicSuggestion('Audiophile headphones on a desk')).toBe(false);
  });
});

describe('musicPrompt', () => {
  it('uses the latest brief of the scene', () => {
    const older = message({ structured: structured({ refinedImagePrompt: 'Old brief' }) });
    const newer = message({ structured: structured({ refinedImagePrompt: 'New brief' }) });
    expect(musicPrompt([older, newer, message({ role: 'user', content: 'thanks' })])).toBe('New brief');
    expect(musicPrompt([message({ structured: structured({ refinedImagePrompt: null, refinedVideoPrompt: 'Orbit move' }) })])).toBe('Orbit move');
  });

  it('falls back to the last user message, then a general prompt', () => {
    expect(musicPrompt([message({ role: 'user', content: ' Candle ad ' }), message({ content: 'Which product?' })])).toBe('Candle ad');
    expect(musicPrompt([])).toBe('Upbeat music for a product campaign');
  });
});

describe('musicParentMessageId', () => {
  it('is the newest stored answer', () => {
    expect(
      musicParentMessageId([message({ id: 'a1' }), message({ id: 'a2' }), message({ id: 'u', role: 'user' }), message({ id: 'p', status: 'pending' })]),
    ).toBe('a2');
    expect(musicParentMessageId([message({ role: 'user' })])).toBeNull();
  });
});
