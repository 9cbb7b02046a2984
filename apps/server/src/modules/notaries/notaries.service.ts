import { NOTARY_DOCUMENT_KINDS } from '@mohar/contracts';
import type { DbOrTx } from '../../db/client.ts';
import { createDirectory } from './directory.service.ts';
import type { NotaryRow } from './notaries.repository.ts';
import * as repo from './notaries.repository.ts';
import { createNotariesCore, type NotariesDeps } from './notaries-core.ts';
import { createOnboarding } from './onboarding.service.ts';
import { createSigningCredentials } from './signing-credentials.service.ts';
import { createVerification } from './verification.service.ts';

export { canTakeWork, missingSteps, type NotaryAction } from './notary-rules.ts';
export type { NotaryRow };

/*
 * Notary profiles belong to this module: other modules (the session, notifications, verification) read them
 * through these.
 */

/** The notary's profile as stored (status, online switch, name, registration number), or undefined. */
export const findNotaryProfile = (db: DbOrTx, userId: string) => repo.findProfile(db, userId);

/** Notaries who can take a request now: verified and online. */
export const findAvailableNotaryIds = (db: DbOrTx) => repo.findAvailableIds(db);

/** Every verified notary with their working hours (who a session can be booked with). */
export const findBookableNotaries = (db: DbOrTx) => repo.findVerifiedWorkingHours(db);

/** How many notaries are in this status (pending: waiting for an admin's verification). */
export const countNotariesInStatus = (db: DbOrTx, status: string) => repo.countInStatus(db, status);

export type NotariesService = ReturnType<typeof createNotariesService>;

/** Notaries: one object for the routes and other modules, its use cases each in a file of their own. */
export function createNotariesService(deps: NotariesDeps) {
  const core = createNotariesCore(deps);
  return {
    toProfile: core.toProfile,
    ...createOnboarding(core),
    ...createSigningCredentials(core),
    ...createVerification(core),
    ...createDirectory(core),
    documentKinds: NOTARY_DOCUMENT_KINDS,
  };
}
