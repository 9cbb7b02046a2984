// Single modules, not the package's index: this file is in the router's group, which takes what it imports along.
import type { SessionUser, userResponse } from '@mohar/contracts/auth';
import { AUTH_ERROR_CODES } from '@mohar/contracts/error-codes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { hasErrorCode } from '@/lib/api-errors';
import { SESSION_QUERY_KEY } from '@/lib/query-keys';

/** The signed-in user, or null when nobody is: "not signed in" is an answer, not a failure. */
export async function getSession(signal?: AbortSignal): Promise<SessionUser | null> {
  try {
    return (await api.get<typeof userResponse>('/session', signal)).user;
  } catch (error) {
    if (hasErrorCode(error, AUTH_ERROR_CODES.unauthenticated)) return null;
    throw error;
  }
}

export const sessionQueryOptions = () =>
  queryOptions({
    queryKey: SESSION_QUERY_KEY,
    queryFn: ({ signal }) => getSession(signal),
    staleTime: 60_000,
    // A 401 already became null above; a network failure is worth one more try before the guard shows it.
    retry: 1,
  });

export const useSession = () => useQuery(sessionQueryOptions());
