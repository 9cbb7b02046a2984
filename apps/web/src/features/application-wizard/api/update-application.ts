import type { ApplicationDraftRequest, applicationResponse } from '@mohar/contracts';
import { api } from '@/lib/api-client';
import { sendKeepalive } from '../lib/keepalive-request';

const applicationPath = (id: string) => `/applications/${encodeURIComponent(id)}`;

/** PATCH /applications/:id — any subset of the draft (details, notary choice). Autosave calls it. */
export const updateApplication = async (options: { id: string; changes: ApplicationDraftRequest }) =>
  (await api.patch<typeof applicationResponse>(applicationPath(options.id), options.changes)).application;

/** The same change sent as the page goes away. */
export const updateApplicationOnExit = (options: { id: string; changes: ApplicationDraftRequest }) =>
  sendKeepalive({ method: 'PATCH', path: applicationPath(options.id), body: options.changes });
