import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { queryKeys } from '@/api/queryKeys';
import type { Storyboard as StoryboardData } from '@/api/types';
import { BROWSER_EVENTS, emitBrowserEvent } from '@/lib/browserEvents';
import { jobProgressStore } from '@/lib/events';
import { renderWithApp } from '@/test/render';
import { asset, scene, storyboard, uuid } from '../test/fixtures';
import { Storyboard } from './Storyboard';

const PROJECT = uuid(900);
const a1 = asset({ id: uuid(1), file_metadata: { prompt: 'first jar', output_format: 'png', dimensions: { width: 1024, height: 1536 } } });
const a2 = asset({ id: uuid(2), file_metadata: { prompt: 'second jar', output_format: 'png', dimensions: { width: 1024, height: 1536 } } });
const a3 = asset({
  id: uuid(3),
  file_type: 'video',
  mime_type: 'video/mp4',
  credit_cost: 5,
  file_metadata: { prompt: 'jar video', output_format: 'mp4', duration: 5, aspect_ratio: 'portrait' },
});
const S1 = uuid(101);
const S2 = uuid(102);
const S3 = uuid(103);

interface Call {
  method: string;
  path: string;
  body: unknown;
}

function serve(board: StoryboardData, failures: Record<string, number> = {}) {
  const calls: Call[] = [];
  const json = (body: unknown, status = 200) =>
    new Response(status === 204 ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'), init);
    const url = new URL(request.url);
    const text = request.method === 'GET' || request.method === 'DELETE' ? '' : await request.text();
    const body: unknown = text ? JSON.parse(text) : undefined;
    calls.push({ method: request.method, path: url.pathname, body });
    const failure = failures[`${request.method} ${url.pathname}`];
    if (failure) return json({ status: 'error', error: { code: 'boom', message: 'Boom' }, message: 'Boom' }, failure);
    if (request.method === 'GET' && url.pathname.endsWith('/storyboard')) return json({ success: true, data: board });
    const active = /^\/api\/scenes\/([^/]+)\/active-asset$/.exec(url.pathname);
    if (request.method === 'PUT' && active) {
      const id = (body as { asset_id: string }).asset_id;
      board = { ...board, scenes: board.scenes.map((s) => (s.id === active[1] ? { ...s, active_asset_id: id, cover_asset_id: id } : s)) };
      return json({ status: 'success', data: board.scenes.find((s) => s.id === active[1]) });
    }
    if (request.method === 'POST' && url.pathname.endsWith('/scenes/reorder')) {
      const ids = (body as { scene_ids: string[] }).scene_ids;
      const scenes = ids.map((id, i) => ({ ...board.scenes.find((s) => s.id === id), order: i + 1 }));
      return json({ status: 'success', data: scenes });
    }
    if (request.method === 'POST' && url.pathname.endsWith('/share'))
      return json({ status: 'success', data: { url: '/api/media/shared/t0ken', expires_at: '2030-01-01T00:00:00Z' } });
    if (request.method === 'DELETE' && url.pathname.startsWith('/api/media/')) {
      const id = url.pathname.split('/').pop();
      board = { ...board, scenes: board.scenes.map((s) => ({ ...s, media: s.media.filter((m) => m.id !== id) })) };
      return json(null, 204);
    }
    return json({ status: 'error', error: { code: 'not_found', message: 'Not found' }, message: 'Not found' }, 404);
  });
  vi.stubGlobal('fetch', fetch);
  return calls;
}

function board() {
  return storyboard([
    scene({ id: S1, project_id: PROJECT, name: 'Spring', order: 1, media: [a1, a2, a3], active_asset_id: a1.id }),
    scene({ id: S2, project_id: PROJECT, name: 'Summer', order: 2 }),
    scene({ id: S3, project_id: PROJECT, name: 'Autumn', order: 3 }),
  ]);
}

function renderStoryboard(props: { selectedSceneId?: string | null; onSelectScene?: (id: string) => void; onCreateScene?: () => void } = {}) {
  const onSelectScene = props.onSelectScene ?? vi.fn();
  const view = renderWithApp(
    <Storyboard
      projectId={PROJECT}
      selectedSceneId={props.selectedSceneId ?? null}
      onSelectScene={onSelectScene}
      onCreateScene={props.onCreateScene ?? vi.fn()}
    />,
  );
  view.queryClient.setQueryData(queryKeys.me, { id: 'u1', email: 'ada@example.com' });
  view.queryClient.setQueryData(queryKeys.projects, [{ id: PROJECT, name: 'Spring Launch' }]);
  return { ...view, onSelectScene };
}

const card = (name: string) => screen.findByRole('article', { name });
const names = () => screen.getAllByRole('article').map((article) => document.getElementById(article.getAttribute('aria-labelledby') ?? '')?.textContent);

describe('Campaign Studio', () => {
  it('shows the cards in order with their cover, facts and credits', async () => {
    serve(board());
    renderStoryboard({ selectedSceneId: S2 });
    const spring = await card('Spring');
    expect(screen.getByRole('heading', { name: 'Campaign Studio' })).toBeInTheDocument();
    expect(screen.getByTestId('campaign-count')).toHaveTextContent('3 campaigns · 1 with media');
    expect(screen.getByTestId('media-count')).toHaveTextContent('2 images, 1 video');
    expect(names()).toEqual(['Spring', 'Summer', 'Autumn']);
    const img = within(spring).getByRole('img', { name: 'first jar' });
    expect(img).toHaveAttribute('src', a1.thumbnail_url);
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(within(spring).getByTestId('carousel-position')).toHaveTextContent('1/3');
    expect(within(spring).getByTestId('scene-credits')).toHaveTextContent('7 credits');
    expect(within(spring).getByRole('list', { name: 'Asset details' })).toHaveTextContent('File size 1 MB');
    // The server names the file: the link only asks for an attachment.
    expect(within(spring).getByRole('link', { name: 'Download' })).toHaveAttribute('href', `/api/media/download/${a1.id}`);
    expect(within(spring).getByRole('link', { name: 'Download' })).toHaveAttribute('download', '');
    expect(within(spring).getByRole('button', { name: 'Reorder Spring' })).toBeInTheDocument();
    expect((await card('Summer')).dataset.selected).toBe('true');
    expect(within(await card('Summer')).getByText('No media yet')).toBeInTheDocument();
  });

  it('zooms in steps of 20 % and remembers the level per user', async () => {
    serve(board());
    const user = userEvent.setup();
    renderStoryboard();
    await card('Spring');
    await user.click(screen.getByRole('button', { name: 'Zoom in' }));
    expect(screen.getByRole('status', { name: 'Zoom level' })).toHaveTextContent('120%');
    expect(screen.getByTestId('scene-grid').style.getPropertyValue('--card-w')).toBe('365px');
    expect(localStorage.getItem('studio:storyboard-zoom:u1')).toBe('1.2');
    for (let i = 0; i < 5; i++) await user.click(screen.getByRole('button', { name: 'Zoom out' }));
    expect(screen.getByRole('status', { name: 'Zoom level' })).toHaveTextContent('60%');
    expect(screen.getByRole('button', { name: 'Zoom out' })).toBeDisabled();
  });

  it('steps through assets and sets the cover on the server', async () => {
    const calls = serve(board());
    const user = userEvent.setup();
    renderStoryboard();
    const spring = await card('Spring');
    await user.click(within(spring).getByRole('button', { name: 'Next asset' }));
    expect(within(spring).getByTestId('carousel-position')).toHaveTextContent('2/3');
    await waitFor(() => expect(calls).toContainEqual({ method: 'PUT', path: `/api/scenes/${S1}/active-asset`, body: { asset_id: a2.id } }));
    await user.click(within(spring).getByRole('button', { name: 'Previous asset' }));
    await user.click(within(spring).getByRole('button', { name: 'Previous asset' }));
    expect(within(spring).getByTestId('carousel-position')).toHaveTextContent('3/3');
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT').at(-1)?.body).toEqual({ asset_id: a3.id }));
  });

  it('rolls the cover back with a toast when the server refuses', async () => {
    serve(board(), { [`PUT /api/scenes/${S1}/active-asset`]: 500 });
    const user = userEvent.setup();
    renderStoryboard();
    const spring = await card('Spring');
    await user.click(within(spring).getByRole('button', { name: 'Next asset' }));
    expect(await screen.findByText('Failed to update campaign')).toBeInTheDocument();
    expect(within(spring).getByTestId('carousel-position')).toHaveTextContent('1/3');
  });

  it('reorders with Move later and sends the new order', async () => {
    const calls = serve(board());
    const user = userEvent.setup();
    const { queryClient } = renderStoryboard();
    const spring = await card('Spring');
    expect(within(spring).getByRole('button', { name: 'Move earlier' })).toBeDisabled();
    await user.click(within(spring).getByRole('button', { name: 'Move later' }));
    await waitFor(() => expect(calls).toContainEqual({ method: 'POST', path: `/api/projects/${PROJECT}/scenes/reorder`, body: { scene_ids: [S2, S1, S3] } }));
    expect(names()).toEqual(['Summer', 'Spring', 'Autumn']);
    expect(queryClient.getQueryData<StoryboardData>(queryKeys.storyboard(PROJECT))?.scenes.map((s) => s.order)).toEqual([1, 2, 3]);
    expect(within(await card('Spring')).getByRole('button', { name: 'Move later' })).toHaveFocus();
  });

  it('puts the order back when reordering fails', async () => {
    serve(board(), { [`POST /api/projects/${PROJECT}/scenes/reorder`]: 500 });
    const user = userEvent.setup();
    renderStoryboard();
    await user.click(within(await card('Autumn')).getByRole('button', { name: 'Move earlier' }));
    expect(await screen.findByText('Failed to reorder campaigns')).toBeInTheDocument();
    expect(names()).toEqual(['Spring', 'Summer', 'Autumn']);
  });

  it('shows a generated asset at once and pulses while its scene generates', async () => {
    serve(board());
    renderStoryboard();
    const summer = await card('Summer');
    act(() =>
      jobProgressStore.dispatch({
        type: 'progress',
        at: Date.now(),
        event: {
          event_id: null,
          job_id: 'j1',
          kind: 'image',
          status: 'running',
          progress: 40,
          stage: null,
          project_id: PROJECT,
          scene_id: S2,
          message_id: null,
          asset: null,
          error: null,
        },
      }),
    );
    expect(within(summer).getByText('Generating 40%')).toBeInTheDocument();
    expect(summer.dataset.generating).toBe('true');
    const id = uuid(50);
    act(() => jobProgressStore.dispatch({ type: 'finish', jobId: 'j1' }));
    act(() =>
      emitBrowserEvent(BROWSER_EVENTS.generationEnd, {
        jobId: 'j1',
        kind: 'image',
        projectId: PROJECT,
        sceneId: S2,
        status: 'completed',
        url: `/api/media/file/${id}`,
        thumbnailUrl: `/api/media/file/${id}?variant=thumbnail`,
        prompt: 'fresh jar',
        creditCost: 1,
      }),
    );
    expect(await within(summer).findByRole('img', { name: 'fresh jar' })).toHaveAttribute('src', `/api/media/file/${id}?variant=thumbnail`);
    expect(within(summer).getByTestId('scene-credits')).toHaveTextContent('1 credit');
    expect(summer.dataset.generating).toBeUndefined();
  });

  it('pulses a card 500 ms after studio:highlight-scene', async () => {
    serve(board());
    const animate = vi.fn();
    Element.prototype.animate = animate;
    try {
      renderStoryboard();
      const autumn = await card('Autumn');
      vi.useFakeTimers();
      act(() => emitBrowserEvent(BROWSER_EVENTS.highlightScene, { sceneId: S3 }));
      await act(() => vi.advanceTimersByTimeAsync(400));
      expect(animate).not.toHaveBeenCalled();
      await act(() => vi.advanceTimersByTimeAsync(200));
      expect(animate).toHaveBeenCalledTimes(1);
      expect(autumn.contains(animate.mock.contexts[0] as Node)).toBe(true);
    } finally {
      vi.useRealTimers();
      delete (Element.prototype as { animate?: unknown }).animate;
    }
  });

  it('shows the empty state', async () => {
    serve(storyboard([]));
    const onCreateScene = vi.fn();
    const user = userEvent.setup();
    renderStoryboard({ onCreateScene });
    expect(await screen.findByRole('heading', { name: 'Start Creating' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create New Campaign' }));
    expect(onCreateScene).toHaveBeenCalled();
  });

  it('shows the error state with hints and Retry', async () => {
    serve(board(), { [`GET /api/projects/${PROJECT}/storyboard`]: 500 });
    renderStoryboard();
    const alert = await screen.findByRole('alert', {}, { timeout: 4000 });
    expect(within(alert).getByRole('heading', { name: 'Error loading storyboard' })).toBeInTheDocument();
    expect(within(alert).getByText('Checking your internet connection')).toBeInTheDocument();
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('selects a scene from the timeline', async () => {
    serve(board());
    const user = userEvent.setup();
    const { onSelectScene } = renderStoryboard({ selectedSceneId: S1 });
    await card('Spring');
    const timeline = screen.getByRole('region', { name: 'Timeline' });
    await user.click(within(timeline).getByRole('button', { name: '3. Autumn' }));
    expect(onSelectScene).toHaveBeenCalledWith(S3);
    await user.click(within(timeline).getByRole('button', { name: 'Hide timeline' }));
    expect(screen.getByTestId('timeline').parentElement).not.toBeVisible();
  });
});

describe('Campaign detail', () => {
  it('opens from a card, steps with the arrow keys and goes back with Escape', async () => {
    serve(board());
    const user = userEvent.setup();
    const { onSelectScene } = renderStoryboard({ selectedSceneId: S2 });
    await user.click(within(await card('Spring')).getByRole('button', { name: 'Open Spring' }));
    const detail = await screen.findByRole('region', { name: 'Campaign detail' });
    expect(onSelectScene).toHaveBeenCalledWith(S1);
    expect(within(detail).getByRole('button', { name: 'Back' })).toHaveFocus();
    expect(within(detail).getByText('Asset 1 of 3')).toBeInTheDocument();
    expect(within(detail).getByRole('img', { name: 'first jar' })).toHaveAttribute('src', a1.url);
    expect(within(detail).getByRole('heading', { name: 'Assets' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Zoom in' })).not.toBeInTheDocument();

    await user.keyboard('{ArrowRight}');
    expect(within(detail).getByText('Asset 2 of 3')).toBeInTheDocument();
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(within(detail).getByText('Asset 3 of 3')).toBeInTheDocument();
    expect(within(detail).getByLabelText('jar video')).toHaveAttribute('src', a3.url);
    await user.click(within(detail).getByRole('button', { name: 'Asset 1' }));
    expect(within(detail).getByText('Asset 1 of 3')).toBeInTheDocument();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: 'Campaign detail' })).not.toBeInTheDocument();
    expect(within(await card('Spring')).getByRole('button', { name: 'Open Spring' })).toHaveFocus();
  });

  it("downloads under the server's name, sets the cover and copies a share link", async () => {
    const calls = serve(board());
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const user = userEvent.setup();
    renderStoryboard();
    await user.click(within(await card('Spring')).getByRole('button', { name: 'Open Spring' }));
    const detail = await screen.findByRole('region', { name: 'Campaign detail' });
    await user.click(within(detail).getByRole('button', { name: 'Next asset' }));
    expect(within(detail).getByRole('link', { name: 'Download' })).toHaveAttribute('href', `/api/media/download/${a2.id}`);
    expect(within(detail).getByRole('link', { name: 'Download' })).toHaveAttribute('download', '');

    expect(within(detail).getByRole('button', { name: 'Set as cover' })).toBeEnabled();
    await user.click(within(detail).getByRole('button', { name: 'Set as cover' }));
    await waitFor(() => expect(calls).toContainEqual({ method: 'PUT', path: `/api/scenes/${S1}/active-asset`, body: { asset_id: a2.id } }));
    expect(within(detail).getByRole('button', { name: 'Set as cover' })).toBeDisabled();

    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.click(within(detail).getByRole('button', { name: 'Copy link' }));
    expect(await within(detail).findByRole('button', { name: 'Copied!' })).toBeInTheDocument();
    expect(calls).toContainEqual({ method: 'POST', path: `/api/media/${a2.id}/share`, body: undefined });
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/api/media/shared/t0ken`);
    await waitFor(() => expect(within(detail).getByRole('button', { name: 'Copy link' })).toBeInTheDocument(), { timeout: 3000 });
  });

  it('disables Edit image with the reason when the balance cannot pay for an edit', async () => {
    serve(board());
    const user = userEvent.setup();
    const { queryClient } = renderStoryboard();
    queryClient.setQueryData(queryKeys.credits, { balance: 0 });
    await user.click(within(await card('Spring')).getByRole('button', { name: 'Open Spring' }));
    const detail = await screen.findByRole('region', { name: 'Campaign detail' });
    const edit = within(detail).getByRole('button', { name: /^Edit image/ });
    expect(edit).toBeDisabled();
    expect(edit).toHaveTextContent('Needs 1 credit — you have 0');
    act(() => queryClient.setQueryData(queryKeys.credits, { balance: 1 }));
    expect(edit).toBeEnabled();
    expect(edit).toHaveTextContent(/^Edit image$/);
  });

  it('deletes an asset after confirming, updating counts and credits', async () => {
    const calls = serve(board());
    const user = userEvent.setup();
    renderStoryboard();
    await user.click(within(await card('Spring')).getByRole('button', { name: 'Open Spring' }));
    const detail = await screen.findByRole('region', { name: 'Campaign detail' });
    await user.click(within(detail).getByRole('button', { name: 'Delete asset' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this asset?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete asset' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls).toContainEqual({ method: 'DELETE', path: `/api/media/${a1.id}`, body: undefined });
    expect(await screen.findByText('Asset deleted')).toBeInTheDocument();
    expect(within(detail).getByText('Asset 1 of 2')).toBeInTheDocument();
    expect(within(detail).getByRole('img', { name: 'second jar' })).toBeInTheDocument();
    expect(within(detail).getByText('6 credits')).toBeInTheDocument();
  });

  it('keeps the asset and says so when deleting fails', async () => {
    serve(board(), { [`DELETE /api/media/${a1.id}`]: 500 });
    const user = userEvent.setup();
    renderStoryboard();
    await user.click(within(await card('Spring')).getByRole('button', { name: 'Open Spring' }));
    const detail = await screen.findByRole('region', { name: 'Campaign detail' });
    await user.click(within(detail).getByRole('button', { name: 'Delete asset' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete asset' }));
    expect(await screen.findByText('Failed to delete asset')).toBeInTheDocument();
    expect(within(detail).getByText('Asset 1 of 3')).toBeInTheDocument();
  });

  it('opens the detail of a scene a generation starts for, without taking the focus', async () => {
    serve(board());
    const { onSelectScene } = renderStoryboard({ selectedSceneId: S1 });
    await card('Spring');
    act(() => emitBrowserEvent(BROWSER_EVENTS.generationStart, { jobId: 'j9', kind: 'image', projectId: PROJECT, sceneId: S2 }));
    const detail = await screen.findByRole('region', { name: 'Campaign detail' });
    expect(within(detail).getByRole('heading', { name: 'Summer' })).toBeInTheDocument();
    expect(onSelectScene).toHaveBeenCalledWith(S2);
    expect(within(detail).getByRole('button', { name: 'Back' })).not.toHaveFocus();
    await userEvent.setup().click(within(detail).getByRole('button', { name: 'Back' }));
    expect(screen.queryByRole('region', { name: 'Campaign detail' })).not.toBeInTheDocument();
  });
});
