import type { applicationEventsResponse, sessionTimelineResponse } from '@mohar/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client';
import { applicationQueryKey } from '@/lib/query-keys';

/** Below the application's key: whatever refreshes the application refreshes its history too. */
export const applicationEventsQueryKey = (id: string) => [...applicationQueryKey(id), 'events'] as const;

/** GET /applications/:id/events — every status change, oldest first. */
export const getApplicationEvents = async (id: string, signal?: AbortSignal) =>
  (await api.get<typeof applicationEventsResponse>(`/applications/${encodeURIComponent(id)}/events`, signal))
    .events;

export const applicationEventsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: applicationEventsQueryKey(id),
    queryFn: ({ signal }) => getApplicationEvents(id, signal),
    // A 404 (deleted, or not the caller's) will not change on a second try.
    retry: (failureCount, error) =>
      failureCount < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
  });

export const useApplicationEvents = (id: string) => useQuery(applicationEventsQueryOptions(id));

/** GET /applications/:id/session-events — the live session's events (joins, identity decisions, recording, end). */
export const getSessionEvents = async (id: string, signal?: AbortSignal) =>
  (
    await api.get<typeof sessionTimelineResponse>(
      `/applications/${encodeURIComponent(id)}/session-events`,
      signal,
    )
  ).events;

export const useSessionEvents = (id: string, enabled: boolean) =>
  useQuery({
    queryKey: [...applicationQueryKey(id), 'session-events'] as const,
    queryFn: ({ signal }) => getSessionEvents(id, signal),
    enabled,
    retry: false,
  });
