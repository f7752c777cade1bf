import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithApp } from '@/test/render';
import { AdStep } from './AdStep';

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

const proposal = { headline: 'The weekend sale is on', offer: '20% off', cta: 'Shop the sale', template: 'offer_badge' };

const design = {
  id: 'd1',
  project_id: 'p1',
  scene_id: 's1',
  url: '/api/media/file/d1?v=1',
  thumbnail_url: '/api/media/file/d1?variant=thumbnail&v=1',
  width: 1024,
  height: 1024,
  credit_cost: 0,
  design: {
    source_asset_id: 'a1',
    template: 'offer_badge',
    copy: { headline: 'The weekend sale is on', offer: '20% off', cta: 'Shop the sale', logo: true },
    colours: ['#c44a18'],
    heading_font: 'League Spartan',
    body_font: 'Lato',
    layers: [],
  },
};

/** Answers the proposal (or fails it) and design writes, recording each call. */
function fakeApi({ proposalFails = false } = {}) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'), init);
      const text = await request.text();
      const path = new URL(request.url).pathname;
      calls.push({ method: request.method, path, body: text ? JSON.parse(text) : undefined });
      if (path.endsWith('/ad-proposal')) {
        if (proposalFails) return json({ status: 'error', error: { code: 'internal', message: 'down' }, message: 'down' }, 500);
        return json({ status: 'success', data: proposal });
      }
      return json({ status: 'success', data: design }, 201);
    }),
  );
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe('AdStep', () => {
  it('starts from the proposed copy and layout, and shows the ad it made', async () => {
    const calls = fakeApi();
    renderWithApp(<AdStep projectId="p1" sourceId="a1" hasLogo />);
    await userEvent.click(screen.getByRole('button', { name: 'Make an ad from this image' }));
    expect(await screen.findByLabelText('Headline')).toHaveValue('The weekend sale is on');
    expect(screen.getByLabelText('Offer')).toHaveValue('20% off');
    expect(screen.getByLabelText('Call to action')).toHaveValue('Shop the sale');
    expect(screen.getByLabelText('Layout')).toHaveValue('offer_badge');
    expect(screen.getByLabelText('Add my logo')).toBeChecked();
    await userEvent.selectOptions(screen.getByLabelText('Layout'), 'bottom_bar');
    await userEvent.click(screen.getByRole('button', { name: 'Make ad' }));
    const made = await screen.findByRole('img', { name: 'Ad: The weekend sale is on' });
    expect(made).toHaveAttribute('src', '/api/media/file/d1?v=1');
    expect(screen.getByText(/No credits used/)).toBeInTheDocument();
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /api/media/a1/ad-proposal', 'POST /api/media/a1/designs']);
    expect(calls[1]?.body).toEqual({ headline: 'The weekend sale is on', offer: '20% off', cta: 'Shop the sale', logo: true, template: 'bottom_bar' });
    // Another ad starts again from the proposal.
    await userEvent.click(screen.getByRole('button', { name: 'Make another ad' }));
    expect(await screen.findByLabelText('Headline')).toHaveValue('The weekend sale is on');
  });

  it('offers no logo when the kit has none, and sends none', async () => {
    const calls = fakeApi();
    renderWithApp(<AdStep projectId="p1" sourceId="a1" hasLogo={false} />);
    await userEvent.click(screen.getByRole('button', { name: 'Make an ad from this image' }));
    await screen.findByLabelText('Headline');
    expect(screen.queryByLabelText('Add my logo')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Make ad' }));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]?.body).toMatchObject({ logo: false });
  });

  it('lets the seller write the copy when no proposal could be made', async () => {
    const calls = fakeApi({ proposalFails: true });
    renderWithApp(<AdStep projectId="p1" sourceId="a1" hasLogo={false} />);
    await userEvent.click(screen.getByRole('button', { name: 'Make an ad from this image' }));
    expect(await screen.findByRole('status')).toHaveTextContent(/Write your own below|down/);
    const headline = screen.getByLabelText('Headline');
    expect(headline).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Make ad' })).toBeDisabled();
    await userEvent.type(headline, 'Fresh cups all weekend');
    await userEvent.click(screen.getByRole('button', { name: 'Make ad' }));
    await waitFor(() => expect(calls.at(-1)?.path).toBe('/api/media/a1/designs'));
    expect(calls.at(-1)?.body).toMatchObject({ headline: 'Fresh cups all weekend', offer: null, cta: null, template: 'headline_top_left' });
  });
});
