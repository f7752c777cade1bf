import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithApp } from '@/test/render';
import type { ReferenceImage } from '../api/types';
import { CutoutEditor } from './CutoutEditor';

const WARNING = 'We could not separate your product cleanly — adjust the cutout';

const image = {
  id: 'img-1',
  url: '/api/media/file/img-1',
  thumbnail_url: '/api/media/file/img-1?variant=thumbnail',
  thumbnailUrl: '/api/media/file/img-1?variant=thumbnail',
  filename: 'img-1.png',
  original_filename: 'coffee.png',
  dimensions: { width: 600, height: 400 },
  s3_url: '/api/media/file/img-1',
  file_size: 1234,
  mime_type: 'image/png',
  project_id: 'p1',
  scene_id: 's1',
  message_id: null,
  created_at: '2026-11-22T10:00:00Z',
  image_metadata: { thumbnail_url: '/api/media/file/img-1?variant=thumbnail' },
} as ReferenceImage;

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** The cutout routes over one stored cutout; every call is recorded with its JSON body. */
function fakeCutoutRoutes(options: { refuse?: string } = {}) {
  let version = 1;
  let cutout = { mask_url: '/api/reference-images/img-1/cutout/mask?v=1', confidence: 0.31, source: 'auto', warning: WARNING as string | null };
  const calls: { method: string; path: string; body: unknown }[] = [];
  const fetchImpl = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    // The typed client sends a Request; the mask image is fetched by URL.
    const request = input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'), init);
    const url = new URL(request.url);
    const method = request.method.toUpperCase();
    const text = await request.text();
    const body: unknown = text ? JSON.parse(text) : undefined;
    calls.push({ method, path: url.pathname, body });
    if (url.pathname.endsWith('/cutout/mask')) return new Response(new Uint8Array([137, 80, 78, 71]), { headers: { 'Content-Type': 'image/png' } });
    if (method === 'PUT' && options.refuse)
      return json({ status: 'error', error: { code: 'validation', message: options.refuse }, message: options.refuse }, 400);
    if (method === 'PUT') {
      version += 1;
      cutout = { mask_url: `/api/reference-images/img-1/cutout/mask?v=${version}`, confidence: 0.97, source: 'seller', warning: null };
    } else if (method === 'DELETE') {
      version += 1;
      cutout = { mask_url: `/api/reference-images/img-1/cutout/mask?v=${version}`, confidence: 0.31, source: 'auto', warning: WARNING };
    }
    return json(cutout);
  });
  vi.stubGlobal('fetch', fetchImpl);
  return { adjustments: () => calls.filter((call) => call.method !== 'GET'), calls };
}

beforeEach(() => {
  // jsdom draws nothing and decodes nothing: the photo "loads" and the mask is the photo's size.
  vi.stubGlobal(
    'createImageBitmap',
    vi.fn(async () => ({ width: 600, height: 400, close: () => undefined })),
  );
  vi.stubGlobal(
    'Image',
    class {
      onload: (() => void) | null = null;
      onerror: (() => void) | null = null;
      decoding = 'auto';
      naturalWidth = 600;
      naturalHeight = 400;
      set src(_url: string) {
        queueMicrotask(() => this.onload?.());
      }
    },
  );
  // Each pane shows the 600×400 photo at half size, from its top-left corner.
  vi.spyOn(HTMLCanvasElement.prototype, 'getBoundingClientRect').mockReturnValue({
    x: 0,
    y: 0,
    left: 0,
    top: 0,
    width: 300,
    height: 200,
    right: 300,
    bottom: 200,
    toJSON: () => ({}),
  });
});

afterEach(() => vi.restoreAllMocks());

function pointer(target: Element, type: 'pointerDown' | 'pointerMove' | 'pointerUp', x: number, y: number) {
  fireEvent[type](target, { pointerId: 1, pointerType: 'mouse', button: 0, clientX: x, clientY: y });
}

async function openEditor() {
  const onClose = vi.fn();
  renderWithApp(<CutoutEditor image={image} onClose={onClose} />);
  const dialog = await screen.findByRole('dialog', { name: 'Adjust cutout' });
  await waitFor(() => expect(within(dialog).queryByRole('status')).toBeNull());
  return { dialog, onClose };
}

describe('CutoutEditor', () => {
  it('shows the doubtful automatic cutout with its warning, and labelled tools', async () => {
    fakeCutoutRoutes();
    const { dialog } = await openEditor();
    expect(within(dialog).getByTestId('cutout-state')).toHaveTextContent('coffee.png · Automatic, 31 % sure');
    expect(within(dialog).getByTestId('cutout-editor-warning')).toHaveTextContent(WARNING);
    const tools = within(dialog).getByRole('radiogroup', { name: 'Tool' });
    expect(
      within(tools)
        .getAllByRole('radio')
        .map((radio) => radio.textContent),
    ).toEqual(['Box', 'Keep', 'Remove']);
    expect(within(tools).getByRole('radio', { name: 'Box' })).toHaveAttribute('data-state', 'checked');
    expect(within(dialog).getByRole('slider', { name: 'Brush size' })).toHaveValue('24');
    expect(within(dialog).getByRole('button', { name: /Undo/ })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: /Reset/ })).toBeDisabled();
    expect(within(dialog).getByRole('img', { name: /The cutout/ })).toBeInTheDocument();
    expect(within(dialog).getByRole('img', { name: /Your photo/ })).toBeInTheDocument();
  });

  it('sends a box and strokes in photo pixels, the whole set each time, and undo sends the set without the last', async () => {
    const routes = fakeCutoutRoutes();
    const { dialog } = await openEditor();
    const photo = within(dialog).getByRole('img', { name: /Your photo/ });

    // Drawn at half size: 30,5 → 250,195 on screen is 60,10 → 500,390 on the photo.
    pointer(photo, 'pointerDown', 30, 5);
    pointer(photo, 'pointerMove', 250, 195);
    pointer(photo, 'pointerUp', 250, 195);
    await waitFor(() => expect(routes.adjustments()).toHaveLength(1));
    expect(routes.adjustments()[0]).toEqual({
      method: 'PUT',
      path: '/api/reference-images/img-1/cutout',
      body: { box: [60, 10, 500, 390], keep: [], remove: [], brush_px: 24 },
    });
    await waitFor(() => expect(within(dialog).getByTestId('cutout-state')).toHaveTextContent('Adjusted by you'));
    expect(within(dialog).queryByTestId('cutout-editor-warning')).toBeNull();

    // R picks the remove brush; a stroke across the cutout pane.
    const cutout = within(dialog).getByRole('img', { name: /The cutout/ });
    fireEvent.keyDown(cutout, { key: 'r' });
    expect(within(dialog).getByRole('radio', { name: 'Remove' })).toHaveAttribute('data-state', 'checked');
    pointer(cutout, 'pointerDown', 170, 135);
    pointer(cutout, 'pointerMove', 180, 140);
    pointer(cutout, 'pointerMove', 195, 150);
    pointer(cutout, 'pointerUp', 195, 150);
    await waitFor(() => expect(routes.adjustments()).toHaveLength(2));
    expect(routes.adjustments()[1]?.body).toEqual({
      box: [60, 10, 500, 390],
      keep: [],
      remove: [
        [
          [340, 270],
          [360, 280],
          [390, 300],
        ],
      ],
      brush_px: 24,
    });

    await userEvent.click(within(dialog).getByRole('button', { name: /Undo/ }));
    await waitFor(() => expect(routes.adjustments()).toHaveLength(3));
    expect(routes.adjustments()[2]?.body).toEqual({ box: [60, 10, 500, 390], keep: [], remove: [], brush_px: 24 });

    // Back to automatic: DELETE, and the warning is back.
    await userEvent.click(within(dialog).getByRole('button', { name: /Reset/ }));
    await waitFor(() => expect(routes.adjustments().at(-1)?.method).toBe('DELETE'));
    await waitFor(() => expect(within(dialog).getByTestId('cutout-editor-warning')).toHaveTextContent(WARNING));
  });

  it('a click without a drag is not a box, and a stroke beside the photo paints nothing', async () => {
    const routes = fakeCutoutRoutes();
    const { dialog } = await openEditor();
    const photo = within(dialog).getByRole('img', { name: /Your photo/ });
    pointer(photo, 'pointerDown', 100, 100);
    pointer(photo, 'pointerUp', 101, 101);
    fireEvent.keyDown(photo, { key: 'k' });
    pointer(photo, 'pointerDown', 310, 100);
    pointer(photo, 'pointerUp', 320, 100);
    // A keep stroke on the photo is sent with the whole set: neither gesture above is in it.
    pointer(photo, 'pointerDown', 100, 100);
    pointer(photo, 'pointerMove', 110, 100);
    pointer(photo, 'pointerUp', 110, 100);
    await waitFor(() => expect(routes.adjustments()).toHaveLength(1));
    expect(routes.adjustments()[0]?.body).toEqual({
      keep: [
        [
          [200, 200],
          [220, 200],
        ],
      ],
      remove: [],
      brush_px: 24,
    });
  });

  it('shows the server’s refusal and keeps the editor open on Done', async () => {
    fakeCutoutRoutes({ refuse: 'At most 200 strokes (keep and remove together); 201 were sent' });
    const { dialog, onClose } = await openEditor();
    const photo = within(dialog).getByRole('img', { name: /Your photo/ });
    pointer(photo, 'pointerDown', 30, 5);
    pointer(photo, 'pointerMove', 250, 195);
    pointer(photo, 'pointerUp', 250, 195);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('At most 200 strokes (keep and remove together); 201 were sent');
    expect(onClose).not.toHaveBeenCalled();
    // The automatic cutout is still the one shown.
    expect(within(dialog).getByTestId('cutout-state')).toHaveTextContent('Automatic, 31 % sure');
  });

  it('Escape closes', async () => {
    fakeCutoutRoutes();
    const { onClose } = await openEditor();
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
  });
});
