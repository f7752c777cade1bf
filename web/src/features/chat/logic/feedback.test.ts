import { FEEDBACK_REASONS, feedbackBody, parseFeedbackGiven, rememberFeedback, validateFeedback } from './feedback';

describe('feedback', () => {
  it('offers the five reasons', () => {
    expect(FEEDBACK_REASONS.map((reason) => reason.value)).toEqual(['poor_quality', 'inaccurate', 'wrong_style', 'distorted', 'other']);
  });

  it('needs a reason for negative feedback only', () => {
    expect(validateFeedback('negative', null)).toBe('Please select a feedback option');
    expect(validateFeedback('negative', 'distorted')).toBeNull();
    expect(validateFeedback('positive', null)).toBeNull();
  });

  it('builds the request body', () => {
    const now = new Date('2026-11-24T10:00:00Z');
    expect(feedbackBody({ messageId: 'm1', reaction: 'negative', reason: 'wrong_style', comment: '  too dark ', assetUrl: '/a', now })).toEqual({
      messageId: 'm1',
      reaction: 'negative',
      reason: 'wrong_style',
      comment: 'too dark',
      feedbackType: 'negative_general',
      assetUrl: '/a',
      timestamp: '2026-11-24T10:00:00.000Z',
    });
    expect(feedbackBody({ messageId: 'm1', reaction: 'positive', reason: 'other', comment: ' ', assetUrl: null, now })).toMatchObject({
      reason: null,
      comment: null,
      feedbackType: 'positive_general',
    });
  });

  it('remembers rated messages, forgetting the oldest past the limit', () => {
    expect(parseFeedbackGiven('{"a":"positive","b":"meh","c":"negative"}')).toEqual({ a: 'positive', c: 'negative' });
    expect(parseFeedbackGiven('[1]')).toEqual({});
    expect(parseFeedbackGiven('nope')).toEqual({});
    expect(parseFeedbackGiven(null)).toEqual({});
    const given = rememberFeedback(rememberFeedback({ a: 'positive', b: 'negative' }, 'c', 'positive', 2), 'b', 'positive', 2);
    expect(given).toEqual({ c: 'positive', b: 'positive' });
  });
});
