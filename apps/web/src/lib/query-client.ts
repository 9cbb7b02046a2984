import { QueryClient } from '@tanstack/react-query';

/** One cache for the whole app. Created on first import: the landing page does not load TanStack Query at all. */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 60_000, retry: 1, refetchOnWindowFocus: false } },
});
