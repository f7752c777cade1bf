import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithApp } from '@/test/render';
import { BrandKitSection } from './BrandKitSection';

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

const FONTS = ['DejaVu Sans', 'Inter', 'Lato', 'League Spartan'];

/** The brand-kit routes over one stored kit; every write is recorded. */
function fakeKit(options: { refuseLogo?: string } = {}) {
  let kit = {
    project_id: 'p1',
    logo_url: null as string | null,
    logo_width: null as number | null,
    logo_height: null as number | null,
    colours: [] as string[],
    heading_font: 'League Spartan',
    body_font: 'Lato',
    tagline: null as string | null,
    fonts: FONTS,
    updated_at: null as string | null,
  };
  const writes: { method: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'), init);
      const method = request.method.toUpperCase();
      if (method === 'GET') return json({ status: 'success', data: kit });
      if (method === 'POST') {
        writes.push({ method, body: null });
        if (options.refuseLogo) {
          return json({ status: 'error', error: { code: 'unsupported_media_type', message: options.refuseLogo }, message: options.refuseLogo }, 415);
        }
        kit = {
          ...kit,
          logo_url: '/api/projects/p1/brand-kit/logo?v=1',
          logo_width: 200,
          logo_height: 200,
          colours: ['#c44a18', '#fff4e6'],
          updated_at: '2026-11-29T08:00:00Z',
        };
        return json({ status: 'success', data: kit });
      }
      const body = (await request.json()) as typeof kit;
      writes.push({ method, body });
      kit = { ...kit, ...body, updated_at: '2026-11-29T08:01:00Z' };
      return json({ status: 'success', data: kit });
    }),
  );
  return { writes };
}

afterEach(() => vi.unstubAllGlobals());

describe('BrandKitSection', () => {
  it('shows the colours picked from an uploaded logo, and saves edited colours and fonts', async () => {
    const server = fakeKit();
    renderWithApp(<BrandKitSection projectId="p1" />);
    expect(await screen.findByText('No logo')).toBeInTheDocument();

    const logo = new File([new Uint8Array([137, 80, 78, 71])], 'logo.png', { type: 'image/png' });
    await userEvent.upload(screen.getByLabelText('Logo file'), logo);
    expect(await screen.findByAltText('Your logo')).toHaveAttribute('src', '/api/projects/p1/brand-kit/logo?v=1');
    expect(screen.getByLabelText('Colour 1')).toHaveValue('#c44a18');
    expect(screen.getByLabelText('Colour 2')).toHaveValue('#fff4e6');

    fireEvent.input(screen.getByLabelText('Colour 2'), { target: { value: '#112233' } });
    await userEvent.click(screen.getByRole('button', { name: 'Remove #c44a18' }));
    await userEvent.selectOptions(screen.getByLabelText('Heading font'), 'Inter');
    await userEvent.type(screen.getByLabelText('Tagline'), 'Roasted this morning');
    await userEvent.click(screen.getByRole('button', { name: /Save brand kit/ }));

    await waitFor(() => expect(server.writes.at(-1)?.method).toBe('PUT'));
    expect(server.writes.at(-1)?.body).toEqual({ colours: ['#112233'], heading_font: 'Inter', body_font: 'Lato', tagline: 'Roasted this morning' });
    expect(await screen.findByText('Saved')).toBeInTheDocument();
  });

  it('says why a logo was refused', async () => {
    const refusal = 'SVG logos are not accepted: save your logo as a PNG (its transparency is kept), JPEG or WebP and upload it again.';
    fakeKit({ refuseLogo: refusal });
    renderWithApp(<BrandKitSection projectId="p1" />);
    const svg = new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' });
    await userEvent.upload(await screen.findByLabelText('Logo file'), svg, { applyAccept: false });
    expect(await screen.findByRole('alert')).toHaveTextContent(refusal);
    expect(screen.getByText('No logo')).toBeInTheDocument();
  });
});
