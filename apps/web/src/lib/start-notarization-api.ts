import type {
  openingReminderResponse,
  startNotarizationRequest,
  startNotarizationResponse,
} from '@mohar/contracts';
import type { z } from 'zod/mini';
import { api } from '@/lib/api-client';

export type StartNotarizationRequest = z.input<typeof startNotarizationRequest>;
export type StartNotarizationResult = z.infer<typeof startNotarizationResponse>;
export type OpeningReminder = z.infer<typeof openingReminderResponse>;

const applicationPath = (id: string) => `/applications/${encodeURIComponent(id)}`;
const portalPath = (token: string) => `/access/${encodeURIComponent(token)}`;

/**
 * POST /applications/:id/notary-request — the owner asks for a notary. `{ firstAvailable: true }` asks every
 * available notary instead of the one named in the wizard. Outside service hours: 409 `sessions.outside_hours`.
 */
export const startFromApplication = (id: string, body: StartNotarizationRequest = {}) =>
  api.post<typeof startNotarizationResponse>(`${applicationPath(id)}/notary-request`, body);

/** POST /access/:token/notary-request — the same, by a signatory through their personal link. */
export const startFromPortal = (token: string, body: StartNotarizationRequest = {}) =>
  api.post<typeof startNotarizationResponse>(`${portalPath(token)}/notary-request`, body);

/** POST /applications/:id/opening-reminder — everyone is told when the service opens. */
export const remindFromApplication = (id: string) =>
  api.post<typeof openingReminderResponse>(`${applicationPath(id)}/opening-reminder`, {});

/** POST /access/:token/opening-reminder */
export const remindFromPortal = (token: string) =>
  api.post<typeof openingReminderResponse>(`${portalPath(token)}/opening-reminder`, {});
