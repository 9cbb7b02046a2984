import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { applications } from './applications.ts';
import { notaryProfiles } from './notaries.ts';

/**
 * Attest and seal (issue 10): one row per application, claimed by the job that seals it. `running` → `done`, or
 * `failed` with the error (the notary retries). The verification code is what the certificate page's QR links to;
 * `signatureSha256` (of the PDF's signature contents) recognises a sealed file that was changed afterwards.
 */
export const seals = pgTable(
  'seals',
  {
    applicationId: uuid('application_id')
      .primaryKey()
      .references(() => applications.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('running'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    verificationCode: text('verification_code').notNull(),
    sealedBlobKey: text('sealed_blob_key'),
    sealedSha256: text('sealed_sha256'),
    signatureSha256: text('signature_sha256'),
    sizeBytes: integer('size_bytes'),
    notaryId: uuid('notary_id')
      .notNull()
      .references(() => notaryProfiles.userId),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('seals_verification_code_key').on(t.verificationCode),
    index('seals_sealed_sha256_idx').on(t.sealedSha256),
    index('seals_signature_sha256_idx').on(t.signatureSha256),
  ],
);
