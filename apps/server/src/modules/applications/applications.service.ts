import type { ApplicationStatus, SignatoryProgress } from '@mohar/contracts';
import type { DbOrTx } from '../../db/client.ts';
import * as adminList from './admin-list.repository.ts';
import type {
  ApplicationChanges,
  ApplicationRow,
  ReadableApplication,
  SignatoryRow,
  Viewer,
  ViewerOrganisations,
} from './applications.repository.ts';
import * as repo from './applications.repository.ts';
import { type ApplicationsDeps, createApplicationsCore } from './applications-core.ts';
import { createBulkDrafts } from './bulk-drafts.service.ts';
import { createDrafts } from './drafts.service.ts';
import { createLifecycle } from './lifecycle.service.ts';
import { createReads } from './reads.service.ts';

export { isLegalTransition, missingForSubmission, STATUS_LABELS, TRANSITIONS } from './application-rules.ts';
export type { ActFactsReader, Actor, DocumentListener, TransitionListener } from './applications-core.ts';
export type {
  ApplicationChanges,
  ApplicationRow,
  ReadableApplication,
  SignatoryRow,
  Viewer,
  ViewerOrganisations,
};

/*
 * The applications and their signatories belong to this module. Other modules (payments, identity, the session,
 * signing, sealing, the portal) read and change them through the functions below, in their own transaction.
 */

/**
 * Locks the application's row for the rest of the caller's transaction and runs `fn` with it (undefined when there is
 * no such application). The lock order everywhere is application, then payment, then wallet: whatever `fn` locks
 * comes after the application, so two transactions never wait on each other in opposite orders.
 */
export async function withLockedApplication<T>(
  tx: DbOrTx,
  id: string,
  fn: (row: ApplicationRow | undefined) => Promise<T>,
): Promise<T> {
  return fn(await repo.findByIdForUpdate(tx, id));
}

/** Any application by id, unlocked and unscoped: the caller has decided who may see it. */
export const findApplication = (db: DbOrTx, id: string) => repo.findById(db, id);

/** The application with its owner's and named notary's names (the signatories' portal). */
export const findApplicationWithNames = (db: DbOrTx, id: string) => repo.findWithNames(db, id);

export const findApplicationIdsInStatus = (db: DbOrTx, status: ApplicationStatus) =>
  repo.findIdsInStatus(db, status);

/** The title and the fee fixed at submission of each application named (ids not found are left out). */
export const findApplicationFees = (db: DbOrTx, ids: readonly string[]) => repo.findFees(db, ids);

/** The signatories in the owner's order. */
export const listSignatories = (db: DbOrTx, applicationId: string) => repo.listSignatories(db, applicationId);

/** Signatories of applications in a status whose portal progress is one of those given. */
export const listSignatoriesInProgress = (
  db: DbOrTx,
  options: { status: ApplicationStatus; progress: readonly SignatoryProgress[] },
) => repo.listSignatoriesInProgress(db, options);

/** One signatory, when they belong to that application. */
export const findSignatory = (db: DbOrTx, options: { applicationId: string; signatoryId: string }) =>
  repo.findSignatory(db, options);

/** The portal's steps: where a signatory stands. */
export const setSignatoryProgress = (tx: DbOrTx, options: { signatoryId: string; progress: string }) =>
  repo.setProgress(tx, options);

/** The signatory's postal address, as they gave it in the portal (the register prints it). */
export const setSignatoryAddress = (db: DbOrTx, options: { signatoryId: string; address: string }) =>
  repo.setAddress(db, options);

/** Moves a signatory on only from the step expected; false when a replayed or raced request got there first. */
export const advanceSignatoryProgress = (
  tx: DbOrTx,
  options: { signatoryId: string; from: string; to: string },
) => repo.advanceProgress(tx, options);

/** The notary's signing order (the owner's order stays as it was). */
export const setSignOrder = (tx: DbOrTx, options: { signatoryId: string; signOrder: number }) =>
  repo.setSignOrder(tx, options);

export const setInitialsOnEveryPage = (tx: DbOrTx, options: { applicationId: string; value: boolean }) =>
  repo.setInitialsOnEveryPage(tx, { id: options.applicationId, value: options.value });

/** The latest move into `status`: when it happened, by whom (role, IP) and why. */
export const findLatestEventInto = (
  db: DbOrTx,
  options: { applicationId: string; status: ApplicationStatus },
) => repo.findLatestEventInto(db, options);

/** Every status move, oldest first (the certificate of notarisation's timeline). */
export async function listStatusEvents(db: DbOrTx, applicationId: string) {
  return (await repo.listEvents(db, applicationId)).map((row) => row.event);
}

/** How many applications are in this status, platform-wide (the caller decided who may know). */
export const countApplicationsInStatus = (db: DbOrTx, status: ApplicationStatus) =>
  repo.countInStatus(db, status);

/** For demo seeding: how many applications this user owns. */
export const countApplicationsOwnedBy = (db: DbOrTx, ownerId: string) => repo.countOwnedBy(db, ownerId);

export type { AdminListFilter } from './admin-list.repository.ts';

/** The console's list of every application (issue 22): the filter resolved by the caller, a page and the total. */
export const findApplicationsForAdmin = (
  db: DbOrTx,
  options: { filter: adminList.AdminListFilter; limit: number; offset: number },
) => adminList.listForAdmin(db, options);

/** Whether the application is stuck (contracts' STUCK_* thresholds) at `now`, and since when it is in its status. */
export const findApplicationStuckState = (db: DbOrTx, options: { id: string; now: Date }) =>
  adminList.findStuckState(db, options);

/** Title, status, act, assigned notary, signatory count and status time of each application named. */
export const findApplicationSummaries = (db: DbOrTx, ids: readonly string[]) =>
  adminList.findSummaries(db, ids);

export type ApplicationsService = ReturnType<typeof createApplicationsService>;

/** Applications: one object for the routes and other modules, its use cases each in a file of their own. */
export function createApplicationsService(deps: ApplicationsDeps) {
  const core = createApplicationsCore(deps);
  return {
    ...createDrafts(core),
    ...createBulkDrafts(core),
    ...createReads(core),
    ...createLifecycle(core),
    /** Each signatory's act facts (identity decision, signing time), for the portal as for the full view. */
    actFacts: core.actFacts,
    provideActFacts: core.provideActFacts,
  };
}
