import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt } from '../columns.ts';
import { users } from './accounts.ts';

/**
 * A notary's application and practice on Mohar, one row per notary account. Files (certificate of practice, photo,
 * signature, seal) live encrypted in the blob store; the signing key's P12 too, with its passphrase encrypted here.
 */
export const notaryProfiles = pgTable(
  'notary_profiles',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('draft'),
    statusReason: text('status_reason'),
    fullName: text('full_name'),
    registrationNumber: text('registration_number'),
    appointingGovernment: text('appointing_government'),
    areaOfPractice: text('area_of_practice'),
    commissionExpiresOn: text('commission_expires_on'),
    officeAddress: text('office_address'),
    languages: jsonb('languages').$type<string[]>().notNull().default([]),
    documents: jsonb('documents')
      .$type<
        Partial<
          Record<
            'certificate' | 'photo' | 'signature' | 'seal',
            { key: string; contentType: string; size: number; uploadedAt: string }
          >
        >
      >()
      .notNull()
      .default({}),
    sealLayout: jsonb('seal_layout'),
    signingCertificate: jsonb('signing_certificate').$type<{
      p12Key: string;
      passphraseEncrypted: string;
      subjectCommonName: string;
      notAfter: string;
      fingerprintSha256: string;
      isPlatformIssued: boolean;
      certificatePem: string;
    } | null>(),
    isOnline: boolean('is_online').notNull().default(false),
    workingFrom: text('working_from').notNull().default('10:00'),
    workingTo: text('working_to').notNull().default('20:00'),
    expiryRemindersSent: jsonb('expiry_reminders_sent').$type<number[]>().notNull().default([]),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One registration number, one notary on the platform (case-insensitive).
    uniqueIndex('notary_profiles_registration_key').on(sql`upper(${t.registrationNumber})`),
    index('notary_profiles_status_idx').on(t.status),
  ],
);

/** Every status change of a notary, with who made it and why (audit). */
export const notaryStatusEvents = pgTable(
  'notary_status_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    notaryId: uuid('notary_id')
      .notNull()
      .references(() => notaryProfiles.userId, { onDelete: 'cascade' }),
    fromStatus: text('from_status').notNull(),
    toStatus: text('to_status').notNull(),
    reason: text('reason'),
    actorId: uuid('actor_id'),
    createdAt: createdAt(),
  },
  (t) => [index('notary_status_events_notary_idx').on(t.notaryId, t.createdAt)],
);

/**
 * Every change of a notary's availability (issue 22): the state it left (online or not, working hours) and its
 * cause — the notary, or Mohar taking them offline. Written with the change, in its transaction; append-only
 * (migration trigger), like notary_status_events' audit.
 */
export const notaryAvailabilityEvents = pgTable(
  'notary_availability_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    notaryId: uuid('notary_id')
      .notNull()
      .references(() => notaryProfiles.userId),
    isOnline: boolean('is_online').notNull(),
    workingFrom: text('working_from').notNull(),
    workingTo: text('working_to').notNull(),
    cause: text('cause').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('notary_availability_events_notary_idx').on(t.notaryId, t.createdAt)],
);

/** Per-notary counter for register serial numbers: bumped in the same transaction as the entry, so no gaps. */
export const notaryRegisterCounters = pgTable('notary_register_counters', {
  notaryId: uuid('notary_id')
    .primaryKey()
    .references(() => notaryProfiles.userId),
  lastSerial: integer('last_serial').notNull().default(0),
});

/**
 * The notarial register (Notaries Rules 1956, Form XV), one row per act, plus our evidence columns. Append-only:
 * a database trigger (migration 0003) refuses UPDATE and DELETE, whatever code path tries.
 */
export const notaryRegisterEntries = pgTable(
  'notary_register_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    notaryId: uuid('notary_id')
      .notNull()
      .references(() => notaryProfiles.userId),
    serial: integer('serial').notNull(),
    actDate: text('act_date').notNull(),
    notarialAct: text('notarial_act').notNull(),
    executantName: text('executant_name').notNull(),
    executantAddress: text('executant_address').notNull(),
    documentDescription: text('document_description').notNull(),
    feeStamp: text('fee_stamp'),
    prescribedFeePaise: integer('prescribed_fee_paise').notNull(),
    feeChargedPaise: integer('fee_charged_paise').notNull(),
    receiptSerial: text('receipt_serial').notNull(),
    executantSignatureRef: text('executant_signature_ref'),
    notarySignatureRef: text('notary_signature_ref'),
    applicationId: uuid('application_id'),
    recordingSha256: text('recording_sha256'),
    identityEvidence: jsonb('identity_evidence'),
    documentSha256Before: text('document_sha256_before'),
    documentSha256After: text('document_sha256_after'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('notary_register_serial_key').on(t.notaryId, t.serial),
    index('notary_register_date_idx').on(t.notaryId, t.actDate),
  ],
);
