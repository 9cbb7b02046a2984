import type { SessionUser } from '@mohar/contracts/auth';
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError, hasErrorCode } from './api-errors';
import { followAccountLanguage } from './i18n';
import { SESSION_QUERY_KEY } from './query-keys';
import { setSignedIn } from './signed-in';

/**
 * Any call that finds the session gone (ended on another device, expired) signs this tab out too: the guard then
 * sends the user to /home with the page in `redirect`. A call refused because MFA setup is due re-reads the
 * session, so the guard sends the user to set it up.
 */
function onApiError(error: unknown) {
  if (hasErrorCode(error, 'auth.unauthenticated')) queryClient.setQueryData(SESSION_QUERY_KEY, null);
  else if (hasErrorCode(error, 'auth.mfa_setup_required'))
    void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
}

/** One cache for the whole app. Created on first import: the landing page does not load TanStack Query at all. */
export const queryClient: QueryClient = new QueryClient({
  queryCache: new QueryCache({ onError: onApiError }),
  mutationCache: new MutationCache({ onError: onApiError }),
  defaultOptions: {
    queries: {
      staleTime: 60_000,
      // One retry for a network or server failure; a 4xx (not found, not allowed) will not change by asking again.
      retry: (failureCount, error) =>
        failureCount < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
      refetchOnWindowFocus: false,
    },
  },
});

// The public header reads whether someone is signed in from lib/signed-in.ts: it follows the session query here
// (login, logout's clear, a session found gone), whatever changed it. So does the language: the account's choice
// applies from the sign-in answer on (decision 0055).
queryClient.getQueryCache().subscribe((event) => {
  if (event.query.queryKey[0] !== SESSION_QUERY_KEY[0]) return;
  const user = event.type === 'removed' ? null : (event.query.state.data as SessionUser | null | undefined);
  setSignedIn(Boolean(user));
  if (user !== undefined) followAccountLanguage(user);
});
