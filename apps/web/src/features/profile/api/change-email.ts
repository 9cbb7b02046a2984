import { changeEmailRequest, type messageResponse } from '@mohar/contracts';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod/mini';
import { api } from '@/lib/api-client';

export { changeEmailRequest };
export type ChangeEmailInput = z.output<typeof changeEmailRequest>;

/** Asks for the change: a link goes to the new address; nothing changes until it is followed. */
export const requestEmailChange = (input: ChangeEmailInput) =>
  api.post<typeof messageResponse>('/profile/email', input);
export const useRequestEmailChange = () => useMutation({ mutationFn: requestEmailChange });

export type EmailLinkKind = 'confirm' | 'undo';
/** The e-mailed links: confirm the new address, or (from the old one) undo the change. */
export const followEmailLink = (options: { kind: EmailLinkKind; token: string }) =>
  api.post<typeof messageResponse>(`/email/${options.kind}/${encodeURIComponent(options.token)}`, {});
