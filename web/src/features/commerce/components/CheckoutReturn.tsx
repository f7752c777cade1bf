import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { queryKeys } from '@/api/queryKeys';
import { notify } from '@/lib/toast';
import { track } from '@/lib/analytics';
import { CREDITS_ADDED, purchaseLanded, readCheckoutBaseline, saveCheckoutBaseline } from '../logic/purchase';
import { sessionStore } from '../state/browser';

export interface CheckoutReturnProps {
  /** The current balance, or null while it loads. */
  balance: number | null;
}

/**
 * Back from Stripe with `?checkout=success`: `Credits added successfully!` once the webhook's grant has
 * arrived (the live `credits-changed` patches the balance, else the next poll shows it). A cancelled
 * checkout only loses its query.
 */
export function CheckoutReturn({ balance }: CheckoutReturnProps) {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const outcome = new URLSearchParams(location.search).get('checkout');
  const baseline = useRef<number | null>(null);
  const tracked = useRef(false);

  useEffect(() => {
    if (outcome === null) return;
    const strip = () => {
      const params = new URLSearchParams(location.search);
      params.delete('checkout');
      params.delete('session_id');
      const search = params.toString();
      navigate({ pathname: location.pathname, search: search ? `?${search}` : '' }, { replace: true });
    };
    if (outcome !== 'success') {
      saveCheckoutBaseline(sessionStore, null);
      strip();
      return;
    }
    if (!tracked.current) {
      tracked.current = true;
      track('checkout_complete', {});
    }
    if (balance === null) return;
    baseline.current ??= readCheckoutBaseline(sessionStore) ?? balance;
    if (!purchaseLanded(baseline.current, balance)) return;
    saveCheckoutBaseline(sessionStore, null);
    notify.success(CREDITS_ADDED);
    void queryClient.invalidateQueries({ queryKey: queryKeys.plans });
    void queryClient.invalidateQueries({ queryKey: queryKeys.subscription });
    void queryClient.invalidateQueries({ queryKey: queryKeys.credits });
    strip();
  }, [outcome, balance, location.pathname, location.search, navigate, queryClient]);

  return null;
}
