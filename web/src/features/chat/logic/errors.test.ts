import { ApiError } from '@/api/client';
import { generationErrorMessage, loadErrorReason, sendErrorMessage, startErrorMessage, videoRetryState } from './errors';

describe('generationErrorMessage', () => {
  it('says Insufficient credits for a 402, or an error that mentions 402', () => {
    expect(generationErrorMessage(new ApiError('Payment required', 402, 'insufficient_credits'), 'image')).toBe('Insufficient credits');
    expect(generationErrorMessage(new Error('Request failed with status 402'), 'video')).toBe('Insufficient credits');
  });

  it('gives the server message for upgrade_required, else the standard text', () => {
    expect(generationErrorMessage(new ApiError('Video needs the Pro plan', 403, 'upgrade_required'), 'video')).toBe('Video needs the Pro plan');
    expect(generationErrorMessage(new ApiError(' ', 403, 'upgrade_required'), 'video')).toBe('Upgrade required for video generation');
  });

  it('names the kind and the reason otherwise', () => {
    expect(generationErrorMessage(new ApiError('The prompt is too long', 400, 'validation_error'), 'image')).toBe(
      'Failed to generate image: The prompt is too long',
    );
    expect(generationErrorMessage('Engine unavailable', 'audio')).toBe('Failed to generate audio: Engine unavailable');
    expect(generationErrorMessage(undefined, 'video')).toBe('Failed to generate video: Unknown error');
  });
});

describe('startErrorMessage', () => {
  it('keeps credits and plan texts, and uses the action’s own text for the rest', () => {
    const fallback = 'Failed to process animation request. Please try again.';
    expect(startErrorMessage(new ApiError('x', 402), 'video', fallback)).toBe('Insufficient credits');
    expect(startErrorMessage(new ApiError('Upgrade first', 403, 'upgrade_required'), 'video', fallback)).toBe('Upgrade first');
    expect(startErrorMessage(new ApiError('Boom', 500), 'video', fallback)).toBe(fallback);
  });
});

describe('videoRetryState', () => {
  it('counts retries up to three, then sends the seller back to the prompt', () => {
    const failed = 'Video generation failed. This could be due to server load, content policy, or an invalid prompt.';
    expect(videoRetryState(0)).toEqual({ canRetry: true, retryLabel: 'Retry (1/3)', message: failed });
    expect(videoRetryState(1).retryLabel).toBe('Retry (2/3)');
    expect(videoRetryState(2).retryLabel).toBe('Retry (3/3)');
    expect(videoRetryState(3)).toEqual({ canRetry: false, retryLabel: null, message: 'Maximum retries reached. Try a different prompt.' });
    expect(videoRetryState(7).canRetry).toBe(false);
  });
});

describe('sendErrorMessage', () => {
  it('shows a validation text from the server, the standard apology for other server or network errors', () => {
    expect(sendErrorMessage(new ApiError('The message is too long: at most 4000 characters', 400, 'validation_error'))).toBe(
      'The message is too long: at most 4000 characters',
    );
    expect(sendErrorMessage(new ApiError('Internal', 500))).toBe('Failed to send message. Please try again.');
    expect(sendErrorMessage(new ApiError('offline', 0, 'network_error'))).toBe('Failed to send message. Please try again.');
  });

  it('apologises for anything unexpected', () => {
    expect(sendErrorMessage(new TypeError('x is undefined'))).toBe('An unexpected error occurred. Please try again.');
  });
});

describe('loadErrorReason', () => {
  it('is the error message', () => {
    expect(loadErrorReason(new ApiError('Campaign not found', 404))).toBe('Campaign not found');
  });
});
