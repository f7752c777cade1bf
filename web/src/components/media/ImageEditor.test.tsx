import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { queryKeys } from '@/api/queryKeys';
import { BROWSER_EVENTS, onBrowserEvent } from '@/lib/browserEvents';
import { jobOutcomeStore, jobProgressStore, type JobEventData } from '@/lib/events';
import { isPaintedPixel } from '@/lib/mask';
import { encodeMaskPng } from './encodeMaskPng';
import { ImageEditor, type ImageEditorProps } from './ImageEditor';

vi.mock('./encodeMaskPng', () => ({ encodeMaskPng: vi.fn(async () => new Blob(['png'], { type: 'image/png' })) }));

const imageId = '3f1c1d2e-0000-4000-8000-000000000001';
let jobSeq = 0;

function json(body: unknown, status: number): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function jobEvent(jobId: string, overrides: Partial<JobEventData>): JobEventData {
  return {
    event_id: null,
    job_id: jobId,
    kind: 'image_edit',
    status: 'completed',
    progress: 100,
    stage: null,
    project_id: 'p1',
    scene_id: 's1',
    message_id: 'm1',
    asset: { id: 'edited-1', url: '/api/media/file/edited-1', thumbnail_url: null, file_type: 'image', credit_cost: 1 },
    error: null,
    ...overrides,
  };
}

/** The edit route answers with a fresh job id (or the given failure). */
function stubEditRoute(failure?: { status: number; message: string }) {
  const jobId = `job-${++jobSeq}`;
  const fetchImpl = vi.fn(async () =>
    failure
      ? json({ status: 'error', error: { code: 'x', message: failure.message }, message: failure.message }, failure.status)
      : json({ status: 'success', data: { job_id: jobId, status: 'queued', status_url: `/api/jobs/${jobId}/status`, credit_cost: 1 } }, 202),
  );
  vi.stubGlobal('fetch', fetchImpl);
  return { jobId, fetchImpl };
}

function renderEditor(props: Partial<ImageEditorProps> = {}, queryClient = new QueryClient()) {
  // The deployment's providers are known (the studio engine only), so the editor asks nothing but the edit.
  if (queryClient.getQueryData(queryKeys.providers) === undefined) queryClient.setQueryData(queryKeys.providers, []);
  const onEdited = vi.fn();
  const onCancel = vi.fn();
  render(
    <QueryClientProvider client={queryClient}>
      <ImageEditor
        image={{ id: imageId, type: 'image', url: `/api/media/file/${imageId}`, width: 200, height: 100, alt: 'Teapot' }}
        projectId="p1"
        sceneId="s1"
        parentMessageId="m1"
        onEdited={onEdited}
        onCancel={onCancel}
        {...props}
      />
      <Toaster />
    </QueryClientProvider>,
  );
  fireEvent.load(screen.getByAltText('Teapot'));
  // A 200×100 image in a 400×400 box: drawn 400×200, letterboxed 100 px above and below.
  const canvas = screen.getByRole('img', { name: /Mask/ });
  vi.spyOn(canvas, 'getBoundingClientRect').mockReturnValue({
    left: 0,
    top: 0,
    width: 400,
    height: 400,
    right: 400,
    bottom: 400,
    x: 0,
    y: 0,
    toJSON: () => ({}),
  });
  return { canvas, onEdited, onCancel };
}

function paint(canvas: HTMLElement, from: [number, number], to: [number, number]) {
  fireEvent.pointerDown(canvas, { pointerId: 1, pointerType: 'mouse', button: 0, clientX: from[0], clientY: from[1] });
  fireEvent.pointerMove(canvas, { pointerId: 1, pointerType: 'mouse', clientX: to[0], clientY: to[1] });
  fireEvent.pointerUp(canvas, { pointerId: 1, pointerType: 'mouse', clientX: to[0], clientY: to[1] });
}

beforeEach(() => {
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  vi.mocked(encodeMaskPng).mockClear();
});

afterEach(() => {
  vi.restoreAllMocks();
  jobProgressStore.dispatch({ type: 'reset' });
});

describe('ImageEditor', () => {
  it('ignores strokes on the letterbox bars, and shows the prompt box after the first stroke inside', () => {
    const { canvas } = renderEditor();
    paint(canvas, [200, 50], [300, 60]);
    expect(screen.getByLabelText('Describe the change')).not.toBeVisible();
    paint(canvas, [100, 200], [300, 200]);
    expect(screen.getByLabelText('Describe the change')).toBeVisible();
    expect(screen.getByLabelText('Describe the change')).toHaveAttribute('placeholder', 'Replace with a slice of lemon');
    expect(screen.getByRole('button', { name: /Edit image.*1 credit/ })).toBeInTheDocument();
  });

  it('does not send an edit the balance cannot pay for, and says why', async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(queryKeys.credits, { balance: 0 });
    const { fetchImpl } = stubEditRoute();
    const user = userEvent.setup();
    const { canvas } = renderEditor({}, queryClient);
    paint(canvas, [100, 200], [300, 200]);
    await user.type(screen.getByLabelText('Describe the change'), 'remove the cup{Enter}');
    const submit = screen.getByRole('button', { name: /^Edit image/ });
    expect(submit).toBeDisabled();
    expect(submit).toHaveTextContent('Needs 1 credit — you have 0');
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it('undoes the last stroke and clears', async () => {
    const user = userEvent.setup();
    const { canvas } = renderEditor();
    paint(canvas, [100, 200], [300, 200]);
    paint(canvas, [100, 150], [300, 150]);
    await user.click(screen.getByRole('button', { name: 'Undo last stroke' }));
    expect(screen.getByLabelText('Describe the change')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Undo last stroke' }));
    expect(screen.getByLabelText('Describe the change')).not.toBeVisible();
    paint(canvas, [100, 200], [300, 200]);
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.getByLabelText('Describe the change')).not.toBeVisible();
  });

  it('needs a description', async () => {
    const user = userEvent.setup();
    const { fetchImpl } = stubEditRoute();
    const { canvas } = renderEditor();
    paint(canvas, [100, 200], [300, 200]);
    await user.click(screen.getByRole('button', { name: /Edit image/ }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a prompt before generating.');
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it('sends a mask at the image’s own resolution, follows the job and hands over the result', async () => {
    const user = userEvent.setup();
    const { jobId, fetchImpl } = stubEditRoute();
    const { canvas, onEdited } = renderEditor({ settings: { quality: 'high' } });
    const started = vi.fn();
    const ended = vi.fn();
    const offStart = onBrowserEvent(BROWSER_EVENTS.generationStart, started);
    const offEnd = onBrowserEvent(BROWSER_EVENTS.generationEnd, ended);

    // Display (100, 200)–(300, 200) is image (50, 50)–(150, 50).
    paint(canvas, [100, 200], [300, 200]);
    await user.type(screen.getByLabelText('Describe the change'), 'Replace with a slice of lemon{Enter}');

    await waitFor(() => expect(fetchImpl).toHaveBeenCalledTimes(1));
    const [pixels, size] = vi.mocked(encodeMaskPng).mock.calls[0] ?? [];
    expect(size).toEqual({ width: 200, height: 100 });
    const at = (x: number, y: number) => {
      const o = (y * 200 + x) * 4;
      return pixels ? isPaintedPixel(pixels[o] ?? 0, pixels[o + 1] ?? 0, pixels[o + 2] ?? 0, pixels[o + 3] ?? 0) : false;
    };
    expect(at(100, 50)).toBe(true);
    expect(at(100, 90)).toBe(false);

    const [path, init] = fetchImpl.mock.calls[0] as unknown as [string, RequestInit];
    expect(path).toBe('/api/generate/image-edit');
    const form = init.body as FormData;
    expect(form.get('prompt')).toBe('Replace with a slice of lemon');
    expect(form.get('original_image_url')).toBe(`/api/media/file/${imageId}`);
    expect(form.get('parent_message_id')).toBe('m1');
    expect(JSON.parse(String(form.get('context')))).toEqual({ quality: 'high', resolution: '1024x1024' });

    expect(await screen.findByText('Editing image…')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /Mask/ })).toHaveClass('cursor-not-allowed');
    act(() =>
      jobProgressStore.dispatch({
        type: 'progress',
        event: jobEvent(jobId, { status: 'running', progress: 40, stage: 'inpainting', asset: null }),
        at: Date.now(),
      }),
    );
    expect(screen.getByText('Editing image… 40%')).toBeInTheDocument();
    expect(screen.getByText('Inpainting')).toBeInTheDocument();
    expect(started).toHaveBeenCalledTimes(1);

    act(() => jobOutcomeStore.record(jobEvent(jobId, {})));
    await waitFor(() => expect(onEdited).toHaveBeenCalledWith(expect.objectContaining({ status: 'completed', jobId, url: '/api/media/file/edited-1' })));
    expect(ended.mock.calls[0]?.[0]).toMatchObject({ status: 'completed', jobId, kind: 'image_edit', sourceImageId: imageId });
    offStart();
    offEnd();
  });

  it('says Insufficient credits for a 402 and keeps the strokes', async () => {
    const user = userEvent.setup();
    stubEditRoute({ status: 402, message: 'Not enough credits' });
    const { canvas } = renderEditor();
    paint(canvas, [100, 200], [300, 200]);
    await user.type(screen.getByLabelText('Describe the change'), 'Make it blue{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Insufficient credits');
    expect(screen.getByLabelText('Describe the change')).toHaveValue('Make it blue');
    expect(screen.getByRole('button', { name: 'Undo last stroke' })).toBeEnabled();
  });

  it('gives the status and message of other request errors', async () => {
    const user = userEvent.setup();
    stubEditRoute({ status: 400, message: 'original_image_url must be one of your images' });
    const { canvas } = renderEditor();
    paint(canvas, [100, 200], [300, 200]);
    await user.type(screen.getByLabelText('Describe the change'), 'Make it blue{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to edit image: 400 original_image_url must be one of your images');
  });

  it('shows the job’s error when the edit fails', async () => {
    const user = userEvent.setup();
    const { jobId } = stubEditRoute();
    const { canvas, onEdited } = renderEditor();
    paint(canvas, [100, 200], [300, 200]);
    await user.type(screen.getByLabelText('Describe the change'), 'Make it blue{Enter}');
    await screen.findByText('Editing image…');
    act(() => jobOutcomeStore.record(jobEvent(jobId, { status: 'failed', asset: null, error: 'The engine could not finish' })));
    expect(await screen.findByRole('alert')).toHaveTextContent('The engine could not finish');
    expect(onEdited).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: /Edit image/ })).toBeEnabled();
  });

  it('cancels with Escape or the Cancel button', async () => {
    const user = userEvent.setup();
    const { canvas, onCancel } = renderEditor();
    paint(canvas, [100, 200], [300, 200]);
    await user.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(screen.getByLabelText('Describe the change')).not.toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(2);
  });
});
