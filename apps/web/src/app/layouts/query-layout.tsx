import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { queryClient } from '@/lib/query-client';

/**
 * Server state for every screen below it. A pathless, lazily loaded layout rather than an app-wide provider, so
 * the landing page (which reads no server state) ships without TanStack Query (docs/decisions/0002).
 */
export function QueryLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
