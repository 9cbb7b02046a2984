import type { messageResponse, StepUpRequest } from '@mohar/contracts';
import { api } from '@/lib/api-client';

/** POST /auth/step-up — the password (or, with two-step verification, a code) again: 5 more minutes. */
export const confirmIdentity = (body: StepUpRequest) => api.post<typeof messageResponse>('/auth/step-up', body);
