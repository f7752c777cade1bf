import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { createQueryClient } from '@/api/queryClient';
import { CreatePage } from '@/pages/CreatePage';
import { HomePage } from '@/pages/HomePage';
import { AccountPage } from '@/pages/AccountPage';
import { GuidePage } from '@/pages/GuidePage';
import { NotFoundPage } from '@/pages/pages';
import { PricingPage } from '@/pages/PricingPage';
import { TransactionHistoryPage } from '@/pages/TransactionHistoryPage';
import { AppToaster } from './AppToaster';
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
