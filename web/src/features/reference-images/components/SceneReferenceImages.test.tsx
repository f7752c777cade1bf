import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { renderWithApp } from '@/test/render';
import type { ReferenceImage } from '../api/types';
import { MAX_FILE_BYTES } from '../logic/rules';
import { FakeXhr } from '../test/fakeXhr';
import { SceneReferenceImages } from './SceneReferenceImages';

function makeImage(id: string, name: string): ReferenceImage {
  return {
    id,
    url: `/api/media/file/${id}`,
    thumbnail_url: `/api/media/file/${id}?variant=thumbnail`,
    thumbnailUrl: `/api/media/file/${id}?variant=thumbnail`,
    filename: `${id}.png`,
    original_filename: name,
    dimensions: { width: 800, height: 800 },
    s3_url: `/api/media/file/${id}`,
    file_size: 1234,
    mime_type: 'image/png',
    project_id: 'p1',
    scene_id: 's1',
    message_id: null,
    created_at: '2026-11-22T10:00:00Z',
    image_metadata: { thumbnail_url: `/api/media/file/${id}?variant=thumbnail` },
  };
}

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** The reference-image routes over an in-memory list. */
function fakeApi(initial: ReferenceImage[] = []) {
  const state = { images: [...initial], calls: [] as string[], failDelete: false };
  const fetchImpl = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'), init);
    const path = new URL(request.url).pathname;
    state.calls.push(`${request.method} ${path}`);
    if (request.method === 'GET' && path === '/api/reference-images/scene/s1') return json({ success: true, reference_images: state.images });
    if (request.method === 'GET' && path === '/api/reference-images/project/p1') return json({ success: true, reference_images: state.images });
    const match = path.match(/^\/api\/reference-images\/([^/]+)$/);
    if (request.method === 'DELETE' && match) {
      if (state.failDelete) return json({ status: 'error', error: { code: 'internal', message: 'boom' }, message: 'boom' }, 500);
      state.images = state.images.filter((image) => image.id !== match[1]);
      return new Response(null, { status: 204 });
    }
    return json({ status: 'error', error: { code: 'not_found', message: 'Not found' }, message: 'Not found' }, 404);
  });
  vi.stubGlobal('fetch', fetchImpl);
  return state;
}

const readDimensions = async (file: File) => {
  if (file.name.startsWith('fake')) throw new Error('not an image');
  return file.name.startsWith('huge') ? { width: 4097, height: 100 } : { width: 800, height: 800 };
};

function png(name: string, size?: number): File {
  const file = new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });
  if (size !== undefined) Object.defineProperty(file, 'size', { value: size });
  return file;
}

function renderPanel(sceneId: string | null = 's1') {
  return renderWithApp(
    <div style={{ height: 600 }}>
      <SceneReferenceImages
        projectId="p1"
        sceneId={sceneId}
        readDimensions={readDimensions}
        renderPanel={(panel) => (
          <section aria-label="Host panel">
            <h1>Header</h1>
            {panel}
          </section>
        )}
      />
    </div>,
  );
}

function drop(files: File[]) {
  const zone = screen.getByTestId('reference-drop-zone');
  fireEvent.dragEnter(zone, { dataTransfer: { types: ['Files'], files } });
  fireEvent.drop(zone, { dataTransfer: { types: ['Files'], files } });
}

beforeEach(() => FakeXhr.install(vi.stubGlobal));
// sonner replays toasts still active to a new Toaster.
afterEach(() => toast.dismiss());

describe('SceneReferenceImages', () => {
  it('lists the scene images inside the host panel and removes one', async () => {
    const api = fakeApi([makeImage('img-1', 'shoe.png'), makeImage('img-2', 'bag.png')]);
    const user = userEvent.setup();
    renderPanel();
    const host = screen.getByRole('region', { name: 'Host panel' });
    await waitFor(() => expect(within(host).getAllByTestId('reference-image')).toHaveLength(2));
    expect(within(host).getByRole('img', { name: 'shoe.png' })).toHaveAttribute('src', '/api/media/file/img-1?variant=thumbnail');
    expect(screen.getByTestId('reference-image-count')).toHaveTextContent('2/3');
    expect(screen.getByRole('button', { name: 'Add product images' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove shoe.png' }));
    await waitFor(() => expect(screen.getAllByTestId('reference-image')).toHaveLength(1));
    expect(api.calls).toContain('DELETE /api/reference-images/img-1');
    expect(screen.getByRole('img', { name: 'bag.png' })).toBeInTheDocument();
  });

  it('says which photo’s automatic cutout is doubtful, and opens "Adjust cutout" from it or from any photo', async () => {
    const warning = 'We could not separate your product cleanly — adjust the cutout';
    const doubtful = { ...makeImage('img-1', 'cup.png'), cutout: { mask_url: '/m', confidence: 0.3, source: 'auto', warning } };
    const clean = { ...makeImage('img-2', 'bag.png'), cutout: { mask_url: '/m', confidence: 0.92, source: 'auto', warning: null } };
    fakeApi([doubtful, clean] as ReferenceImage[]);
    const user = userEvent.setup();
    renderPanel();
    const notice = await screen.findByTestId('cutout-warning');
    expect(notice).toHaveTextContent(`cup.png: ${warning}`);
    expect(screen.getAllByTestId('cutout-warning')).toHaveLength(1);
    const [cup, bag] = screen.getAllByTestId('reference-image');
    expect(cup).toHaveAttribute('data-cutout', 'doubtful');
    expect(within(cup!).getByTestId('cutout-warning-badge')).toHaveTextContent(warning);
    expect(bag).toHaveAttribute('data-cutout', 'auto');
    expect(bag).toHaveAttribute('title', 'bag.png · cutout 92 % sure');

    await user.click(within(notice).getByRole('button', { name: 'Adjust cutout of cup.png' }));
    const editor = await screen.findByRole('dialog', { name: 'Adjust cutout' });
    expect(within(editor).getByTestId('cutout-state')).toHaveTextContent('cup.png');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Adjust cutout' })).toBeNull());

    await user.click(within(bag!).getByRole('button', { name: 'Adjust cutout of bag.png' }));
    expect(within(await screen.findByRole('dialog', { name: 'Adjust cutout' })).getByTestId('cutout-state')).toHaveTextContent('bag.png');
  });

  it('puts an image back with a toast when the server refuses to remove it', async () => {
    const api = fakeApi([makeImage('img-1', 'shoe.png')]);
    api.failDelete = true;
    const user = userEvent.setup();
    renderPanel();
    await user.click(await screen.findByRole('button', { name: 'Remove shoe.png' }));
    expect(await screen.findByText('Failed to remove image from server.')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'shoe.png' })).toBeInTheDocument();
  });

  it('uploads a picked file with a progress bar through validating, uploading, syncing and completed', async () => {
    const api = fakeApi();
    const user = userEvent.setup();
    renderPanel();
    expect(await screen.findByRole('button', { name: /Add product photos/ })).toBeInTheDocument();
    await user.upload(screen.getByLabelText('Upload product images'), png('shoe.png'));

    await waitFor(() => expect(FakeXhr.requests).toHaveLength(1));
    const xhr = FakeXhr.requests[0]!;
    expect(xhr.url).toBe('/api/reference-images/upload-proxy');
    expect(xhr.field('sceneId')).toBe('s1');
    expect(xhr.field('projectId')).toBe('p1');
    expect(String(xhr.field('uploadId'))).toMatch(/^ref-/);
    expect(xhr.field('messageId')).toBeNull();

    const bar = screen.getByRole('progressbar', { name: 'Uploading shoe.png' });
    expect(bar).toHaveAttribute('aria-valuenow', '10');
    act(() => xhr.progress(50, 100));
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '50'));
    expect(screen.getByTestId('reference-upload')).toHaveAttribute('data-status', 'uploading');

    const stored = makeImage('img-9', 'shoe.png');
    api.images.push(stored);
    act(() => xhr.respond(201, { success: true, reference_image: stored, error: null }));
    expect(await screen.findByRole('img', { name: 'shoe.png' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('reference-upload')).not.toBeInTheDocument());
    expect(screen.getByTestId('reference-image-count')).toHaveTextContent('1/3');
    expect(api.calls.filter((call) => call === 'GET /api/reference-images/scene/s1')).toHaveLength(2);
  });

  it('lists refused files in one toast and says when none is valid', async () => {
    fakeApi();
    renderPanel();
    await screen.findByRole('button', { name: /Add product photos/ });
    drop([new File(['hello'], 'notes.txt', { type: 'text/plain' }), png('big.png', MAX_FILE_BYTES + 1), png('fake.png')]);
    const toast = await screen.findByText(/notes\.txt: Please upload a valid image file \(JPEG, PNG, WebP, or GIF\)\./);
    expect(toast.textContent).toContain('big.png: Image size must be less than 15MB.');
    expect(toast.textContent).toContain('fake.png: Invalid or corrupted image file');
    expect(await screen.findByText('Please drop valid image files only (JPEG, PNG, WebP, or GIF).')).toBeInTheDocument();
    expect(FakeXhr.requests).toHaveLength(0);
    expect(screen.queryByTestId('reference-upload')).not.toBeInTheDocument();
  });

  it('uploads the valid files of a mixed drop, accepting exactly 15 MiB', async () => {
    fakeApi();
    renderPanel();
    await screen.findByRole('button', { name: /Add product photos/ });
    drop([png('huge.png'), png('limit.png', MAX_FILE_BYTES)]);
    expect(await screen.findByText('huge.png: Image dimensions too large. Max 4096x4096 pixels.')).toBeInTheDocument();
    await waitFor(() => expect(FakeXhr.requests).toHaveLength(1));
    expect((FakeXhr.requests[0]!.field('file') as File).name).toBe('limit.png');
    expect(screen.queryByText(/Please drop valid image files only/)).not.toBeInTheDocument();
  });

  it('processes only the free slots of a larger drop', async () => {
    fakeApi([makeImage('img-1', 'shoe.png')]);
    renderPanel();
    await screen.findByRole('img', { name: 'shoe.png' });
    drop([png('a.png'), png('b.png'), png('c.png')]);
    expect(await screen.findByText('You can only upload up to 3 reference images. Only the first 3 will be processed.')).toBeInTheDocument();
    await waitFor(() => expect(FakeXhr.requests).toHaveLength(2));
    expect(FakeXhr.requests.map((xhr) => (xhr.field('file') as File).name)).toEqual(['a.png', 'b.png']);
    expect(screen.getAllByTestId('reference-upload')).toHaveLength(2);
    expect(screen.getByTestId('reference-image-count')).toHaveTextContent('3/3');
    expect(screen.queryByRole('button', { name: 'Add product images' })).not.toBeInTheDocument();

    drop([png('d.png')]);
    expect(await screen.findByText('You can only upload up to 3 reference images.')).toBeInTheDocument();
    expect(FakeXhr.requests).toHaveLength(2);
  });

  it('shows the server error on a failed tile and retries', async () => {
    const api = fakeApi();
    const user = userEvent.setup();
    renderPanel();
    await screen.findByRole('button', { name: /Add product photos/ });
    drop([png('shoe.png')]);
    await waitFor(() => expect(FakeXhr.requests).toHaveLength(1));
    act(() => FakeXhr.requests[0]!.respond(400, { success: false, reference_image: null, error: 'Invalid or corrupted image file' }));
    const tile = await screen.findByTestId('reference-upload');
    await waitFor(() => expect(tile).toHaveAttribute('data-status', 'failed'));
    expect(within(tile).getByRole('alert')).toHaveTextContent('Invalid or corrupted image file');
    expect(await screen.findByText('Invalid or corrupted image file', { selector: '[data-sonner-toast] *' })).toBeInTheDocument();

    await user.click(within(tile).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(FakeXhr.requests).toHaveLength(2));
    const stored = makeImage('img-5', 'shoe.png');
    api.images.push(stored);
    act(() => FakeXhr.requests[1]!.respond(201, { success: true, reference_image: stored, error: null }));
    expect(await screen.findByRole('img', { name: 'shoe.png' })).toBeInTheDocument();
  });

  it('maps a timeout and a network error', async () => {
    fakeApi();
    renderPanel();
    await screen.findByRole('button', { name: /Add product photos/ });
    drop([png('a.png'), png('b.png')]);
    await waitFor(() => expect(FakeXhr.requests).toHaveLength(2));
    act(() => FakeXhr.requests[0]!.expire());
    act(() => FakeXhr.requests[1]!.failNetwork());
    expect(await screen.findAllByText('Upload timeout')).not.toHaveLength(0);
    expect(await screen.findAllByText('Network error during upload')).not.toHaveLength(0);
  });

  it('shows the drop overlay while files are dragged over the panel', async () => {
    fakeApi();
    renderPanel();
    const zone = screen.getByTestId('reference-drop-zone');
    fireEvent.dragEnter(zone, { dataTransfer: { types: ['Files'], files: [] } });
    const overlay = screen.getByTestId('reference-drop-overlay');
    expect(overlay).toHaveTextContent('Drop Product Images');
    expect(overlay).toHaveTextContent('Up to 3 images, 15MB max each');
    fireEvent.dragLeave(zone, { dataTransfer: { types: ['Files'], files: [] } });
    expect(screen.queryByTestId('reference-drop-overlay')).not.toBeInTheDocument();
    // Dragging text is not a file drop.
    fireEvent.dragEnter(zone, { dataTransfer: { types: ['text/plain'], files: [] } });
    expect(screen.queryByTestId('reference-drop-overlay')).not.toBeInTheDocument();
  });

  it('asks for a campaign when none is selected', async () => {
    fakeApi();
    renderPanel(null);
    expect(screen.getByText('Select a campaign to add product images.')).toBeInTheDocument();
    drop([png('a.png')]);
    expect(await screen.findByText('Please select a campaign first')).toBeInTheDocument();
    expect(FakeXhr.requests).toHaveLength(0);
  });
});
