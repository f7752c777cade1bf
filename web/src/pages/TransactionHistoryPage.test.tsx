import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createFakeServer } from '@/test/fakeServer';
import { renderWithApp } from '@/test/render';
import { TransactionHistoryPage } from './TransactionHistoryPage';

type Server = ReturnType<typeof createFakeServer>;

function ledger(server: Server, count: number) {
  for (let i = 0; i < count; i++) {
    const minute = String(59 - (i % 60)).padStart(2, '0');
    server.state.transactions.push(
      i === count - 1
        ? { id: `t-${i}`, delta: 25, reason: 'signup_grant', job_id: null, created_at: `2025-03-01T09:${minute}:00Z`, description: 'Welcome credits' }
        : { id: `t-${i}`, delta: -1, reason: 'generation', job_id: `j-${i}`, created_at: `2025-03-04T12:${minute}:00Z`, description: `Image generation ${i}` },
    );
  }
}

const rows = () => screen.getAllByTestId('transaction-row');

describe('/transactions', () => {
  it('asks a visitor to sign in', async () => {
    createFakeServer({ signedIn: false }).install();
    renderWithApp(<TransactionHistoryPage />, { route: '/transactions' });
    expect(await screen.findByRole('heading', { name: 'Sign in to see your transactions' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/create');
  });

  it('shows the balance and the ledger newest first, 20 a page', async () => {
    const server = createFakeServer();
    ledger(server, 57);
    server.install();
    const user = userEvent.setup();
    renderWithApp(<TransactionHistoryPage />, { route: '/transactions' });

    expect(await screen.findByRole('heading', { name: 'Transaction history' })).toBeInTheDocument();
    expect(await screen.findByTestId('transactions-balance')).toHaveTextContent('25');
    await waitFor(() => expect(rows()).toHaveLength(20));
    expect(within(rows()[0] as HTMLElement).getByText('Image generation 0')).toBeInTheDocument();
    expect(within(rows()[0] as HTMLElement).getByText('\u22121')).toBeInTheDocument();
    expect(within(rows()[0] as HTMLElement).getByText('1 credit spent')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    expect(screen.getByText('1\u201320 of 57')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(server.state.calls.some((c) => c.path === '/api/credits/transactions')).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByText('Page 2 of 3')).toBeInTheDocument());
    await waitFor(() => expect(within(rows()[0] as HTMLElement).getByText('Image generation 20')).toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(rows()).toHaveLength(17));
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    const last = rows().at(-1) as HTMLElement;
    expect(within(last).getByText('Welcome credits')).toBeInTheDocument();
    expect(within(last).getByText('+25').parentElement).toHaveClass('text-emerald-600');

    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await waitFor(() => expect(screen.getByText('Page 2 of 3')).toBeInTheDocument());
  });

  it('lands a page past the end on the last page', async () => {
    const server = createFakeServer();
    ledger(server, 25);
    server.install();
    renderWithApp(<TransactionHistoryPage />, { route: '/transactions?page=9' });
    expect(await screen.findByText('Page 2 of 2')).toBeInTheDocument();
    await waitFor(() => expect(rows()).toHaveLength(5));
  });

  it('says when there are no transactions yet', async () => {
    createFakeServer().install();
    renderWithApp(<TransactionHistoryPage />, { route: '/transactions' });
    expect(await screen.findByText('No transactions yet')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
  });

  it('shows an error with a retry', async () => {
    const server = createFakeServer();
    ledger(server, 3);
    server.state.failures.set('GET /api/credits/transactions', { status: 500, message: 'Database unavailable' });
    server.install();
    const user = userEvent.setup();
    renderWithApp(<TransactionHistoryPage />, { route: '/transactions' });
    const alert = await screen.findByRole('alert', {}, { timeout: 4000 });
    expect(within(alert).getByText("Couldn't load your transactions")).toBeInTheDocument();
    expect(within(alert).getByText('Database unavailable')).toBeInTheDocument();

    server.state.failures.delete('GET /api/credits/transactions');
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(rows()).toHaveLength(3));
  });
});
