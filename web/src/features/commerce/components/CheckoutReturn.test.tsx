import { act, screen, waitFor } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { Route, Routes, useLocation } from 'react-router';
import { vi } from 'vitest';
import { notify } from '@/lib/toast';
import { AfterEffects } from '@/test/afterEffects';
import { renderWithApp } from '@/test/render';
import { CHECKOUT_BASELINE_KEY } from '../logic/purchase';
import { fakeCommerce } from '../test/fakeCommerce';
import { CheckoutReturn } from './CheckoutReturn';

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

/** Changes the balance the rendered harness passes down, as a poll or a live event would. */
const balanceControl: { set: (balance: number) => void } = { set: () => undefined };
const setBalance = (balance: number) => act(() => balanceControl.set(balance));

function Harness({ initial }: { initial: number }) {
  const [balance, set] = useState(initial);
  useEffect(() => {
    balanceControl.set = set;
  }, []);
  return (
    <>
      <CheckoutReturn balance={balance} />
      <AfterEffects value={String(balance)} />
    </>
  );
}

/** Waits until CheckoutReturn has reacted to `balance`. */
const reactedTo = (balance: number) => waitFor(() => expect(screen.getByTestId('after-effects')).toHaveTextContent(new RegExp(`^${balance}$`)));

function ui(balance: number) {
  return (
    <Routes>
      <Route
        path="/create"
        element={
          <>
            <Harness initial={balance} />
            <Where />
          </>
        }
      />
    </Routes>
  );
}

describe('CheckoutReturn', () => {
  let success: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    sessionStorage.clear();
    success = vi.spyOn(notify, 'success');
  });
  afterEach(() => success.mockRestore());

  it('says Credits added successfully! once the balance rises above the one before checkout', async () => {
    const server = fakeCommerce();
    sessionStorage.setItem(CHECKOUT_BASELINE_KEY, '12');
    renderWithApp(ui(12), { route: '/create?checkout=success&session_id=cs_1' });
    await reactedTo(12);
    expect(success).not.toHaveBeenCalled();
    expect(screen.getByTestId('where')).toHaveTextContent('checkout=success');
    setBalance(152);
    await waitFor(() => expect(success).toHaveBeenCalledWith('Credits added successfully!'));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/create$/));
    expect(sessionStorage.getItem(CHECKOUT_BASELINE_KEY)).toBeNull();
    setBalance(160);
    await reactedTo(160);
    expect(success).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(server.analytics()).toContain('checkout_complete'), { timeout: 3_000 });
  });

  it('toasts at once when the grant landed before the return', async () => {
    fakeCommerce();
    sessionStorage.setItem(CHECKOUT_BASELINE_KEY, '12');
    renderWithApp(ui(152), { route: '/create?checkout=success&session_id=cs_1' });
    await waitFor(() => expect(success).toHaveBeenCalledWith('Credits added successfully!'));
  });

  it('a cancelled checkout only loses its query', async () => {
    fakeCommerce();
    sessionStorage.setItem(CHECKOUT_BASELINE_KEY, '12');
    renderWithApp(ui(12), { route: '/create?checkout=cancelled' });
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/create$/));
    expect(success).not.toHaveBeenCalled();
    expect(sessionStorage.getItem(CHECKOUT_BASELINE_KEY)).toBeNull();
  });
});
