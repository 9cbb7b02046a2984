import type { SignatoryInput } from '@mohar/contracts';
import type { DbOrTx } from '../../db/client.ts';
import { checkDocument } from '../../platform/document-check.ts';
import { cleanFileName } from './application-rules.ts';
import { applicationErrors } from './applications.errors.ts';
import * as repo from './applications.repository.ts';
import { type Actor, type ApplicationsCore, appendStatusEvent } from './applications-core.ts';

/**
 * Many drafts at once for an organisation (the bulk module, decision 0074): one PDF, checked like a normal upload,
 * and for each draft a title and its signatories, already validated by the caller. All in one transaction, with the
 * caller's own rows (`inTransaction`), so either every draft exists or none does.
 */
export function createBulkDrafts(core: ApplicationsCore) {
  const { db, blobStore, config, now, documentListeners } = core;
  return {
    async createDrafts(options: {
      ownerId: string;
      organisationId: string;
      actor: Actor;
      document: { bytes: Buffer; fileName?: string };
      drafts: ReadonlyArray<{ title: string; signatories: readonly SignatoryInput[] }>;
      inTransaction: (tx: DbOrTx, applicationIds: string[]) => Promise<void>;
    }) {
      const { maxMegabytes, maxPages } = config.documentLimits;
      const { bytes } = options.document;
      const checked = await checkDocument({ bytes, maxBytes: maxMegabytes * 1024 * 1024, maxPages });
      if (!checked.ok) throw applicationErrors.documentInvalid(checked.message);
      // One stored copy per draft: each draft owns its file (replacing or deleting one must not touch another's).
      const keys: string[] = [];
      try {
        for (const _ of options.drafts)
          keys.push((await blobStore.put({ body: bytes, prefix: 'application-documents' })).key);
        const uploadedAt = now().toISOString();
        return await db.transaction(async (tx) => {
          const ids: string[] = [];
          for (const [index, draft] of options.drafts.entries()) {
            const row = await repo.insertApplication(tx, options.ownerId, options.organisationId);
            await appendStatusEvent(tx, {
              applicationId: row.id,
              actor: options.actor,
              from: null,
              to: 'draft',
            });
            await repo.replaceSignatories(tx, {
              applicationId: row.id,
              signatories: draft.signatories.map((s) => ({
                fullName: s.fullName,
                email: s.email.toLowerCase(),
                mobile: s.mobile,
                dateOfBirth: s.dateOfBirth,
                role: s.role,
              })),
            });
            for (const listener of documentListeners) await listener(tx, row.id);
            await repo.updateApplication(tx, row.id, {
              title: draft.title,
              document: {
                key: keys[index] as string,
                fileName: cleanFileName(options.document.fileName),
                pages: checked.pages,
                sizeBytes: bytes.length,
                sha256: checked.sha256,
                uploadedAt,
              },
            });
            ids.push(row.id);
          }
          await options.inTransaction(tx, ids);
          return ids;
        });
      } catch (error) {
        for (const key of keys) await blobStore.delete(key).catch(() => undefined);
        throw error;
      }
    },
  };
}
