import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pageName } from '@/lib/analytics';
import { PageViews } from './PageViews';

describe('page views', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('names a page without its ids', () => {
    expect(pageName('/create/3f1c0d5e-0000-4000-8000-000000000000')).toBe('/create/:id');
    expect(pageName('/pricing')).toBe('/pricing');
  });

  it('sends a page_view for the page that opens', async () => {
    vi.useFakeTimers();
    const fetch = vi.fn(() => Promise.resolve(new Response(null, { status: 202 })));
    vi.stubGlobal('fetch', fetch);
    render(
      <MemoryRouter initialEntries={['/create/3f1c0d5e-0000-4000-8000-000000000000']}>
        <PageViews />
      </MemoryRouter>,
    );
    await vi.advanceTimersByTimeAsync(1_500);
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] as unknown as [URL, RequestInit];
    expect(String(url)).toMatch(/\/api\/analytics\/events$/);
    const body = JSON.parse(String(init.body)) as { events: { name: string; properties: { page: string } }[] };
    expect(body.events).toEqual([expect.objectContaining({ name: 'page_view', properties: { page: '/create/:id' } })]);
  });
});
