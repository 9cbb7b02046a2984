import type { sealStatusResponse } from '@mohar/contracts';
import { api } from '@/lib/api-client';

/** POST /sessions/:id/seal — attest and seal (the notary; retry-safe on the server). */
export const sealSession = (applicationId: string) =>
  api.post<typeof sealStatusResponse>(`/sessions/${encodeURIComponent(applicationId)}/seal`, {});

/** GET /sessions/:id/seal — where the seal stands (after a reload mid-way, or a failed attempt). */
export const getSealStatus = (applicationId: string, signal?: AbortSignal) =>
  api.get<typeof sealStatusResponse>(`/sessions/${encodeURIComponent(applicationId)}/seal`, signal);

export const sealKeys = { status: (applicationId: string) => ['call-seal', applicationId] as const };
