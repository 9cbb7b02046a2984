import { APPLICATION_UPDATED_EVENT } from '@mohar/contracts';
import type { Database } from '../../db/client.ts';
import { type ApplicationsService, listSignatories } from '../applications/applications.service.ts';

/**
 * Signatories have no notification feed: their open portal pages hear `application-updated` when the application
 * moves (a notary accepted, the request lapsed, the session ended) and reload what they show. A transition is noted
 * inside its transaction and told only by `flush`, which runs after the change committed (after each response, after
 * each sweep); a hint for a change that rolled back only makes a page reload the same state.
 */
export function createPortalHints(deps: {
  db: Database;
  applicationsService: ApplicationsService;
  emit: (room: string, event: string, payload: unknown) => void;
}) {
  const pending = new Set<string>();
  deps.applicationsService.onTransition(async (_tx, change) => {
    pending.add(change.applicationId);
  });
  return {
    async flush() {
      if (pending.size === 0) return;
      const ids = [...pending];
      pending.clear();
      for (const applicationId of ids) {
        const signatories = await listSignatories(deps.db, applicationId);
        for (const signatory of signatories)
          deps.emit(`signatory:${signatory.id}`, APPLICATION_UPDATED_EVENT, { applicationId });
      }
    },
  };
}

export type PortalHints = ReturnType<typeof createPortalHints>;
