import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Spinner } from '@/components/ui/Spinner';
import { notify } from '@/lib/toast';
import { track } from '@/lib/analytics';
import { createCheckout } from '../api/checkout';
import { checkoutFailure, checkoutRedirect, hasPendingPurchase, PURCHASE_FAILED, takePendingPurchase, type CheckoutOutcome } from '../logic/purchase';
import { browserNavigation, createBrowserMachine, sessionStore } from '../state/browser';

/**
 * After the sign-in a purchase started while signed out is read, removed and sent to checkout while
 * `Preparing your checkout...` shows; should that fail the user lands on /pricing.
 */
export function PendingPurchaseGate({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const [pending, setPending] = useState(() => hasPendingPurchase(sessionStore));
  const started = useRef(false);

  useEffect(() => {
    if (!pending) return;
    // Taken once: a second run of the effect (development's strict mode) must not lose it.
    if (started.current) return;
    started.current = true;
    const purchase = takePendingPurchase(sessionStore);
    void (async () => {
      if (!purchase) {
        // A malformed record: dropped, the workspace shows.
        setPending(false);
        return;
      }
      let outcome: CheckoutOutcome;
      try {
        outcome = checkoutRedirect(await createCheckout(purchase.package));
      } catch (error) {
        outcome = checkoutFailure(error, PURCHASE_FAILED);
      }
      if (outcome.kind === 'redirect') {
        track('checkout_start', { plan: purchase.package.id, source: purchase.source, resumed: true }, { now: true });
        createBrowserMachine().startPurchaseRedirect();
        browserNavigation.assign(outcome.url);
        return;
      }
      const message = outcome.kind === 'error' ? outcome.message : PURCHASE_FAILED;
      notify.error(message);
      track('checkout_error', { plan: purchase.package.id, source: purchase.source, message }, { now: true });
      setPending(false);
      navigate('/pricing', { replace: true });
    })();
  }, [pending, navigate]);

  if (!pending) return <>{children}</>;
  return (
    <div className="flex min-h-screen flex-col items-center justify-center gap-3 bg-slate-50 px-6 text-center" role="status">
      <Spinner className="h-8 w-8 text-brand-600" />
      <p className="text-lg font-semibold text-slate-900">Preparing your checkout...</p>
      <p className="max-w-sm text-sm text-slate-500">You will be redirected to our secure payment page shortly.</p>
    </div>
  );
}
