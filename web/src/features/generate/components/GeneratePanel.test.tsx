import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { BROWSER_EVENTS, onBrowserEvent } from '@/lib/browserEvents';
import { jobOutcomeStore, jobProgressStore, liveEventStatus, type JobEventData } from '@/lib/events';
import { renderWithApp } from '@/test/render';
import type { Template } from '../api/types';
import { generationStore } from '../state/generationStore';
import { INITIAL_CHOICES, panelChoicesStore } from '../state/panelChoices';
import { GeneratePanel, type GeneratePanelProps } from './GeneratePanel';

const JOB_ID = '0d6f7c4e-8a51-4a3b-9b7e-2f1c0a9d8e71';
const ASSET_ID = '7b1d2c3e-4f50-4a6b-8c7d-9e0f1a2b3c4d';

function template(id: string, name: string, popular: boolean): Template {
  return {
    template_id: id,
    id,
    name,
    template_type: 'image',
    is_popular: popular,
    thumbnail_url: `/api/templates/${id}/thumbnail`,
    parameters: { environment: 'luxury_marble', lighting: 'golden_hour' },
  };
}

const TEMPLATES: Template[] = [
  template('clean-studio', 'Clean Studio', true),
  template('luxe-marble', 'Luxe Marble', true),
  ...Array.from({ length: 10 }, (_, i) => template(`extra-${i}`, `Extra ${i}`, false)),
];

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function errorBody(status: number, code: string, message: string): Response {
  return json({ status: 'error', error: { code, message }, message }, status);
}

/** The panel's routes; records each call with its JSON body. */
function fakeApi(options: { failTemplates?: number; startFailure?: Response; imagesHosted?: boolean } = {}) {
  const state = { calls: [] as { method: string; path: string; query: string; body: unknown }[], templateFailures: options.failTemplates ?? 0 };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'), init);
      const url = new URL(request.url);
      const text = request.method === 'GET' ? '' : await request.clone().text();
      state.calls.push({ method: request.method, path: url.pathname, query: url.search, body: text ? JSON.parse(text) : null });
      if (request.method === 'GET' && url.pathname === '/api/health/providers') {
        const image = options.imagesHosted
          ? { capability: 'image', provider: 'openai', model: 'gpt-image-1', configured: true, engines: ['hosted_exact', 'hosted', 'studio'] }
          : { capability: 'image', provider: 'offline', model: 'offline engine', configured: false, engines: ['studio'] };
        return json({ status: 'success', data: [image] });
      }
      if (request.method === 'GET' && url.pathname === '/api/templates') {
        if (state.templateFailures > 0) {
          state.templateFailures -= 1;
          return errorBody(500, 'internal', 'boom');
        }
        return json({ status: 'success', data: { templates: TEMPLATES, total: TEMPLATES.length } });
      }
      if (request.method === 'POST' && url.pathname === '/api/templates/generate') {
        if (options.startFailure) return options.startFailure;
        return json({ status: 'success', data: { ...started, template_name: 'Luxe Marble' } }, 202);
      }
      if (request.method === 'POST' && url.pathname === '/api/recommendations/generate') {
        return json({ status: 'success', data: started }, 202);
      }
      return errorBody(404, 'not_found', 'Not found');
    }),
  );
  return state;
}

/** `data` of a start route's 202 answer. */
const started = { job_id: JOB_ID, job_ids: [JOB_ID], status: 'queued', status_url: `/api/jobs/${JOB_ID}/status`, credit_cost: 1 };

const images = [{ id: 'img-1', url: '/api/media/file/11111111-1111-4111-8111-111111111111' }];

function renderPanel(props: Partial<GeneratePanelProps> = {}) {
  return renderWithApp(
    <div style={{ height: 800 }}>
      <GeneratePanel
        projectId="p1"
        sceneId="s1"
        referenceImages={images}
        referenceImagePanel={<div>Product image slot</div>}
        sceneSettings={{ quality: 'high', resolution: '1024x1536', duration: 5 }}
        {...props}
      />
    </div>,
  );
}

function jobEvent(status: 'completed' | 'failed', extra: Partial<JobEventData> = {}): JobEventData {
  return {
    event_id: status,
    job_id: JOB_ID,
    kind: 'template',
    status,
    progress: status === 'completed' ? 100 : null,
    stage: null,
    project_id: 'p1',
    scene_id: 's1',
    message_id: null,
    asset:
      status === 'completed'
        ? {
            id: ASSET_ID,
            url: `/api/media/file/${ASSET_ID}`,
            thumbnail_url: `/api/media/file/${ASSET_ID}?variant=thumbnail`,
            file_type: 'image',
            credit_cost: 1,
          }
        : null,
    error: status === 'failed' ? 'The engine could not stage this photo' : null,
    ...extra,
  };
}

const generateButton = () => screen.getByRole('button', { name: /^Generat/ });

beforeEach(() => {
  // Outcomes arrive from the live stream; polling stays off.
  liveEventStatus.set('open');
});

afterEach(() => {
  // Unmount before resetting the stores the panel reads.
  cleanup();
  generationStore.set(null);
  panelChoicesStore.set(INITIAL_CHOICES);
  jobOutcomeStore.clear();
  jobProgressStore.dispatch({ type: 'reset' });
  liveEventStatus.set('idle');
  toast.dismiss();
  localStorage.clear();
});

describe('GeneratePanel', () => {
  it('shows the four steps, with the product-image slot first and nine templates, popular first', async () => {
    const api = fakeApi();
    renderPanel();
    expect(screen.getByText('Upload Product Images')).toBeInTheDocument();
    expect(screen.getByText('Product image slot')).toBeInTheDocument();
    expect(screen.getByText('Generation Mode')).toBeInTheDocument();
    expect(screen.getByText('Select Template')).toBeInTheDocument();
    expect(screen.getByText('Aspect Ratio')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Templates' })).toBeChecked();
    expect(screen.getByRole('radio', { name: '2:3 Portrait' })).toBeChecked();

    const grid = await screen.findByRole('radiogroup', { name: 'Select Template' });
    const options = within(grid).getAllByRole('radio');
    expect(options).toHaveLength(9);
    expect(options[0]).toHaveAccessibleName('Clean Studio');
    expect(within(grid).getAllByText('Popular')).toHaveLength(2);
    expect(screen.getByRole('img', { name: 'Luxe Marble' })).toHaveAttribute('src', '/api/templates/luxe-marble/thumbnail');
    expect(api.calls.find((call) => call.path === '/api/templates')?.query).toBe('?template_type=image');

    expect(screen.getByText('1 credit')).toBeInTheDocument();
    expect(screen.getByText('1-2 minutes')).toBeInTheDocument();
    expect(generateButton()).toBeDisabled();
    expect(screen.getByTestId('generate-reason')).toHaveTextContent('Please select a template');
  });

  it('posts the chosen template and shows the image when the job completes', async () => {
    const api = fakeApi();
    const user = userEvent.setup();
    const events: string[] = [];
    const ends: unknown[] = [];
    const onStart = () => events.push('start');
    const onEnd = (detail: unknown) => {
      events.push('end');
      ends.push(detail);
    };
    const offStart = onBrowserEvent(BROWSER_EVENTS.generationStart, onStart);
    const offEnd = onBrowserEvent(BROWSER_EVENTS.generationEnd, onEnd);
    try {
      renderPanel();
      await user.click(await screen.findByRole('radio', { name: 'Luxe Marble' }));
      expect(screen.getByRole('radio', { name: 'Luxe Marble' })).toBeChecked();
      await user.click(screen.getByRole('radio', { name: '3:2 Landscape' }));
      expect(generateButton()).toBeEnabled();
      await user.click(generateButton());

      await waitFor(() => expect(generationStore.get()?.phase).toBe('running'));
      const post = api.calls.find((call) => call.path === '/api/templates/generate');
      expect(post?.method).toBe('POST');
      expect(post?.body).toEqual({
        template_id: 'luxe-marble',
        output_type: 'image',
        scene_id: 's1',
        project_id: 'p1',
        settings: { quality: 'high', resolution: '1536x1024', aspect_ratio: '3:2' },
      });

      await waitFor(() => expect(events).toEqual(['start']));
      expect(generateButton()).toHaveAccessibleName('Generating…');
      expect(generateButton()).toBeDisabled();

      act(() =>
        jobProgressStore.dispatch({
          type: 'progress',
          at: Date.now(),
          event: { ...jobEvent('completed'), status: 'processing', progress: 40, stage: 'scene', asset: null },
        }),
      );
      expect(screen.getByRole('progressbar', { name: 'Generation progress' })).toHaveAttribute('aria-valuenow', '40');
      expect(screen.getByText('40%')).toBeInTheDocument();
      expect(screen.getByText('Staging the scene…')).toBeInTheDocument();

      await act(async () => jobOutcomeStore.record(jobEvent('completed')));
      await waitFor(() => expect(screen.getByTestId('generate-result')).toHaveAttribute('aria-busy', 'false'));
      const image = within(screen.getByTestId('generate-result')).getByRole('img', { name: 'Luxe Marble' });
      expect(image).toHaveAttribute('src', `/api/media/file/${ASSET_ID}`);
      expect(events).toEqual(['start', 'end']);
      expect(ends[0]).toMatchObject({ status: 'completed', jobId: JOB_ID, sceneId: 's1', assetId: ASSET_ID, templateId: 'luxe-marble', shouldHighlight: true });
      expect(generateButton()).toHaveAccessibleName('Generate');
      expect(generateButton()).toBeEnabled();
    } finally {
      offStart();
      offEnd();
    }
  });

  it('says why Generate is unavailable', () => {
    fakeApi();
    const first = renderPanel({ sceneId: null });
    expect(generateButton()).toBeDisabled();
    expect(screen.getByTestId('generate-reason')).toHaveTextContent('Please select a campaign first');
    first.unmount();
    renderPanel({ referenceImages: [] });
    expect(generateButton()).toBeDisabled();
    expect(screen.getByTestId('generate-reason')).toHaveTextContent('Please upload at least one image');
  });

  it('sends the AI Assistant choices, prefilled from the preset, with a trimmed creative direction', async () => {
    const api = fakeApi();
    const user = userEvent.setup();
    renderPanel({ presetStyle: { environment: 'luxury_marble', color_palette: 'warm_cozy', lighting: null } });
    await user.click(screen.getByRole('radio', { name: 'AI Assistant' }));
    expect(screen.getByText('Configure Settings')).toBeInTheDocument();
    expect(screen.getByText('2-3 minutes')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Luxury Marble' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Warm Cozy' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Natural Daylight' })).toBeChecked();

    await user.click(screen.getByRole('radio', { name: 'Dramatic Shadows' }));
    await user.type(screen.getByLabelText(/Creative Direction/), '  add mint leaves  ');
    expect(generateButton()).toBeEnabled();
    await user.click(generateButton());

    await waitFor(() => expect(generationStore.get()?.phase).toBe('running'));
    expect(api.calls.find((call) => call.path === '/api/recommendations/generate')?.body).toEqual({
      scene_id: 's1',
      project_id: 'p1',
      product_image_url: images[0]!.url,
      environment: 'luxury_marble',
      color_palette: 'warm_cozy',
      lighting: 'dramatic_shadows',
      composition: 'product_hero',
      creative_direction: 'add mint leaves',
      generation_settings: { aspect_ratio: '2:3', output_type: 'image', quality: 'high', resolution: '1024x1536' },
    });
    await act(async () => jobOutcomeStore.record(jobEvent('completed', { kind: 'recommendation' })));
    expect(await screen.findByRole('img', { name: 'Generated image' })).toBeInTheDocument();
  });

  it('shows a mapped start error inline and as a toast', async () => {
    fakeApi({ startFailure: errorBody(402, 'insufficient_credits', 'Insufficient credits') });
    const user = userEvent.setup();
    renderPanel();
    await user.click(await screen.findByRole('radio', { name: 'Clean Studio' }));
    await user.click(generateButton());
    const alert = await screen.findByTestId('generate-error');
    expect(alert).toHaveTextContent('Insufficient credits. Please add more credits to continue.');
    await waitFor(() => expect(screen.getAllByText('Insufficient credits. Please add more credits to continue.')).toHaveLength(2));
    expect(generateButton()).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Dismiss error' }));
    expect(screen.queryByTestId('generate-error')).not.toBeInTheDocument();
  });

  it('shows a failed job’s error', async () => {
    fakeApi();
    const user = userEvent.setup();
    renderPanel();
    await user.click(await screen.findByRole('radio', { name: 'Clean Studio' }));
    await user.click(generateButton());
    await waitFor(() => expect(generationStore.get()?.phase).toBe('running'));
    await act(async () => jobOutcomeStore.record(jobEvent('failed')));
    expect(await screen.findByTestId('generate-error')).toHaveTextContent('The engine could not stage this photo');
    expect(screen.queryByTestId('generate-result')).not.toBeInTheDocument();
  });

  it('offers no engine choice when the studio engine draws every image', async () => {
    const api = fakeApi();
    const user = userEvent.setup();
    renderPanel();
    await user.click(await screen.findByRole('radio', { name: 'Clean Studio' }));
    await waitFor(() => expect(api.calls.some((call) => call.path === '/api/health/providers')).toBe(true));
    expect(screen.queryByRole('group', { name: 'Image engine' })).not.toBeInTheDocument();
    await user.click(generateButton());
    await waitFor(() => expect(generationStore.get()?.phase).toBe('running'));
    expect(api.calls.find((call) => call.path === '/api/templates/generate')?.body).not.toHaveProperty('engine');
  });

  it('offers the three engines when images are hosted, the exact product by default, remembered per browser', async () => {
    const api = fakeApi({ imagesHosted: true });
    const user = userEvent.setup();
    const first = renderPanel();
    const exact = await screen.findByRole('radio', { name: 'AI scene, exact product' });
    expect(exact).toBeChecked();
    expect(exact).toHaveAccessibleDescription(/your product stays your own photo’s pixels/);
    expect(screen.getByRole('radio', { name: 'AI redraw' })).toHaveAccessibleDescription(/may change your product/);
    expect(screen.getByRole('radio', { name: 'Studio engine' })).not.toBeChecked();
    await user.click(await screen.findByRole('radio', { name: 'Clean Studio' }));
    await user.click(generateButton());
    await waitFor(() => expect(generationStore.get()?.phase).toBe('running'));
    expect(api.calls.find((call) => call.path === '/api/templates/generate')?.body).toMatchObject({ engine: 'hosted_exact' });

    await user.click(screen.getByRole('radio', { name: 'Studio engine' }));
    expect(screen.getByRole('radio', { name: 'Studio engine' })).toBeChecked();
    first.unmount();
    generationStore.set(null);
    api.calls.length = 0;

    renderPanel();
    expect(await screen.findByRole('radio', { name: 'Studio engine' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'AI Assistant' }));
    await user.click(generateButton());
    await waitFor(() => expect(generationStore.get()?.phase).toBe('running'));
    expect(api.calls.find((call) => call.path === '/api/recommendations/generate')?.body).toMatchObject({ engine: 'studio' });
  });

  it('reads the old "keep my product exact" choice as the studio engine', async () => {
    localStorage.setItem('studio:keep-product-exact', '1');
    fakeApi({ imagesHosted: true });
    renderPanel();
    expect(await screen.findByRole('radio', { name: 'Studio engine' })).toBeChecked();
  });

  it('offers Retry when the templates fail to load', async () => {
    // The query retries once by itself.
    fakeApi({ failTemplates: 2 });
    const user = userEvent.setup();
    renderPanel();
    expect(await screen.findByText('Failed to load templates', undefined, { timeout: 4000 })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('radio', { name: 'Clean Studio' })).toBeInTheDocument();
  });
});
