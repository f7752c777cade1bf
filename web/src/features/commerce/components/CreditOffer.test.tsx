import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { notify } from '@/lib/toast';
import { renderWithApp } from '@/test/render';
import { creditModalKeys } from '../logic/creditModalMachine';
import { PENDING_PURCHASE_KEY } from '../logic/purchase';
import { browserNavigation } from '../state/browser';
import { fakeCommerce } from '../test/fakeCommerce';
import { CreditOffer } from './CreditOffer';
import { CREDIT_MODAL_TITLE } from './CreditPurchaseModal';

const generated = { balance: 80, threshold: 10, images: 1, videos: 0 };

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

/** Renders the offer for a signed-in user who has generated an image, and waits for it to show. */
async function shownOffer() {
  const server = fakeCommerce();
  renderWithApp(<CreditOffer userId="u1" balance={generated} />);
  await waitFor(() => expect(server.calls.some((c) => c.path === '/api/plans')).toBe(true));
  await advance(5_000);
  await advance(2_000);
  const dialog = await screen.findByRole('dialog', { name: CREDIT_MODAL_TITLE });
  return { server, dialog };
}

describe('CreditOffer', () => {
  let assign: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    assign = vi.spyOn(browserNavigation, 'assign').mockImplementation(() => undefined);
    sessionStorage.clear();
  });
  afterEach(() => {
    vi.useRealTimers();
    assign.mockRestore();
  });

  it('renders nothing for a visitor and asks nothing of the server', async () => {
    const server = fakeCommerce();
    renderWithApp(<CreditOffer userId={null} balance={generated} />);
    await advance(10_000);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(server.calls).toEqual([]);
  });

  it('shows the Creator Plan offer 5 s after the page is ready plus 2 s, with the plan from the server', async () => {
    const server = fakeCommerce();
    renderWithApp(<CreditOffer userId="u1" balance={generated} />);
    await advance(6_900);
    expect(screen.queryByRole('dialog')).toBeNull();
    await advance(200);
    const dialog = await screen.findByRole('dialog', { name: CREDIT_MODAL_TITLE });
    const plan = within(dialog).getByRole('region', { name: 'Creator Plan' });
    expect(within(plan).getByText('SPECIAL OFFER')).toBeVisible();
    expect(within(plan).getByTestId('plan-price')).toHaveTextContent('$15');
    expect(within(plan).getByText('/ month')).toBeVisible();
    expect(within(plan).getByText('Billed monthly. Cancel anytime.')).toBeVisible();
    expect(within(plan).getByTestId('plan-credits')).toHaveTextContent('140');
    expect(within(plan).getByTestId('plan-bonus')).toHaveTextContent('+30');
    for (const feature of ['Up to 110 images a month', 'Up to 20 videos a month', 'No watermark', 'Commercial use', 'Basic support']) {
      expect(within(plan).getByText(feature)).toBeVisible();
    }
    expect(within(dialog).getByText(/verified user/)).toBeVisible();
    expect(within(dialog).getByRole('link', { name: 'See all plans' })).toHaveAttribute('href', '/pricing');
    await advance(1_000);
    expect(server.analytics()).toContain('purchase_modal_view');
  });

  it('is not offered while payments are not configured or to a subscriber', async () => {
    fakeCommerce({ plans: { payments_configured: false } });
    const { unmount } = renderWithApp(<CreditOffer userId="u1" balance={generated} />);
    await advance(10_000);
    expect(screen.queryByRole('dialog')).toBeNull();
    unmount();
    fakeCommerce({ plans: { current_plan_id: 'creator_monthly' } });
    renderWithApp(<CreditOffer userId="u1" balance={generated} />);
    await advance(10_000);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('Maybe Later closes it into a cooldown and it is not offered again after the first generation', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { server, dialog } = await shownOffer();
    await user.click(within(dialog).getByRole('button', { name: 'Maybe Later' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(JSON.parse(localStorage.getItem(creditModalKeys.state) ?? '{}')).toMatchObject({ state: 'cooldown' });
    expect(localStorage.getItem(creditModalKeys.firstGenerationSeen)).not.toBeNull();
    await advance(15_000);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(server.analytics()).toEqual(expect.arrayContaining(['purchase_modal_view', 'purchase_modal_dismiss']));
  });

  it('Subscribe Now asks for a Checkout Session naming the plan, shows Processing... and goes to its url', async () => {
    const server = fakeCommerce();
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const fetchMock = globalThis.fetch as unknown as ReturnType<typeof vi.fn>;
    const passThrough = fetchMock.getMockImplementation() as (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;
    fetchMock.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).endsWith('/api/stripe/subscription')) await gate;
      return passThrough(input, init);
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderWithApp(<CreditOffer userId="u1" balance={generated} />);
    await advance(7_000);
    const dialog = await screen.findByRole('dialog', { name: CREDIT_MODAL_TITLE });
    await user.click(within(dialog).getByRole('button', { name: 'Subscribe Now' }));
    expect(await within(dialog).findByRole('button', { name: /Processing\.\.\./ })).toBeDisabled();
    release();
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.example/cs_test_1'));
    const request = server.calls.find((c) => c.path === '/api/stripe/subscription');
    expect(request?.body).toMatchObject({
      tier: { id: 'creator_monthly', name: 'Creator Plan' },
      billingCycle: 'monthly',
      source: 'credit_modal_first_generation',
      specialOffer: { isSpecialOffer: true, bonusCredits: 30, totalCreditsPromised: 140 },
    });
    expect(JSON.parse(localStorage.getItem(creditModalKeys.state) ?? '{}')).toMatchObject({ state: 'cooldown' });
    expect(server.analytics()).toEqual(expect.arrayContaining(['purchase_modal_cta_click', 'checkout_start']));
  });

  it('a 401 keeps the purchase in session storage and goes to the sign-in', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { server, dialog } = await shownOffer();
    server.fail('POST /api/stripe/subscription', 401, 'Not signed in');
    await user.click(within(dialog).getByRole('button', { name: 'Subscribe Now' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/api/auth/login?next=/create'));
    const pending = JSON.parse(sessionStorage.getItem(PENDING_PURCHASE_KEY) ?? 'null');
    expect(pending).toMatchObject({
      package: { id: 'creator_monthly', name: 'Creator Plan', price: 15, credits: 140 },
      source: 'credit_modal_first_generation',
    });
    expect(typeof pending.timestamp).toBe('number');
  });

  it.each([
    [
      {
        status: 502,
        body: { status: 'error', error: { code: 'bad_gateway', message: 'Failed to create checkout session' }, message: 'Failed to create checkout session' },
      },
      'Failed to create checkout session',
    ],
    [{ status: 500, body: {} }, 'Failed to process payment. Please try again.'],
    [{ status: 200, body: { url: 'https://checkout.example/x' } }, 'Failed to create checkout session'],
    [
      {
        status: 503,
        body: { status: 'error', error: { code: 'payments_not_configured', message: 'Payments are not configured' }, message: 'Payments are not configured' },
      },
      'Payments are not configured',
    ],
  ])('a failed checkout (%o) toasts %s and keeps the offer open', async (answer, message) => {
    const error = vi.spyOn(notify, 'error');
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { server, dialog } = await shownOffer();
    server.answer('POST /api/stripe/subscription', answer);
    await user.click(within(dialog).getByRole('button', { name: 'Subscribe Now' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith(message));
    error.mockRestore();
    expect(within(dialog).getByRole('button', { name: 'Subscribe Now' })).toBeEnabled();
    expect(assign).not.toHaveBeenCalled();
    await advance(1_000);
    expect(server.analytics()).toContain('checkout_error');
  });
});
