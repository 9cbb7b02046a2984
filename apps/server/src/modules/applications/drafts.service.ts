import {
  type ApplicationDraftRequest,
  type ApplicationStatus,
  duplicateEmailIndexes,
  MAX_SIGNATORIES,
  type SignatoryInput,
} from '@mohar/contracts';
import { checkDocument } from '../../platform/document-check.ts';
import { ageIssues, cleanFileName, STATUS_LABELS } from './application-rules.ts';
import { applicationErrors } from './applications.errors.ts';
import type { Viewer } from './applications.repository.ts';
import * as repo from './applications.repository.ts';
import { type Actor, type ApplicationsCore, appendStatusEvent } from './applications-core.ts';

/** A client's draft: created, filled in step by step (details, signatories, the PDF), or deleted. */
export function createDrafts(core: ApplicationsCore) {
  const {
    db,
    blobStore,
    config,
    notariesService,
    now,
    today,
    documentListeners,
    view,
    changeDraft,
    getOwnedDraft,
    isOutsideOrganisation,
  } = core;
  return {
    async create(options: { viewer: Viewer; actor: Actor }) {
      const id = await db.transaction(async (tx) => {
        const row = await repo.insertApplication(
          tx,
          options.viewer.userId,
          options.viewer.organisations?.actingFor ?? null,
        );
        await appendStatusEvent(tx, { applicationId: row.id, actor: options.actor, from: null, to: 'draft' });
        return row.id;
      });
      return view(id, options.viewer);
    },

    async saveDraft(options: { id: string; viewer: Viewer; changes: ApplicationDraftRequest }) {
      const { changes } = options;
      let notaryId: string | null | undefined;
      if (changes.notaryChoice === 'first_available') notaryId = null;
      else if (changes.notaryChoice === 'named' || changes.notaryId) {
        if (!changes.notaryId) throw applicationErrors.notaryUnavailable();
        if (!(await notariesService.findAssignable(changes.notaryId)))
          throw applicationErrors.notaryUnavailable();
        notaryId = changes.notaryId;
      }
      return changeDraft(options, async (tx, row) => {
        if (notaryId && (await isOutsideOrganisation(tx, { organisationId: row.organisationId, notaryId })))
          throw applicationErrors.notaryNotInHouse();
        const update: repo.ApplicationChanges = {};
        if (notaryId !== undefined) {
          update.notaryId = notaryId;
          update.notaryChoice = notaryId ? 'named' : 'first_available';
        }
        for (const key of [
          'documentType',
          'notarialAct',
          'title',
          'description',
          'language',
          'purpose',
        ] as const) {
          if (changes[key] !== undefined) update[key] = changes[key];
        }
        // An acknowledgement is for one document type: changing the type asks again.
        if (changes.documentType !== undefined && changes.documentType !== row.documentType)
          update.firstScheduleAcknowledgedAt = null;
        if (changes.firstScheduleAcknowledged !== undefined)
          update.firstScheduleAcknowledgedAt = changes.firstScheduleAcknowledged ? now() : null;
        await repo.updateApplication(tx, row.id, update);
      });
    },

    async saveSignatories(options: { id: string; viewer: Viewer; signatories: SignatoryInput[] }) {
      const { signatories } = options;
      // The contract already checks these; the service holds the rule for every caller.
      if (signatories.length === 0 || signatories.length > MAX_SIGNATORIES)
        throw applicationErrors.signatoriesInvalid([
          { path: 'signatories', message: `Add between 1 and ${MAX_SIGNATORIES} signatories.` },
        ]);
      const duplicates = duplicateEmailIndexes(signatories).map((index) => ({
        path: `signatories.${index}.email`,
        message: 'Each signatory needs their own e-mail address.',
      }));
      const issues = [...duplicates, ...ageIssues(signatories, today())];
      if (issues.length > 0) throw applicationErrors.signatoriesInvalid(issues);
      return changeDraft(options, async (tx, row) => {
        await repo.replaceSignatories(tx, {
          applicationId: row.id,
          signatories: signatories.map((s) => ({
            fullName: s.fullName,
            email: s.email.toLowerCase(),
            mobile: s.mobile,
            dateOfBirth: s.dateOfBirth,
            role: s.role,
          })),
        });
        await repo.updateApplication(tx, row.id, {});
      });
    },

    /**
     * Checks the PDF by content before anything is stored; stores it encrypted; swaps it in within a transaction
     * and removes the replaced file only after commit, so a failure at any point leaves the old document intact.
     */
    async uploadDocument(options: { id: string; viewer: Viewer; bytes: Buffer; fileName?: string }) {
      await getOwnedDraft(options.id, options.viewer);
      const { maxMegabytes, maxPages } = config.documentLimits;
      const checked = await checkDocument({
        bytes: options.bytes,
        maxBytes: maxMegabytes * 1024 * 1024,
        maxPages,
      });
      if (!checked.ok) throw applicationErrors.documentInvalid(checked.message);
      const stored = await blobStore.put({ body: options.bytes, prefix: 'application-documents' });
      let replacedKey: string | null = null;
      try {
        const result = await changeDraft(options, async (tx, row) => {
          replacedKey = row.document?.key ?? null;
          for (const listener of documentListeners) await listener(tx, row.id);
          await repo.updateApplication(tx, row.id, {
            document: {
              key: stored.key,
              fileName: cleanFileName(options.fileName),
              pages: checked.pages,
              sizeBytes: options.bytes.length,
              sha256: checked.sha256,
              uploadedAt: now().toISOString(),
            },
          });
        });
        if (replacedKey) await blobStore.delete(replacedKey).catch(() => undefined);
        return result;
      } catch (error) {
        await blobStore.delete(stored.key).catch(() => undefined);
        throw error;
      }
    },

    /** Only a draft, only by its owner; the database refuses deleting anything else (migration 0005). */
    async remove(options: { id: string; viewer: Viewer }) {
      let documentKey: string | null = null;
      await db.transaction(async (tx) => {
        const row = await repo.findOwnedForUpdate(tx, { id: options.id, ownerId: options.viewer.userId });
        if (!row) throw applicationErrors.notFound();
        if (row.status !== 'draft')
          throw applicationErrors.illegalTransition({
            from: row.status,
            to: 'deleted',
            message: `This application is ${STATUS_LABELS[row.status as ApplicationStatus]}; only a draft can be deleted. You can cancel it instead.`,
          });
        documentKey = row.document?.key ?? null;
        await repo.deleteApplication(tx, row.id);
      });
      if (documentKey) await blobStore.delete(documentKey).catch(() => undefined);
    },
  };
}
