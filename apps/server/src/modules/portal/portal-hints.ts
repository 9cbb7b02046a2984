import { APPLICATION_UPDATED_EVENT } from '@mohar/contracts';
import type { Database } from '../../db/client.ts';
import {
  type ApplicationsService,
  findApplication,
  listSignatories,
} from '../applications/applications.service.ts';

/**
 * Signatories have no notification feed: their open portal pages hear `application-updated` when the application
 * moves (a notary accepted, the request lapsed, the session ended) and reload what they show. A transition is noted
 * inside its transaction and told only by `flush`, which runs after the change committed (after each response, after
 * each sweep); a hint for a change that rolled back only makes a page reload the same state. A step of the act (an
 * identity decision, a signature) is noted too, and told to the owner's open views as well: every row follows the act.
 */
export function createPortalHints(deps: {
  db: Database;
  applicationsService: ApplicationsService;
  emit: (room: string, event: string, payload: unknown) => void;
  toUser: (userId: string, event: string, payload: unknown) => void;
}) {
  const pending = new Set<string>();
  const acts = new Set<string>();
  deps.applicationsService.onTransition(async (_tx, change) => {
    pending.add(change.applicationId);
  });
  return {
    /** An identity decision or a signature in this application's session (told at the next flush). */
    noteAct(applicationId: string) {
      pending.add(applicationId);
      acts.add(applicationId);
    },
    async flush() {
      if (pending.size === 0) return;
      const ids = [...pending];
      const ownersToo = [...acts];
      pending.clear();
      acts.clear();
      for (const applicationId of ownersToo) {
        const application = await findApplication(deps.db, applicationId);
        if (application) deps.toUser(application.ownerId, APPLICATION_UPDATED_EVENT, { applicationId });
      }
      for (const applicationId of ids) {
        const signatories = await listSignatories(deps.db, applicationId);
        for (const signatory of signatories)
          deps.emit(`signatory:${signatory.id}`, APPLICATION_UPDATED_EVENT, { applicationId });
      }
    },
  };
}

export type PortalHints = ReturnType<typeof createPortalHints>;
