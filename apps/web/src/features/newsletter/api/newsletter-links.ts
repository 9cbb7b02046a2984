import type { messageResponse } from '@mohar/contracts';
import { api } from '@/lib/api-client';

export type NewsletterLinkKind = 'confirm' | 'unsubscribe';

/** POST /newsletter/confirm or /newsletter/unsubscribe — the e-mailed link's token, sent in the body. */
export const followNewsletterLink = (options: { kind: NewsletterLinkKind; token: string }) =>
  api.post<typeof messageResponse>(`/newsletter/${options.kind}`, { token: options.token });
