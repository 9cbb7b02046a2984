import type { LoginResponse, loginResponse } from '@mohar/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { SESSION_QUERY_KEY } from '@/lib/query-keys';
import { startSession } from './login';

const SIGN_IN_LINK_KEY = 'sign-in-link';

export const loginWithLink = (token: string): Promise<LoginResponse> =>
  api.post<typeof loginResponse>(`/login/link/${encodeURIComponent(token)}`, {});

/**
 * Uses the e-mailed link, once per token. A query rather than an effect: StrictMode's second mount and any
 * re-render share the one request, and the link works only once, so the answer is never refetched or retried.
 * The server replaced any earlier session: signed in, the user is set; asked for the second step, nobody is yet.
 */
export function useLoginWithLink(token: string) {
  const queryClient = useQueryClient();
  const queryKey = [SIGN_IN_LINK_KEY, token] as const;
  return useQuery({
    queryKey,
    queryFn: async () => {
      const response = await loginWithLink(token);
      // A session check sent before the link's cookie existed must not answer "nobody" after it.
      await queryClient.cancelQueries({ queryKey: SESSION_QUERY_KEY });
      if ('user' in response) startSession(queryClient, response.user, queryKey);
      else queryClient.setQueryData(SESSION_QUERY_KEY, null);
      return response;
    },
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
}
