import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithApp } from '@/test/render';
import { AdDesignForm } from './AdDesignForm';
import { DesignCopyEditor } from './DesignCopyEditor';

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

const design = {
  id: 'd1',
  project_id: 'p1',
  scene_id: 's1',
  url: '/api/media/file/d1',
  thumbnail_url: '/api/media/file/d1?variant=thumbnail',
  width: 1024,
  height: 1024,
  credit_cost: 0,
  design: {
    source_asset_id: 'a1',
    template: 'bottom_bar',
    copy: { headline: 'Weekend sale', offer: '20% off', cta: 'Shop now', logo: true },
    colours: ['#c44a18'],
    heading_font: 'League Spartan',
    body_font: 'Lato',
    layers: [],
  },
};

/** Answers design writes (or refuses them with `refusal`), recording each. */
function fakeDesigns(refusal?: string) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'), init);
      const text = await request.text();
      calls.push({ method: request.method, path: new URL(request.url).pathname, body: text ? JSON.parse(text) : undefined });
      if (refusal) return json({ status: 'error', error: { code: 'validation_error', message: refusal }, message: refusal }, 400);
      return json({ status: 'success', data: design }, request.method === 'POST' ? 201 : 200);
    }),
  );
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe('AdDesignForm', () => {
  it('makes an ad from the copy and layout, for free', async () => {
    const calls = fakeDesigns();
    const onMade = vi.fn();
    renderWithApp(<AdDesignForm projectId="p1" sourceId="a1" hasLogo onMade={onMade} />);
    expect(screen.getByText(/Free: no credits/)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Headline'), 'Weekend sale');
    await userEvent.type(screen.getByLabelText('Offer'), '20% off');
    await userEvent.selectOptions(screen.getByLabelText('Layout'), 'bottom_bar');
    await userEvent.click(screen.getByRole('button', { name: 'Make ad' }));
    await waitFor(() => expect(onMade).toHaveBeenCalled());
    expect(calls[0]).toEqual({
      method: 'POST',
      path: '/api/media/a1/designs',
      body: { headline: 'Weekend sale', offer: '20% off', cta: null, logo: true, template: 'bottom_bar' },
    });
  });

  it('shows the reason a headline was refused', async () => {
    const reason = 'the headline does not fit legibly';
    fakeDesigns(reason);
    renderWithApp(<AdDesignForm projectId="p1" sourceId="a1" hasLogo={false} />);
    await userEvent.type(screen.getByLabelText('Headline'), 'A very long headline');
    await userEvent.click(screen.getByRole('button', { name: 'Make ad' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(reason);
  });
});

describe('DesignCopyEditor', () => {
  it('sends the edited headline and keeps the other lines', async () => {
    const calls = fakeDesigns();
    renderWithApp(<DesignCopyEditor projectId="p1" designId="d1" headline="Weekend sale" offer="20% off" cta="Shop now" />);
    const update = screen.getByRole('button', { name: 'Update ad' });
    expect(update).toBeDisabled();
    const headline = screen.getByLabelText('Headline');
    await userEvent.clear(headline);
    await userEvent.type(headline, 'Last day of the sale');
    await userEvent.click(update);
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toEqual({
      method: 'PATCH',
      path: '/api/media/d1/design',
      body: { headline: 'Last day of the sale', offer: '20% off', cta: 'Shop now' },
    });
  });

  it('shows or hides the kit’s logo when the kit has one', async () => {
    const calls = fakeDesigns();
    renderWithApp(<DesignCopyEditor projectId="p1" designId="d1" headline="Weekend sale" offer={null} cta="Shop now" logo hasLogo />);
    const update = screen.getByRole('button', { name: 'Update ad' });
    await userEvent.click(screen.getByLabelText('Show my logo'));
    expect(update).toBeEnabled();
    await userEvent.click(update);
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body).toEqual({ headline: 'Weekend sale', offer: '', cta: 'Shop now', logo: false });
  });
});
