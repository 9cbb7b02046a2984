import type { applicationResponse, SignatoryInput } from '@mohar/contracts';
import { api } from '@/lib/api-client';
import { sendKeepalive } from '../lib/keepalive-request';

const signatoriesPath = (id: string) => `/applications/${encodeURIComponent(id)}/signatories`;

/** PUT /applications/:id/signatories — the whole list, in order (a full replacement). */
export const saveSignatories = async (options: { id: string; signatories: SignatoryInput[] }) =>
  (
    await api.put<typeof applicationResponse>(signatoriesPath(options.id), {
      signatories: options.signatories,
    })
  ).application;

/** The same list sent as the page goes away. */
export const saveSignatoriesOnExit = (options: { id: string; signatories: SignatoryInput[] }) =>
  sendKeepalive({
    method: 'PUT',
    path: signatoriesPath(options.id),
    body: { signatories: options.signatories },
  });
