import type { serverRecordingResponse } from '@mohar/contracts';
import { useQuery } from '@tanstack/react-query';
import { API_BASE, api } from '@/lib/api-client';
import { applicationQueryKey } from '@/lib/query-keys';
import { withStepUp } from '@/lib/step-up';

const base = (id: string) => `/sessions/${encodeURIComponent(id)}/server-recording`;

/** GET /sessions/:id/server-recording — the server recording: composed view's state, chapters, raw tracks (decision 0084). */
export const getServerRecording = (id: string, signal?: AbortSignal) =>
  api.get<typeof serverRecordingResponse>(base(id), signal);

/** The composed view and each raw track, as a `<video>` streams them with the session cookie (byte ranges). */
export const composedViewUrl = (id: string) => `${API_BASE}${base(id)}/composed`;
export const rawTrackUrl = (id: string, track: string) =>
  `${API_BASE}${base(id)}/tracks/${encodeURIComponent(track)}`;

/** An admin's copy of a file (audited; may ask to confirm it is them first — step-up), played from memory. */
export const readServerRecordingFile = (id: string, track: string | null) =>
  withStepUp(() =>
    api.file(track === null ? `${base(id)}/composed` : `${base(id)}/tracks/${encodeURIComponent(track)}`),
  );

export const useServerRecording = (id: string, enabled: boolean) =>
  useQuery({
    queryKey: [...applicationQueryKey(id), 'server-recording'] as const,
    queryFn: ({ signal }) => getServerRecording(id, signal),
    enabled,
    // No server recording (404) stays so.
    retry: false,
    // Being prepared after the act: asked again until the composed view is ready or failed.
    refetchInterval: (query) => (query.state.data?.composed.state === 'pending' ? 15_000 : false),
  });
