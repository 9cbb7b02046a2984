import { index, integer, pgTable, real, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../columns.ts';
import { applicationSignatories, applications } from './applications.ts';

/**
 * The document as it changes in the session (issue 10): version 0 is the upload, each signature adds one, the seal
 * the last. Blobs are encrypted at rest like every document; the hash of each version is the audit trail.
 */
export const documentVersions = pgTable(
  'document_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    blobKey: text('blob_key').notNull(),
    sha256: text('sha256').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    /** 'signed' (a signatory's signature applied) or 'sealed'. */
    reason: text('reason').notNull(),
    signatoryId: uuid('signatory_id').references(() => applicationSignatories.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('document_versions_key').on(t.applicationId, t.seq)],
);

/** A signatory's signature in the session: once per application, with the evidence of how, when and where. */
export const signatures = pgTable(
  'signatures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    signatoryId: uuid('signatory_id')
      .notNull()
      .references(() => applicationSignatories.id, { onDelete: 'cascade' }),
    /** drawn, typed or uploaded. */
    method: text('method').notNull(),
    imageBlobKey: text('image_blob_key').notNull(),
    imageSha256: text('image_sha256').notNull(),
    declaration: text('declaration').notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    documentSha256Before: text('document_sha256_before').notNull(),
    documentSha256After: text('document_sha256_after').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('signatures_signatory_key').on(t.applicationId, t.signatoryId)],
);

/** Where a signatory signs (PDF points, origin bottom-left, page 0-based); none means the default signature block. */
export const signaturePlacements = pgTable(
  'signature_placements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    signatoryId: uuid('signatory_id')
      .notNull()
      .references(() => applicationSignatories.id, { onDelete: 'cascade' }),
    page: integer('page').notNull(),
    x: real('x').notNull(),
    y: real('y').notNull(),
    width: real('width').notNull(),
    height: real('height').notNull(),
    /** Who put it there: 'owner' (wizard), 'notary' (adjusted in the session) or 'default' (the block, fixed at the first signature). */
    origin: text('origin').notNull().default('owner'),
    createdAt: createdAt(),
  },
  (t) => [index('signature_placements_application_idx').on(t.applicationId, t.signatoryId)],
);
