import { screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { vi } from 'vitest';
import { renderWithApp } from '@/test/render';
import { PENDING_PURCHASE_KEY } from '../logic/purchase';
import { browserNavigation } from '../state/browser';
import { fakeCommerce } from '../test/fakeCommerce';
import { PendingPurchaseGate } from './PendingPurchaseGate';

const pending = { package: { id: 'creator_monthly', name: 'Creator Plan', price: 15, credits: 140, features: [] }, source: 'pricing_page', timestamp: 1 };

function renderGate() {
  return renderWithApp(
    <Routes>
      <Route
        path="/create"
        element={
          <PendingPurchaseGate>
            <p>Workspace</p>
          </PendingPurchaseGate>
        }
      />
      <Route path="/pricing" element={<p>Pricing page</p>} />
    </Routes>,
  );
}

describe('PendingPurchaseGate', () => {
  let assign: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    sessionStorage.clear();
    assign = vi.spyOn(browserNavigation, 'assign').mockImplementation(() => undefined);
  });
  afterEach(() => assign.mockRestore());

  it('shows the workspace when no purchase is pending', async () => {
    const server = fakeCommerce();
    renderGate();
    expect(screen.getByText('Workspace')).toBeVisible();
    expect(server.calls.filter((c) => c.path.startsWith('/api/stripe'))).toEqual([]);
  });

  it('reads and removes the pending purchase, sends it to checkout and goes to the session', async () => {
    const server = fakeCommerce();
    sessionStorage.setItem(PENDING_PURCHASE_KEY, JSON.stringify(pending));
    renderGate();
    expect(screen.getByText('Preparing your checkout...')).toBeVisible();
    expect(screen.queryByText('Workspace')).toBeNull();
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.example/cs_test_2'));
    expect(sessionStorage.getItem(PENDING_PURCHASE_KEY)).toBeNull();
    expect(server.calls.find((c) => c.path === '/api/stripe/checkout')?.body).toEqual({ tier: pending.package });
  });

  it('on failure drops the purchase, shows the server message and goes to /pricing', async () => {
    const server = fakeCommerce();
    server.fail('POST /api/stripe/checkout', 409, 'You already have an active subscription');
    sessionStorage.setItem(PENDING_PURCHASE_KEY, JSON.stringify(pending));
    renderGate();
    expect(await screen.findByText('Pricing page')).toBeVisible();
    expect(await screen.findByText('You already have an active subscription')).toBeVisible();
    expect(sessionStorage.getItem(PENDING_PURCHASE_KEY)).toBeNull();
    expect(assign).not.toHaveBeenCalled();
  });

  it('an answer without a session id is a failure too', async () => {
    const server = fakeCommerce();
    server.answer('POST /api/stripe/checkout', { status: 200, body: {} });
    sessionStorage.setItem(PENDING_PURCHASE_KEY, JSON.stringify(pending));
    renderGate();
    expect(await screen.findByText('Pricing page')).toBeVisible();
    expect(await screen.findByText('Failed to create checkout session')).toBeVisible();
  });
});
