import type { ApplicationStatus, NotarialAct, StatusReason } from '@mohar/contracts';
import type { DbOrTx } from '../../db/client.ts';
import { FAILABLE, missingForSubmission, STATUS_LABELS } from './application-rules.ts';
import { applicationErrors } from './applications.errors.ts';
import type { Viewer } from './applications.repository.ts';
import * as repo from './applications.repository.ts';
import type { Actor, ApplicationsCore, DocumentListener, TransitionListener } from './applications-core.ts';
import { computeFee } from './fees.ts';

/** Ended before any seal: their documents are not the record of a notarial act. */
const ENDED_UNSEALED: readonly ApplicationStatus[] = ['cancelled', 'failed', 'rejected'];

const CANCELLABLE_ON_CLOSURE: readonly ApplicationStatus[] = [
  'awaiting_payment',
  'awaiting_identity',
  'ready',
  'waiting_for_notary',
];

/**
 * Status moves: the owner's (submit, reopen, cancel), support's (mark failed), and the other modules' (payments,
 * identity, the session) through `transition` and the listeners they register.
 */
export function createLifecycle(core: ApplicationsCore) {
  const {
    db,
    notariesService,
    feeSettings,
    now,
    today,
    listeners,
    documentListeners,
    view,
    transition,
    ownerTransition,
    isOutsideOrganisation,
  } = core;
  return {
    /** Draft → awaiting_payment: everything complete, the notary still available, the fee fixed from now on. */
    async submit(options: { id: string; viewer: Viewer; actor: Actor }) {
      return ownerTransition({
        ...options,
        to: 'awaiting_payment',
        verb: 'submitted',
        before: async (tx, row) => {
          const signatories = await repo.listSignatories(tx, row.id);
          const notary = row.notaryId ? await notariesService.getApplicationNotary(row.notaryId, tx) : null;
          const missing = missingForSubmission({
            row,
            signatories,
            isNotaryAvailable: notary?.canTakeWork ?? false,
            isNotaryOutsideOrganisation:
              row.notaryChoice === 'named' && (await isOutsideOrganisation(tx, row)),
            today: today(),
          });
          if (missing.length === 1 && missing[0]?.message.startsWith('Acknowledge'))
            throw applicationErrors.acknowledgementRequired();
          if (missing.length > 0) throw applicationErrors.incomplete(missing);
          const settings = await feeSettings.current(tx);
          const fee = computeFee({
            settings,
            act: row.notarialAct as NotarialAct,
            signatoryCount: signatories.length,
            isFinal: true,
          });
          return {
            fee: { lines: fee.lines, totalPaise: fee.totalPaise, gstRatePercent: settings.gstRatePercent },
            submittedAt: now(),
          };
        },
      });
    },

    /** Awaiting payment → draft, to change something before paying; the fixed fee is dropped with it. */
    async reopen(options: { id: string; viewer: Viewer; actor: Actor }) {
      return ownerTransition({
        ...options,
        to: 'draft',
        verb: 'edited any more',
        serverReason: { code: 'reopened' },
        before: async () => ({ fee: null, submittedAt: null }),
      });
    },

    async cancel(options: { id: string; viewer: Viewer; actor: Actor; reason?: string }) {
      return ownerTransition({
        ...options,
        to: 'cancelled',
        verb: 'cancelled now',
        reason: options.reason || null,
      });
    },

    /**
     * Closing an owner's account (issue 26, the privacy module): drafts are deleted with their document (nothing was
     * paid, nothing is held); applications not yet in a session are cancelled by the platform, which under the refund
     * policy (§2, "a cancellation by Mohar") makes a paid fee refundable; the rest stay as they are (in a session,
     * notarised, or already ended: the register, the ledger and the recording hold them).
     */
    async closeForOwner(options: { ownerId: string; reason: StatusReason }) {
      const documentKeys: string[] = [];
      const cancelled: string[] = [];
      let deletedDrafts = 0;
      let erasedDocuments = 0;
      let erasedSignatories = 0;
      const kept = { notarised: 0, other: 0 };
      await db.transaction(async (tx) => {
        for (const row of await repo.findAllOwnedForUpdate(tx, options.ownerId)) {
          const status = row.status as ApplicationStatus;
          if (status === 'draft') {
            if (row.document?.key) documentKeys.push(row.document.key);
            await repo.deleteApplication(tx, row.id);
            deletedDrafts += 1;
          } else if (CANCELLABLE_ON_CLOSURE.includes(status)) {
            await transition(tx, {
              row,
              to: 'cancelled',
              actor: { userId: null, role: 'system', ip: null },
              serverReason: options.reason,
            });
            cancelled.push(row.id);
          } else if (status === 'notarised') kept.notarised += 1;
          else kept.other += 1;
          // Nothing was notarised on an ended application, so its document is under no legal hold (the payment,
          // invoice and ledger are, and they do not need it): it goes with the account.
          const endedUnsealed = CANCELLABLE_ON_CLOSURE.includes(status) || ENDED_UNSEALED.includes(status);
          if (row.document?.key && endedUnsealed) {
            documentKeys.push(row.document.key);
            await repo.clearDocument(tx, row.id);
            erasedDocuments += 1;
          }
          // The people the owner named on it, likewise: nothing of theirs is under a legal hold there.
          if (endedUnsealed) erasedSignatories += await repo.pseudonymiseSignatories(tx, row.id);
        }
      });
      for (const key of documentKeys) await core.blobStore.delete(key).catch(() => undefined);
      return { cancelled, deletedDrafts, erasedDocuments, erasedSignatories, kept };
    },

    /** Called by other modules at composition time; each listener runs inside every transition's transaction. */
    onTransition(listener: TransitionListener) {
      listeners.push(listener);
    },

    /** Called by other modules at composition time; each listener runs when a new document replaces the old one. */
    onDocumentReplaced(listener: DocumentListener) {
      documentListeners.push(listener);
    },

    /** Support's tool (admins): a technical failure after payment; the client may then ask for a refund. */
    async markFailed(options: { id: string; viewer: Viewer; actor: Actor; reason: string }) {
      if (options.viewer.role !== 'admin') throw applicationErrors.notFound();
      await db.transaction(async (tx) => {
        const row = await repo.findByIdForUpdate(tx, options.id);
        if (!row) throw applicationErrors.notFound();
        if (!FAILABLE.includes(row.status as ApplicationStatus))
          throw applicationErrors.illegalTransition({
            from: row.status,
            to: 'failed',
            message: `This application is ${STATUS_LABELS[row.status as ApplicationStatus]}; only a paid application that is not finished can be marked failed.`,
          });
        await transition(tx, { row, to: 'failed', actor: options.actor, reason: options.reason });
      });
      return view(options.id, options.viewer);
    },

    /**
     * For the services that drive the journey (payments, identity, the session): moves any application by id with
     * its audit event, in the caller's transaction when given one.
     */
    async transition(options: {
      id: string;
      to: ApplicationStatus;
      actor: Actor;
      /** A person's own words (a notary's, an admin's), shown as written. */
      reason?: string;
      /** A reason the server writes: stored as its code and values, its English sentence as the reason. */
      serverReason?: StatusReason;
      changes?: repo.ApplicationChanges;
      tx?: DbOrTx;
    }) {
      const run = async (tx: DbOrTx) => {
        const row = await repo.findByIdForUpdate(tx, options.id);
        if (!row) throw applicationErrors.notFound();
        await transition(tx, {
          row,
          to: options.to,
          actor: options.actor,
          reason: options.reason,
          serverReason: options.serverReason,
          changes: options.changes,
        });
      };
      if (options.tx) await run(options.tx);
      else await db.transaction(run);
    },
  };
}
