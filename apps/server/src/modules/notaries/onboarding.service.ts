import type { NotaryDetailsRequest, NotaryDocumentKind } from '@mohar/contracts';
import { checkUpload } from './file-check.ts';
import { notaryErrors } from './notaries.errors.ts';
import * as repo from './notaries.repository.ts';
import type { NotariesCore } from './notaries-core.ts';
import { ALLOWED_FILES, EDITABLE, FILE_LABELS, sealDetailsOf } from './notary-rules.ts';
import { parseSealLayout, renderSealPng, renderSealSvg, type SealLayout } from './seal.ts';

/** A notary's own application: the details, the documents, the drawn seal (editable until submitted). */
export function createOnboarding(core: NotariesCore) {
  const { db, blobStore, now, toProfile, getRow } = core;
  return {
    async getOwnProfile(userId: string) {
      await repo.ensureNotaryRow(db, userId);
      return toProfile(await getRow(userId));
    },

    async saveDetails(options: {
      userId: string;
      details: NotaryDetailsRequest & { registrationNumber?: string };
    }) {
      await repo.ensureNotaryRow(db, options.userId);
      const row = await getRow(options.userId);
      if (!EDITABLE.includes(row.status)) throw notaryErrors.locked(row.status);
      try {
        await repo.updateNotary(db, options.userId, {
          ...options.details,
          // A new commission date starts its reminders afresh.
          ...(options.details.commissionExpiresOn &&
          options.details.commissionExpiresOn !== row.commissionExpiresOn
            ? { expiryRemindersSent: [] }
            : {}),
        });
      } catch (error) {
        if (
          String(
            (error as { cause?: { code?: string }; code?: string }).cause?.code ??
              (error as { code?: string }).code,
          ) === '23505'
        ) {
          throw notaryErrors.registrationTaken();
        }
        throw error;
      }
      return toProfile(await getRow(options.userId));
    },

    /** Stores only what the file check returns: a PDF as sent, an image re-encoded without its metadata. */
    async uploadDocument(options: {
      userId: string;
      kind: NotaryDocumentKind;
      bytes: Buffer;
      /** The name the browser sent: it must not claim another kind than the content. */
      fileName?: string;
    }) {
      await repo.ensureNotaryRow(db, options.userId);
      const row = await getRow(options.userId);
      if (!EDITABLE.includes(row.status)) throw notaryErrors.locked(row.status);
      const checked = await checkUpload({
        bytes: options.bytes,
        fileName: options.fileName,
        allowed: ALLOWED_FILES[options.kind],
        label: FILE_LABELS[options.kind],
      });
      if ('refusal' in checked) throw notaryErrors.fileRefused(checked);
      const { key, size } = await blobStore.put({ body: checked.bytes, prefix: `notary-${options.kind}` });
      const previous = row.documents[options.kind];
      await repo.updateNotary(db, options.userId, {
        documents: {
          ...row.documents,
          [options.kind]: { key, contentType: checked.contentType, size, uploadedAt: now().toISOString() },
        },
      });
      // The old file goes only after the row points at the new one: a crash in between leaves an orphan, never a gap.
      if (previous) await blobStore.delete(previous.key);
      return toProfile(await getRow(options.userId));
    },

    /** The stored file, for its owner or an admin (routes check which). */
    async readDocument(options: { notaryId: string; kind: NotaryDocumentKind }) {
      const row = await repo.findNotary(db, options.notaryId);
      const doc = row?.documents[options.kind];
      if (!doc) throw notaryErrors.notFound();
      return { contentType: doc.contentType, body: await blobStore.get(doc.key) };
    },

    /** The seal as it would be drawn from the saved details, for the live preview. */
    async previewSeal(options: { userId: string; layout: Partial<SealLayout> }) {
      await repo.ensureNotaryRow(db, options.userId);
      const details = sealDetailsOf(await getRow(options.userId));
      if (!details)
        throw notaryErrors.incomplete([
          'details (name, area, registration number, government, commission expiry)',
        ]);
      return { svg: renderSealSvg(details, parseSealLayout(options.layout)) };
    },

    /** Draws the seal from the saved details at 300 dpi and keeps it as the notary's seal image. */
    async generateSeal(options: { userId: string; layout: Partial<SealLayout> }) {
      await repo.ensureNotaryRow(db, options.userId);
      const row = await getRow(options.userId);
      if (!EDITABLE.includes(row.status)) throw notaryErrors.locked(row.status);
      const details = sealDetailsOf(row);
      if (!details)
        throw notaryErrors.incomplete([
          'details (name, area, registration number, government, commission expiry)',
        ]);
      const layout = parseSealLayout(options.layout);
      const { png } = await renderSealPng(details, { layout });
      const { key, size } = await blobStore.put({ body: png, prefix: 'notary-seal' });
      await repo.updateNotary(db, options.userId, {
        sealLayout: layout,
        documents: {
          ...row.documents,
          seal: { key, contentType: 'image/png', size, uploadedAt: now().toISOString() },
        },
      });
      if (row.documents.seal) await blobStore.delete(row.documents.seal.key);
      return toProfile(await getRow(options.userId));
    },
  };
}
