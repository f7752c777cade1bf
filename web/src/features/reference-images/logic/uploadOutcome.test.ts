import { messages } from './rules';
import { interpretUploadOutcome } from './uploadOutcome';

const image = { id: 'img-1', url: '/api/media/file/img-1', filename: 'img-1.png', thumbnail_url: '/api/media/file/img-1?variant=thumbnail' };
const load = (status: number, body: unknown) => ({ kind: 'load' as const, status, responseText: typeof body === 'string' ? body : JSON.stringify(body) });

describe('interpretUploadOutcome', () => {
  it('returns the stored image', () => {
    expect(interpretUploadOutcome(load(201, { success: true, reference_image: image, error: null }))).toEqual({ ok: true, status: 201, image });
  });

  it('maps a timeout, a network error and an abort', () => {
    expect(interpretUploadOutcome({ kind: 'timeout' })).toMatchObject({ ok: false, error: 'Upload timeout' });
    expect(interpretUploadOutcome({ kind: 'error' })).toMatchObject({ ok: false, error: 'Network error during upload' });
    expect(interpretUploadOutcome({ kind: 'abort' })).toMatchObject({ ok: false, cancelled: true });
  });

  it('refuses a non-JSON answer', () => {
    expect(interpretUploadOutcome(load(201, '<html>oops</html>'))).toMatchObject({ ok: false, error: 'Invalid response from server' });
    expect(interpretUploadOutcome(load(502, 'Bad Gateway'))).toMatchObject({ ok: false, status: 502, error: messages.invalidResponse });
    expect(interpretUploadOutcome(load(200, ''))).toMatchObject({ ok: false, error: messages.invalidResponse });
  });

  it('shows the server error text', () => {
    for (const [status, error] of [
      [415, 'Please upload a valid image file (JPEG, PNG, WebP, or GIF).'],
      [413, 'Image size must be less than 15MB.'],
      [400, 'Image dimensions too large. Max 4096x4096 pixels.'],
      [400, 'Invalid or corrupted image file'],
      [400, 'You can only upload up to 3 reference images.'],
      [404, 'Campaign not found'],
    ] as const) {
      expect(interpretUploadOutcome(load(status, { success: false, reference_image: null, error }))).toEqual({ ok: false, status, error });
    }
  });

  it('reads the JSON error envelope too', () => {
    expect(
      interpretUploadOutcome(load(401, { status: 'error', error: { code: 'unauthenticated', message: 'Sign in required' }, message: 'Sign in required' })),
    ).toMatchObject({
      ok: false,
      status: 401,
      error: 'Sign in required',
    });
  });

  it('falls back to Upload failed', () => {
    expect(interpretUploadOutcome(load(500, { success: false, reference_image: null, error: null }))).toMatchObject({ ok: false, error: 'Upload failed' });
    expect(interpretUploadOutcome(load(400, { success: false, error: '   ' }))).toMatchObject({ error: 'Upload failed' });
    expect(interpretUploadOutcome(load(500, null))).toMatchObject({ error: 'Upload failed' });
  });

  it('treats a success without an image as an invalid response', () => {
    expect(interpretUploadOutcome(load(201, { success: true, reference_image: null, error: null }))).toMatchObject({
      ok: false,
      error: messages.invalidResponse,
    });
    expect(interpretUploadOutcome(load(201, { success: true, reference_image: { id: 42 } }))).toMatchObject({ ok: false, error: messages.invalidResponse });
    expect(interpretUploadOutcome(load(200, [1, 2]))).toMatchObject({ ok: false, error: messages.invalidResponse });
    expect(interpretUploadOutcome(load(200, 'true'))).toMatchObject({ ok: false, error: messages.invalidResponse });
  });

  it('does not take a 4xx as success even if the body says so', () => {
    expect(interpretUploadOutcome(load(400, { success: true, reference_image: image }))).toMatchObject({ ok: false, error: 'Upload failed' });
  });
});
