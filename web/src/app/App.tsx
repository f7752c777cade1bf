import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { BrowserRouter, Route, Routes, useLocation } from 'react-router';
import { Toaster } from 'sonner';
import { createQueryClient } from '@/api/queryClient';
import { MOBILE_BREAKPOINT } from '@/lib/breakpoints';
import { PHONE_TOASTS_OFFSET, TOAST_DURATION } from '@/lib/toast';
import { useViewportWidth } from '@/lib/useMediaQuery';
import { CreatePage } from '@/pages/CreatePage';
import { HomePage } from '@/pages/HomePage';
import { AccountPage } from '@/pages/AccountPage';
import { GuidePage } from '@/pages/GuidePage';
import { NotFoundPage } from '@/pages/pages';
import { PricingPage } from '@/pages/PricingPage';
import { TransactionHistoryPage } from '@/pages/TransactionHistoryPage';
import { LiveEvents } from './LiveEvents';
import { OutOfCredits } from './OutOfCredits';
import { PageViews } from './PageViews';

export function AppRoutes() {
  return (
    <Routes>
      <Route path="/" element={<HomePage />} />
      <Route path="/create" element={<CreatePage />} />
      <Route path="/create/:projectId" element={<CreatePage />} />
      <Route path="/pricing" element={<PricingPage />} />
      <Route path="/transactions" element={<TransactionHistoryPage />} />
      <Route path="/account" element={<AccountPage />} />
      <Route path="/guide" element={<GuidePage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}

/**
 * Toasts sit bottom-right on a desktop; on a phone at the top, clear of the chat input and the
 * Generate button, below the page's top bars (the header, its navigation, the balance, and the
 * workspace's campaign selector).
 */
/**
 * On a phone the studio's toasts sit below its top bars (its bottom holds the Generate bar and the
 * message box); on the other pages, whose first link sits under the header, at the bottom.
 */
function AppToaster() {
  const mobile = useViewportWidth() < MOBILE_BREAKPOINT;
  const inStudio = useLocation().pathname.startsWith('/create');
  if (!mobile) return <Toaster position="bottom-right" richColors closeButton duration={TOAST_DURATION} />;
  const offset = inStudio ? { top: PHONE_TOASTS_OFFSET } : undefined;
  return <Toaster position={inStudio ? 'top-center' : 'bottom-center'} offset={offset} mobileOffset={offset} richColors closeButton duration={TOAST_DURATION} />;
}

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <LiveEvents />
      <BrowserRouter>
        <PageViews />
        <AppRoutes />
        <OutOfCredits />
        <AppToaster />
      </BrowserRouter>
    </QueryClientProvider>
  );
}
