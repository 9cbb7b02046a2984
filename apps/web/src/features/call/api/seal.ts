import { sealStatusResponse } from '@mohar/contracts';
import { api } from '@/lib/api-client';

/** POST /sessions/:id/seal — attest and seal (the notary; retry-safe on the server). */
export const sealSession = (applicationId: string) =>
  api.post(`/sessions/${encodeURIComponent(applicationId)}/seal`, {}, sealStatusResponse);
