import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../columns.ts';
import { users } from './accounts.ts';
import { applicationSignatories, applications } from './applications.ts';

/**
 * A signatory's identity image (Aadhaar front and back, selfie), encrypted in the blob store. A new upload of the same
 * kind supersedes the old (its blob deleted at once); retention deletes blobs 90 days after capture and keeps the row,
 * its hash and the check's result as the record that it existed. Only the last 4 Aadhaar digits are ever stored.
 */
export const identityDocuments = pgTable(
  'identity_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    signatoryId: uuid('signatory_id')
      .notNull()
      .references(() => applicationSignatories.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    blobKey: text('blob_key'),
    contentType: text('content_type').notNull(),
    sha256: text('sha256').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    /** The Secure QR check, for the back of the card. */
    qrOutcome: text('qr_outcome'),
    aadhaarLast4: text('aadhaar_last4'),
    qrMismatches: jsonb('qr_mismatches').$type<Array<'name' | 'date_of_birth'>>(),
    createdAt: createdAt(),
    supersededAt: timestamp('superseded_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('identity_documents_signatory_idx').on(t.signatoryId, t.kind, t.createdAt),
    index('identity_documents_retention_idx').on(t.createdAt).where(sql`${t.deletedAt} is null`),
  ],
);

/** Every read of an identity image: who (signatory, notary or admin), why (admins must say), when, from where. */
export const identityAccessLog = pgTable(
  'identity_access_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    documentId: uuid('document_id')
      .notNull()
      .references(() => identityDocuments.id, { onDelete: 'cascade' }),
    readerRole: text('reader_role').notNull(),
    readerUserId: uuid('reader_user_id').references(() => users.id),
    reason: text('reason'),
    ipAddress: text('ip_address'),
    createdAt: createdAt(),
  },
  (t) => [index('identity_access_log_document_idx').on(t.documentId, t.createdAt)],
);
