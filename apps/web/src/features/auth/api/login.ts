// Types only: the request's schema (and zod) load with the login form's first input (decision 0033).
import type { LoginResponse, loginRequest, loginResponse, SessionUser } from '@mohar/contracts';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod/mini';
import { api } from '@/lib/api-client';
import { SESSION_QUERY_KEY } from '@/lib/query-keys';
import { setSignedIn } from '@/lib/signed-in';

export type LoginInput = z.output<typeof loginRequest>;

export const login = (input: LoginInput): Promise<LoginResponse> =>
  api.post<typeof loginResponse>('/login', input);

/**
 * A new user is signed in: nothing cached for whoever used this tab before may show, so the cache is emptied
 * before the session is set. The session query itself stays (its observers keep listening) and gets the user, as
 * does `keep` (the query that signed in, when it was one). The header learns it in the same step, before the login
 * page navigates, so it never shows Login/Register to the person who has just signed in while the dashboard loads.
 */
export function startSession(queryClient: QueryClient, user: SessionUser, keep?: readonly unknown[]) {
  const kept = new Set([SESSION_QUERY_KEY[0], keep?.[0]]);
  queryClient.removeQueries({ predicate: (query) => !kept.has(query.queryKey[0]) });
  setSignedIn(true);
  queryClient.setQueryData(SESSION_QUERY_KEY, user);
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (response) => {
      if ('user' in response) startSession(queryClient, response.user);
    },
  });
}
