import type { devMailboxResponse } from '@mohar/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Development only: every e-mail the server "sent", newest first. Answers 404 in production. */
export const getMailbox = (signal?: AbortSignal) =>
  api.get<typeof devMailboxResponse>('/dev/mailbox', signal);

export const mailboxQueryOptions = () =>
  queryOptions({
    queryKey: ['dev-mailbox'],
    queryFn: ({ signal }) => getMailbox(signal),
    // New mail arrives from other tabs and tests: always fetch on arrival, and keep polling while open.
    staleTime: 0,
    refetchInterval: 5000,
    retry: false,
  });

export const useMailbox = () => useQuery(mailboxQueryOptions());
