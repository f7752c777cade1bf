import { ApiError } from './client';
import { imageEditErrorMessage, imageEditForm, requestImageEdit, type ImageEditInput } from './imageEdit';

const mask = new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' });
const input: ImageEditInput = {
  projectId: 'p1',
  sceneId: 's1',
  prompt: 'Replace with a slice of lemon',
  originalImageUrl: '/api/media/file/3f1c1d2e-0000-4000-8000-000000000001',
  mask,
};

function json(body: unknown, status: number): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

const started = { job_id: '9b8c7d6e-0000-4000-8000-000000000002', status: 'queued', status_url: '/api/jobs/x/status', credit_cost: 1 };

describe('imageEditForm', () => {
  it('carries every field, the default edit settings and the mask as mask.png', () => {
    const form = imageEditForm({ ...input, parentMessageId: 'm1' });
    expect(form.get('project_id')).toBe('p1');
    expect(form.get('scene_id')).toBe('s1');
    expect(form.get('prompt')).toBe('Replace with a slice of lemon');
    expect(form.get('original_image_url')).toBe(input.originalImageUrl);
    expect(form.get('parent_message_id')).toBe('m1');
    expect(JSON.parse(String(form.get('context')))).toEqual({ quality: 'medium', resolution: '1024x1024' });
    const file = form.get('mask');
    expect(file).toBeInstanceOf(File);
    expect((file as File).name).toBe('mask.png');
    expect((file as File).type).toBe('image/png');
  });

  it('leaves out what is not given, and takes the caller’s settings', () => {
    const form = imageEditForm({ ...input, sceneId: null, context: { quality: 'high', resolution: '1536x1024' } });
    expect(form.has('scene_id')).toBe(false);
    expect(form.has('parent_message_id')).toBe(false);
    expect(JSON.parse(String(form.get('context')))).toEqual({ quality: 'high', resolution: '1536x1024' });
  });
});

describe('requestImageEdit', () => {
  it('posts the form with the session cookie and returns the started job', async () => {
    const fetchImpl = vi.fn(async () => json({ status: 'success', data: started }, 202));
    vi.stubGlobal('fetch', fetchImpl);
    await expect(requestImageEdit(input)).resolves.toEqual(started);
    expect(fetchImpl).toHaveBeenCalledWith(
      '/api/generate/image-edit',
      expect.objectContaining({ method: 'POST', credentials: 'same-origin', body: expect.any(FormData) }),
    );
  });

  it('keeps the status and the server’s message of an error', async () => {
    vi.stubGlobal('fetch', async () =>
      json({ status: 'error', error: { code: 'insufficient_credits', message: 'Not enough credits' }, message: 'Not enough credits' }, 402),
    );
    const error = await requestImageEdit(input).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 402, code: 'insufficient_credits', message: 'Not enough credits' });
  });

  it('is an error when the answer has no job', async () => {
    vi.stubGlobal('fetch', async () => json({ status: 'success', data: {} }, 202));
    await expect(requestImageEdit(input)).rejects.toMatchObject({ code: 'invalid_response', message: 'Invalid response format - no job data' });
  });

  it('is a network error when the request does not get through', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(requestImageEdit(input)).rejects.toMatchObject({ status: 0, code: 'network_error' });
  });
});

describe('imageEditErrorMessage', () => {
  it('says Insufficient credits for a 402', () => {
    expect(imageEditErrorMessage(new ApiError('Not enough credits', 402))).toBe('Insufficient credits');
  });
  it('gives the status and the server’s message otherwise', () => {
    expect(imageEditErrorMessage(new ApiError('Failed to create mask from brush strokes', 400))).toBe(
      'Failed to edit image: 400 Failed to create mask from brush strokes',
    );
    expect(imageEditErrorMessage(new ApiError('Network error', 0, 'network_error'))).toBe('Failed to edit image: Network error');
    expect(imageEditErrorMessage(new Error('boom'))).toBe('Image edit failed');
  });
});
