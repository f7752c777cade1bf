import { FakeXhr } from '../test/fakeXhr';
import { uploadForm, uploadReferenceImage, UPLOAD_PATH } from './uploadReferenceImage';

const image = { id: 'img-1', url: '/api/media/file/img-1', filename: 'img-1.png' };
const input = () => ({ file: new File(['png'], 'My Shoe.png', { type: 'image/png' }), uploadId: 'ref-1', projectId: 'p1', sceneId: 's1' });

beforeEach(() => FakeXhr.install(vi.stubGlobal));

describe('uploadReferenceImage', () => {
  it('posts the multipart form with a 120 s timeout and reports progress', async () => {
    const onProgress = vi.fn();
    const pending = uploadReferenceImage({ ...input(), userId: 'u1' }, { onProgress });
    const xhr = FakeXhr.requests[0]!;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe(UPLOAD_PATH);
    expect(xhr.timeout).toBe(120_000);
    expect(xhr.field('uploadId')).toBe('ref-1');
    expect(xhr.field('projectId')).toBe('p1');
    expect(xhr.field('sceneId')).toBe('s1');
    expect(xhr.field('messageId')).toBeNull();
    expect(xhr.field('originalFilename')).toBe('My Shoe.png');
    expect(xhr.field('simpleFilename')).toBe('my-shoe.png');
    expect(xhr.field('userId')).toBe('u1');
    expect((xhr.field('file') as File).name).toBe('My Shoe.png');
    xhr.progress(5, 10);
    expect(onProgress).toHaveBeenCalledWith(5, 10);
    xhr.respond(201, { success: true, reference_image: image, error: null });
    await expect(pending).resolves.toEqual({ ok: true, status: 201, image });
  });

  it('sends messageId only for chat attachments', () => {
    expect(uploadForm({ ...input(), messageId: 'm1' }).get('messageId')).toBe('m1');
    expect(uploadForm({ ...input(), messageId: null }).has('messageId')).toBe(false);
  });

  it('resolves with the messages of a timeout, a network error and a server refusal', async () => {
    const timedOut = uploadReferenceImage(input());
    FakeXhr.requests[0]!.expire();
    await expect(timedOut).resolves.toMatchObject({ ok: false, error: 'Upload timeout' });

    const offline = uploadReferenceImage(input());
    FakeXhr.requests[1]!.failNetwork();
    await expect(offline).resolves.toMatchObject({ ok: false, error: 'Network error during upload' });

    const refused = uploadReferenceImage(input());
    FakeXhr.requests[2]!.respond(413, { success: false, reference_image: null, error: 'Image size must be less than 15MB.' });
    await expect(refused).resolves.toEqual({ ok: false, status: 413, error: 'Image size must be less than 15MB.' });

    const garbled = uploadReferenceImage(input());
    FakeXhr.requests[3]!.respond(200, 'not json');
    await expect(garbled).resolves.toMatchObject({ ok: false, error: 'Invalid response from server' });
  });

  it('aborts on the signal', async () => {
    const controller = new AbortController();
    const pending = uploadReferenceImage(input(), { signal: controller.signal });
    controller.abort();
    await expect(pending).resolves.toMatchObject({ ok: false, cancelled: true });
    expect(FakeXhr.requests[0]!.aborted).toBe(true);
  });
});
