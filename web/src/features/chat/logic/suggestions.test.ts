import { message, structured } from '../test/messages';
import { SAMPLE_PROMPTS, visibleSuggestions } from './suggestions';

describe('visibleSuggestions', () => {
  it('offers three sample prompts before any answer', () => {
    expect(SAMPLE_PROMPTS).toHaveLength(3);
    expect(visibleSuggestions([message({ role: 'user' })], 1440)).toEqual(SAMPLE_PROMPTS);
  });

  it('offers the latest answer’s suggestions after a reply', () => {
    const answer = message({ structured: structured({ suggestions: ['Warmer', 'Outdoors'] }) });
    expect(visibleSuggestions([message({ structured: structured() }), answer, message({ status: 'pending' })], 1440)).toEqual(['Warmer', 'Outdoors']);
    expect(visibleSuggestions([message({ content: 'Hi' })], 1440)).toEqual([]);
  });

  it('shows at most 3 under 768 px', () => {
    const answer = message({ structured: structured({ suggestions: ['a', 'b', 'c', 'd', 'b'] }) });
    expect(visibleSuggestions([answer], 767)).toEqual(['a', 'b', 'c']);
    expect(visibleSuggestions([answer], 768)).toEqual(['a', 'b', 'c', 'd']);
  });
});
