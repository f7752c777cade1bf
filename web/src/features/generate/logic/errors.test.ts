import { ApiError } from '@/api/client';
import { generateErrorMessage, mapGenerateError } from './errors';

describe('mapGenerateError', () => {
  it('turns credit and payment problems into the insufficient-credits text', () => {
    for (const message of ['Insufficient credits', 'Not enough credit left', 'Payment required']) {
      expect(mapGenerateError(message)).toBe('Insufficient credits. Please add more credits to continue.');
    }
  });

  it('does not read a refund notice as a balance problem', () => {
    const message = 'The worker running this job stopped. Your credits were refunded.';
    expect(mapGenerateError(message)).toBe(message);
  });

  it('asks to log in on authentication errors', () => {
    expect(mapGenerateError('Authentication failed')).toBe('Authentication required. Please log in.');
    expect(mapGenerateError('401 Unauthorized')).toBe('Authentication required. Please log in.');
  });

  it('explains a template that is gone', () => {
    expect(mapGenerateError('Template not found')).toBe('Selected template is no longer available. Please choose another template.');
  });

  it('words a missing job id and a missing result', () => {
    expect(mapGenerateError('No job ID returned')).toBe('Generation service error. Please try again.');
    expect(mapGenerateError('No result returned')).toBe('Generation timed out or failed. Please try again.');
  });

  it('keeps any other message, and falls back when there is none', () => {
    expect(mapGenerateError('Template generation timed out after maximum attempts')).toBe('Template generation timed out after maximum attempts');
    expect(mapGenerateError('')).toBe('Failed to generate content. Please try again.');
    expect(mapGenerateError('   ')).toBe('Failed to generate content. Please try again.');
    expect(mapGenerateError(null)).toBe('Failed to generate content. Please try again.');
  });
});

describe('generateErrorMessage', () => {
  it('reads 401 and 402 answers whatever their text', () => {
    expect(generateErrorMessage(new ApiError('Not signed in', 401, 'unauthenticated'))).toBe('Authentication required. Please log in.');
    expect(generateErrorMessage(new ApiError('Nope', 402, 'insufficient_credits'))).toBe('Insufficient credits. Please add more credits to continue.');
  });

  it('maps other errors by their message', () => {
    expect(generateErrorMessage(new ApiError('Template not found', 404, 'not_found'))).toBe(
      'Selected template is no longer available. Please choose another template.',
    );
    expect(generateErrorMessage(new Error('Please upload at least one image'))).toBe('Please upload at least one image');
    expect(generateErrorMessage('weird')).toBe('Failed to generate content. Please try again.');
  });
});
