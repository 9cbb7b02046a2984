import type { activeSessionsResponse } from '@mohar/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const SESSIONS_QUERY_KEY = ['profile', 'sessions'] as const;

/** Where this account is signed in; the one in this browser has `current: true`. */
export const getSessions = (signal?: AbortSignal) =>
  api.get<typeof activeSessionsResponse>('/profile/sessions', signal);

export const sessionsQueryOptions = () =>
  queryOptions({ queryKey: SESSIONS_QUERY_KEY, queryFn: ({ signal }) => getSessions(signal), staleTime: 0 });

export const useSessions = () => useQuery(sessionsQueryOptions());
