import type { PortalAccess, SignatoryProgress } from '@mohar/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { ApiError, hasErrorCode } from '@/lib/api-errors';
import { portalAccessQueryKey } from './get-portal-access';

/** A step moved this signatory on: show it at once, then read everyone's progress again. */
export function onPortalStepDone(options: {
  queryClient: QueryClient;
  token: string;
  progress: SignatoryProgress;
}) {
  const { queryClient, token, progress } = options;
  queryClient.setQueryData<PortalAccess>(portalAccessQueryKey(token), (old) =>
    old
      ? {
          ...old,
          signatory: { ...old.signatory, progress },
          signatories: old.signatories.map((s) => (s.isYou ? { ...s, progress } : s)),
        }
      : old,
  );
  void queryClient.invalidateQueries({ queryKey: portalAccessQueryKey(token) });
}

/**
 * Refused because the page is behind: the step was done in another tab, or the link was replaced, expired or its
 * application ended. Reading the link again shows where things stand (or why it no longer opens).
 */
export function onPortalStepFailed(options: { queryClient: QueryClient; token: string; error: unknown }) {
  const { error } = options;
  const isBehind =
    hasErrorCode(error, 'portal.step_out_of_order') ||
    (error instanceof ApiError && (error.status === 404 || error.status === 410));
  if (isBehind) void options.queryClient.invalidateQueries({ queryKey: portalAccessQueryKey(options.token) });
}
