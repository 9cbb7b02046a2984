import type { Database } from '../../db/client.ts';
import { insertSubscriberOnce } from './newsletter.repository.ts';

export type NewsletterService = ReturnType<typeof createNewsletterService>;

export function createNewsletterService(deps: { db: Database }) {
  return {
    /** Idempotent: subscribing twice stores the address once and answers the same way. */
    async subscribe(options: { email: string }): Promise<{ isNew: boolean }> {
      return { isNew: await insertSubscriberOnce(deps.db, options.email.toLowerCase()) };
    },
  };
}
