import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { pageName, track } from '@/lib/analytics';

/** Sends a `page_view` for every page the user opens (signed-out views are not recorded). */
export function PageViews() {
  const { pathname } = useLocation();
  useEffect(() => {
    track('page_view', { page: pageName(pathname) });
  }, [pathname]);
  return null;
}
