import { act, screen, waitFor } from '@testing-library/react';
import { vi } from 'vitest';
import { toApiError } from '@/api/client';
import { queryKeys } from '@/api/queryKeys';
import { renderWithApp } from '@/test/render';
import { OutOfCredits } from './OutOfCredits';

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

/** The server: the balance it holds now, and a studio without payments. */
function serve(balance: number) {
  const fetch = vi.fn(async (request: Request) => {
    const path = new URL(request.url).pathname;
    if (path === '/api/credits/balance') return json({ balance, generated_media: { images: 0, videos: 0 }, low_credit_threshold: 10 });
    if (path === '/api/plans') return json({ status: 'success', data: { plans: [], payments_configured: false, current_plan_id: null } });
    return new Response(null, { status: 404 });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

describe('OutOfCredits', () => {
  it('reads the balance again after a 402 and names the real figure, never the stale one', async () => {
    const fetch = serve(0);
    const { queryClient } = renderWithApp(<OutOfCredits />);
    // What the page believed: spent elsewhere since.
    queryClient.setQueryData(queryKeys.credits, { balance: 40, generated_media: { images: 0, videos: 0 }, low_credit_threshold: 10 });

    act(() => void toApiError({ status: 'error', error: { code: 'insufficient_credits', message: 'Insufficient credits' } }, 402, 'Failed'));

    const dialog = await screen.findByRole('dialog', { name: 'Not enough credits' });
    expect(dialog).not.toHaveTextContent('40');
    await waitFor(() => expect(dialog).toHaveTextContent('You have 0 credits left, not enough for this.'));
    expect(fetch.mock.calls.some(([request]) => new URL((request as Request).url).pathname === '/api/credits/balance')).toBe(true);
    expect(queryClient.getQueryData<{ balance: number }>(queryKeys.credits)?.balance).toBe(0);
  });

  it('refreshes the balance on a 402 even before the dialog is read', async () => {
    serve(3);
    const { queryClient } = renderWithApp(<OutOfCredits />);
    queryClient.setQueryData(queryKeys.credits, { balance: 40, generated_media: { images: 0, videos: 0 }, low_credit_threshold: 10 });
    act(() => void toApiError(undefined, 402, 'Failed'));
    await waitFor(() => expect(queryClient.getQueryData<{ balance: number }>(queryKeys.credits)?.balance).toBe(3));
  });
});
