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

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** Resources articles. Content is stored as written and sanitised on the way out (see blog.service). */
export const blogs = pgTable(
  'blogs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull(),
    blogName: text('blog_name').notNull(),
    title: text('title').notNull(),
    category: text('category').notNull(),
    content: text('content').notNull(),
    imageKey: text('image_key'),
    imageContentType: text('image_content_type'),
    imageSha256: text('image_sha256'),
    metaTitle: text('meta_title').notNull(),
    metaDescription: text('meta_description'),
    isPublished: boolean('is_published').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('blogs_slug_key').on(t.slug),
    index('blogs_published_created_idx').on(t.isPublished, t.createdAt),
  ],
);

export const newsletterSubscribers = pgTable(
  'newsletter_subscribers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    createdAt: createdAt(),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
  },
  // Addresses are stored lower-cased; the unique index makes "subscribe once" hold under concurrent requests.
  (t) => [uniqueIndex('newsletter_subscribers_email_key').on(sql`lower(${t.email})`)],
);

export const supportTickets = pgTable(
  'support_tickets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reference: text('reference').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    topic: text('topic').notNull(),
    message: text('message').notNull(),
    status: text('status').notNull().default('open'),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('support_tickets_reference_key').on(t.reference),
    index('support_tickets_created_idx').on(t.createdAt),
  ],
);

/** Accounts. E-mail is stored lower-cased; the password only as an argon2id hash; the TOTP secret encrypted. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    mobile: text('mobile').notNull(),
    role: text('role').notNull(),
    passwordHash: text('password_hash').notNull(),
    dateOfBirth: text('date_of_birth'),
    termsVersion: text('terms_version'),
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    mfaSecretEncrypted: text('mfa_secret_encrypted'),
    mfaPendingSecretEncrypted: text('mfa_pending_secret_encrypted'),
    mfaEnabledAt: timestamp('mfa_enabled_at', { withTimezone: true }),
    /** The last TOTP time step accepted: a code is never accepted twice (ASVS 2.8.4). */
    mfaLastStep: integer('mfa_last_step'),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_key').on(sql`lower(${t.email})`), index('users_role_idx').on(t.role)],
);

/**
 * Server-side sessions. Only the SHA-256 of the cookie's token is stored, so a database leak gives no live
 * session. `stage` is 'mfa' between a correct password and the second factor; only 'active' sessions sign in.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    stage: text('stage').notNull().default('active'),
    mfaFailures: integer('mfa_failures').notNull().default(0),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    idleExpiresAt: timestamp('idle_expires_at', { withTimezone: true }).notNull(),
    absoluteExpiresAt: timestamp('absolute_expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('sessions_token_hash_key').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

/** Single-use tokens sent by e-mail (verification, password reset): stored hashed, with an expiry. */
export const accountTokens = pgTable(
  'account_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('account_tokens_token_hash_key').on(t.tokenHash),
    index('account_tokens_user_purpose_idx').on(t.userId, t.purpose),
  ],
);

/** MFA recovery codes, hashed; each works once. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId)],
);

/**
 * Outgoing mail (transactional outbox): written in the same transaction as the change that causes it, sent after
 * commit by the mail dispatcher, retried with backoff. Without SMTP_URL the rows are the development mailbox.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to_address').notNull(),
    subject: text('subject').notNull(),
    text: text('text_body').notNull(),
    html: text('html_body').notNull(),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('mail_outbox_due_idx').on(t.status, t.nextAttemptAt),
    index('mail_outbox_created_idx').on(t.createdAt),
  ],
);

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

/**
 * A request to notarise one document (issue 5). Status changes only through the applications service, which writes
 * an application_events row in the same transaction. The document lives encrypted in the blob store.
 */
export const applications = pgTable(
  'applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id),
    status: text('status').notNull().default('draft'),
    /** 'named' with notaryId, or 'first_available' (any verified notary online takes it); null until chosen. */
    notaryChoice: text('notary_choice'),
    notaryId: uuid('notary_id').references(() => notaryProfiles.userId),
    /** The notary the request has reached (set by the session issue); with the owner and admins, the only readers. */
    assignedNotaryId: uuid('assigned_notary_id').references(() => notaryProfiles.userId),
    documentType: text('document_type'),
    notarialAct: text('notarial_act'),
    title: text('title'),
    description: text('description'),
    language: text('language'),
    purpose: text('purpose'),
    firstScheduleAcknowledgedAt: timestamp('first_schedule_acknowledged_at', { withTimezone: true }),
    document: jsonb('document').$type<{
      key: string;
      fileName: string;
      pages: number;
      sizeBytes: number;
      sha256: string;
      uploadedAt: string;
    } | null>(),
    /** Fixed at submission: the amount to pay, line by line (integer paise). Null while a draft. */
    fee: jsonb('fee').$type<{
      lines: Array<{ code: string; label: string; amountPaise: number }>;
      totalPaise: number;
    } | null>(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('applications_owner_created_idx').on(t.ownerId, t.createdAt),
    index('applications_assigned_notary_idx').on(t.assignedNotaryId, t.createdAt),
    index('applications_status_idx').on(t.status),
  ],
);

/** The people who sign; position keeps the owner's order (signing order later). */
export const applicationSignatories = pgTable(
  'application_signatories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    fullName: text('full_name').notNull(),
    email: text('email').notNull(),
    mobile: text('mobile').notNull(),
    dateOfBirth: text('date_of_birth').notNull(),
    role: text('role').notNull(),
    progress: text('progress').notNull().default('pending'),
    createdAt: createdAt(),
  },
  (t) => [
    // Each signatory gets their own link: one e-mail once per application, whatever its case.
    uniqueIndex('application_signatories_email_key').on(t.applicationId, sql`lower(${t.email})`),
    uniqueIndex('application_signatories_position_key').on(t.applicationId, t.position),
  ],
);

/** Audit trail of every status change: who, when, from where, from and to, why. Append-only (migration trigger). */
export const applicationEvents = pgTable(
  'application_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    actorId: uuid('actor_id').references(() => users.id),
    actorRole: text('actor_role'),
    ipAddress: text('ip_address'),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    reason: text('reason'),
    createdAt: createdAt(),
  },
  (t) => [index('application_events_application_idx').on(t.applicationId, t.createdAt)],
);
