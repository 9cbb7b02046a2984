import type { recordingInfoResponse } from '@mohar/contracts';
import { useQuery } from '@tanstack/react-query';
import { API_BASE, api } from '@/lib/api-client';
import { applicationQueryKey } from '@/lib/query-keys';
import { withStepUp } from '@/lib/step-up';

/** GET /sessions/:id/recording/info — the session recording's details (its notary and admins). */
export const getRecordingInfo = (id: string, signal?: AbortSignal) =>
  api.get<typeof recordingInfoResponse>(`/sessions/${encodeURIComponent(id)}/recording/info`, signal);

/** The file itself, streamed by the browser's player with the session cookie. */
export const recordingUrl = (id: string) => `${API_BASE}/sessions/${encodeURIComponent(id)}/recording`;

/** The file as a whole, for an admin (audited; may ask to confirm it is them first — step-up). */
export const readRecording = (id: string) =>
  withStepUp(() => api.file(`/sessions/${encodeURIComponent(id)}/recording`));

export const useRecordingInfo = (id: string, enabled: boolean) =>
  useQuery({
    queryKey: [...applicationQueryKey(id), 'recording'] as const,
    queryFn: ({ signal }) => getRecordingInfo(id, signal),
    enabled,
    // No recording (404) stays so.
    retry: false,
  });
