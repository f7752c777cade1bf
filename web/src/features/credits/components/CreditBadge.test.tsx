import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { onTestFinished, vi } from 'vitest';
import { renderWithApp } from '@/test/render';
import { CreditBadge } from './CreditBadge';

function serveBalance(answer: { status: number; body: unknown }) {
  const fetch = vi.fn(async () => new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'Content-Type': 'application/json' } }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const balance = (value: number, extra: Record<string, unknown> = {}) => ({
  status: 200,
  body: {
    balance: value,
    generated_media: { images: 4, videos: 2 },
    subscription_tier: 'creator',
    subscription_package: 'Creator Plan',
    low_credit_threshold: 10,
    ...extra,
  },
});

const panel = () => screen.findByRole('dialog', { name: 'Credit Balance' });
// The badge moves the focus into the panel on the next frame, once its links are there.
const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));

describe('CreditBadge', () => {
  it('shows the balance as Credits, or the number alone when compact', async () => {
    serveBalance(balance(42));
    const { unmount } = renderWithApp(<CreditBadge />);
    await waitFor(() => expect(screen.getByTestId('credit-badge')).toHaveTextContent('42 Credits'));
    unmount();
    serveBalance(balance(42));
    renderWithApp(<CreditBadge compact />);
    await waitFor(() => expect(screen.getByTestId('credit-badge')).toHaveTextContent(/^42$/));
    expect(screen.getByTestId('credit-badge')).toHaveAccessibleName('42 Credits');
  });

  it('opens its panel on keyboard focus and lets the keyboard through it', async () => {
    // The panel opens a moment after the badge takes focus; fake timers fire that moment on demand.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    onTestFinished(() => void vi.useRealTimers());
    serveBalance(balance(42));
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderWithApp(<CreditBadge />);
    const badge = await screen.findByTestId('credit-badge');
    await waitFor(() => expect(badge).toHaveTextContent('42 Credits'));
    await user.tab();
    expect(badge).toHaveFocus();
    const content = await panel();
    expect(within(content).getByTestId('credit-balance')).toHaveTextContent('42');
    expect(within(content).getByText('Creator Plan')).toBeInTheDocument();
    expect(within(content).getByText('Credit Usage')).toBeInTheDocument();
    expect(within(content).getByText('Images').closest('div')).toHaveTextContent('4');
    expect(within(content).getByText('Videos').closest('div')).toHaveTextContent('2');
    expect(within(content).queryByText('Add more credits to ensure uninterrupted service.')).not.toBeInTheDocument();
    const buy = within(content).getByRole('link', { name: 'Buy More Credits' });
    expect(buy).toHaveAttribute('href', '/pricing');
    expect(within(content).getByRole('link', { name: 'View Transaction History' })).toHaveAttribute('href', '/transactions');

    await user.keyboard('{Enter}');
    await act(frame);
    expect(buy).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(within(content).getByRole('link', { name: 'View Transaction History' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(buy).toHaveFocus();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(badge).toHaveFocus();
    expect(badge).toHaveAttribute('aria-expanded', 'false');
    // The focus put back on the badge must not reopen the panel: every timer pending now, the
    // panel's open-on-focus delay among them had it started, fires.
    await act(() => vi.runOnlyPendingTimersAsync());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(badge).toHaveAttribute('aria-expanded', 'false');
  });

  it('toggles the panel with a tap', async () => {
    serveBalance(balance(42));
    const user = userEvent.setup();
    renderWithApp(<CreditBadge />);
    const badge = await screen.findByTestId('credit-badge');
    await user.pointer({ keys: '[TouchA]', target: badge });
    expect(await panel()).toBeInTheDocument();
    expect(badge).toHaveAttribute('aria-expanded', 'true');
  });

  it('pulses amber and urges a purchase below the threshold', async () => {
    serveBalance(balance(8, { low_credit_threshold: 10 }));
    const user = userEvent.setup();
    renderWithApp(<CreditBadge />);
    const badge = await screen.findByTestId('credit-badge');
    await waitFor(() => expect(badge).toHaveAccessibleName('8 Credits (low balance)'));
    expect(badge.className).toContain('animate-soft-pulse');
    await user.tab();
    const content = await panel();
    expect(within(content).getByText('Add more credits to ensure uninterrupted service.')).toBeInTheDocument();
    expect(within(content).getByRole('link', { name: 'Buy Credits Now' })).toHaveAttribute('href', '/pricing');
  });

  it('says Failed to load credits and shows zeros when the balance cannot be read', async () => {
    serveBalance({ status: 500, body: { status: 'error', error: { code: 'internal', message: 'x' }, message: 'x' } });
    const user = userEvent.setup();
    renderWithApp(<CreditBadge />);
    // The balance is asked twice (one retry) before it counts as failed.
    expect(await screen.findByText('Failed to load credits', {}, { timeout: 4000 })).toBeInTheDocument();
    const badge = screen.getByTestId('credit-badge');
    expect(badge).toHaveTextContent('0 Credits');
    expect(badge.className).not.toContain('animate-soft-pulse');
    await user.tab();
    const content = await panel();
    expect(within(content).getByTestId('credit-balance')).toHaveTextContent('0');
    expect(within(content).getByText('Failed to load credits')).toBeInTheDocument();
  });
});
