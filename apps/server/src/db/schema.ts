import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  real,
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
      /** The GST rate of the quote (the invoice shows it); absent on quotes from before fee settings: 18. */
      gstRatePercent?: number;
    } | null>(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    /** Each signatory also initials every page of the document (issue 10; set with the signature places). */
    initialsOnEveryPage: boolean('initials_on_every_page').notNull().default(false),
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
    /** Signing order in the session when the notary changed it (else `position`). */
    signOrder: integer('sign_order'),
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

// ── Payments, the ledger, receipts, refunds (issue 6; decision 0007) ──────────────────────────────────────────────

/** Fee settings, one row per change (append-only); the newest row is in force. Applications keep their quoted fee. */
export const feeSettings = pgTable('fee_settings', {
  id: uuid('id').primaryKey().defaultRandom(),
  platformPaise: integer('platform_paise').notNull(),
  notarialPaiseByAct: jsonb('notarial_paise_by_act').$type<Record<string, number>>().notNull(),
  extraSignatoryPaise: integer('extra_signatory_paise').notNull(),
  includedSignatories: integer('included_signatories').notNull(),
  gstRatePercent: integer('gst_rate_percent').notNull(),
  changedBy: uuid('changed_by').references(() => users.id),
  createdAt: createdAt(),
});

/**
 * A payment attempt for an application: wholly from the wallet, or through a gateway order (with any wallet part
 * set aside until the gateway answers). `provider_order_id` is the gateway's order id; our id is its receipt.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    provider: text('provider').notNull(),
    providerOrderId: text('provider_order_id'),
    providerPaymentId: text('provider_payment_id'),
    status: text('status').notNull().default('created'),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    walletPaise: bigint('wallet_paise', { mode: 'number' }).notNull(),
    gatewayPaise: bigint('gateway_paise', { mode: 'number' }).notNull(),
    failureReason: text('failure_reason'),
    createdAt: createdAt(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payments_provider_order_key').on(t.provider, t.providerOrderId),
    index('payments_application_idx').on(t.applicationId, t.createdAt),
    // At most one successful payment per application: a second capture is credited to the wallet instead.
    uniqueIndex('payments_one_paid_per_application').on(t.applicationId).where(sql`status = 'paid'`),
    check('payments_split', sql`wallet_paise + gateway_paise = amount_paise`),
  ],
);

/** One balanced movement of money (its entries sum to zero; enforced by a deferred trigger, migration 0007). */
export const ledgerPostings = pgTable(
  'ledger_postings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    description: text('description').notNull(),
    applicationId: uuid('application_id').references(() => applications.id),
    paymentId: uuid('payment_id').references(() => payments.id),
    refundId: uuid('refund_id'),
    /** What caused it, unique: the same cause can never post twice (e.g. `capture:<payment id>`). */
    causeKey: text('cause_key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('ledger_postings_cause_key').on(t.causeKey)],
);

/**
 * Signed amounts in paise; an account's balance is the sum of its entries. Wallets belong to a user (`user_id`);
 * the platform's accounts (gateway_clearing, wallet_holds, platform_revenue, gst_payable, notarial_fees_payable,
 * refunds) have none.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    postingId: uuid('posting_id')
      .notNull()
      .references(() => ledgerPostings.id),
    account: text('account').notNull(),
    userId: uuid('user_id').references(() => users.id),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('ledger_entries_posting_idx').on(t.postingId),
    index('ledger_entries_wallet_idx').on(t.userId, t.id),
    index('ledger_entries_account_idx').on(t.account),
    check('ledger_entries_wallet_owner', sql`(account = 'wallet') = (user_id IS NOT NULL)`),
    check('ledger_entries_nonzero', sql`amount_paise <> 0`),
  ],
);

/** Cached wallet balance, changed only in the posting's transaction; never negative (the no-overdraw guard). */
export const walletBalances = pgTable(
  'wallet_balances',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id),
    balancePaise: bigint('balance_paise', { mode: 'number' }).notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  () => [check('wallet_balances_not_negative', sql`balance_paise >= 0`)],
);

/** Gap-free receipt numbers: one counter per financial year, advanced in the paying transaction. */
export const receiptCounters = pgTable('receipt_counters', {
  financialYear: text('financial_year').primaryKey(),
  lastNumber: integer('last_number').notNull(),
});

export const receipts = pgTable(
  'receipts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    serial: text('serial').notNull(),
    financialYear: text('financial_year').notNull(),
    number: integer('number').notNull(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    buyerName: text('buyer_name').notNull(),
    buyerEmail: text('buyer_email').notNull(),
    lines: jsonb('lines').$type<Array<{ code: string; label: string; amountPaise: number }>>().notNull(),
    totalPaise: bigint('total_paise', { mode: 'number' }).notNull(),
    gstRatePercent: integer('gst_rate_percent').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('receipts_serial_key').on(t.serial),
    uniqueIndex('receipts_year_number_key').on(t.financialYear, t.number),
    uniqueIndex('receipts_payment_key').on(t.paymentId),
  ],
);

/** Each gateway event once: the gateway's event id, stored in the transaction that applies it. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    event: text('event').notNull(),
    orderId: text('order_id'),
    outcome: text('outcome').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payment_events_provider_event_key').on(t.provider, t.eventId)],
);

/** `Idempotency-Key` on payment-creating requests: the first answer is stored and replayed for the same key. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code').notNull(),
    response: jsonb('response').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('idempotency_keys_user_key').on(t.userId, t.key)],
);

export const refundRequests = pgTable(
  'refund_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    status: text('status').notNull().default('requested'),
    reason: text('reason'),
    decisionReason: text('decision_reason'),
    decidedBy: uuid('decided_by').references(() => users.id),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    // One live request per application (a rejected one may be followed by another within the window).
    uniqueIndex('refund_requests_one_open').on(t.applicationId).where(sql`status <> 'rejected'`),
    index('refund_requests_status_due_idx').on(t.status, t.dueAt),
    check('refund_requests_positive', sql`amount_paise > 0`),
  ],
);

// ── The signatory portal (issue 7) ─────────────────────────────────────────────────────────────────────────────────

/**
 * A signatory's personal link. Only the SHA-256 of the 256-bit token is kept; a new link revokes the previous one,
 * and every link ends with the application (the portal checks its status) or after INVITATION_TTL_DAYS.
 */
export const signatoryInvitations = pgTable(
  'signatory_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    signatoryId: uuid('signatory_id')
      .notNull()
      .references(() => applicationSignatories.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    lastOpenedAt: timestamp('last_opened_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('signatory_invitations_token_hash_key').on(t.tokenHash),
    index('signatory_invitations_signatory_idx').on(t.signatoryId, t.createdAt),
  ],
);

/** E-mailed 6-digit codes that confirm a signatory's address: stored hashed, 10 minutes, 5 attempts. */
export const portalEmailCodes = pgTable(
  'portal_email_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    signatoryId: uuid('signatory_id')
      .notNull()
      .references(() => applicationSignatories.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [index('portal_email_codes_signatory_idx').on(t.signatoryId, t.createdAt)],
);

/** Each consent decision as given: the text version, when, from where, with which browser. Append-only. */
export const signatoryConsents = pgTable(
  'signatory_consents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    signatoryId: uuid('signatory_id')
      .notNull()
      .references(() => applicationSignatories.id, { onDelete: 'cascade' }),
    decision: text('decision').notNull(),
    textVersion: text('text_version').notNull(),
    reason: text('reason'),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [index('signatory_consents_signatory_idx').on(t.signatoryId, t.createdAt)],
);

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

/**
 * A user's notification feed (issue 8). Written in the same transaction as the change it tells of; the row is also
 * the outbox: `dispatchedAt` is set once it was pushed to the user's sockets (at least once, so the client dedupes by
 * id). `seq` orders the feed strictly, for catching up after a dropped connection.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigserial('seq', { mode: 'number' }).notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    applicationId: uuid('application_id').references(() => applications.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    message: text('message').notNull(),
    /** Important events also go by e-mail when the user had no live connection at the time. */
    isImportant: boolean('is_important').notNull().default(false),
    createdAt: createdAt(),
    readAt: timestamp('read_at', { withTimezone: true }),
    dispatchedAt: timestamp('dispatched_at', { withTimezone: true }),
    dispatchLockedUntil: timestamp('dispatch_locked_until', { withTimezone: true }),
  },
  (t) => [
    index('notifications_user_seq_idx').on(t.userId, t.seq),
    index('notifications_unread_idx').on(t.userId).where(sql`${t.readAt} is null`),
    index('notifications_undispatched_idx').on(t.seq).where(sql`${t.dispatchedAt} is null`),
  ],
);

/**
 * Start Notarization (issue 9): a request for a notary. `notaryId` set: for that notary only; null: offered to every
 * verified notary online, and the first to accept gets it. One open request per application at a time.
 */
export const notaryRequests = pgTable(
  'notary_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    notaryId: uuid('notary_id').references(() => notaryProfiles.userId),
    /** open → accepted | declined (a named notary said no) | expired (nobody in time) | cancelled. */
    status: text('status').notNull().default('open'),
    requestedByUserId: uuid('requested_by_user_id').references(() => users.id),
    requestedBySignatoryId: uuid('requested_by_signatory_id').references(() => applicationSignatories.id),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedBy: uuid('accepted_by').references(() => notaryProfiles.userId),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    declineReason: text('decline_reason'),
  },
  (t) => [
    uniqueIndex('notary_requests_one_open_key').on(t.applicationId).where(sql`${t.status} = 'open'`),
    index('notary_requests_open_idx').on(t.status, t.expiresAt),
  ],
);

/** A notary who passed on a "first available" request: it is no longer offered to them. */
export const notaryRequestDeclines = pgTable(
  'notary_request_declines',
  {
    requestId: uuid('request_id')
      .notNull()
      .references(() => notaryRequests.id, { onDelete: 'cascade' }),
    notaryId: uuid('notary_id')
      .notNull()
      .references(() => notaryProfiles.userId),
    reason: text('reason').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('notary_request_declines_key').on(t.requestId, t.notaryId)],
);

/**
 * The session's recording (issue 9): the notary's browser uploads 5-second chunks by index (idempotently); at the
 * end they are assembled into one WebM in the blob store, with its duration fixed and its SHA-256 kept.
 */
export const sessionRecordings = pgTable(
  'session_recordings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    notaryId: uuid('notary_id')
      .notNull()
      .references(() => notaryProfiles.userId),
    /** recording → finished. */
    status: text('status').notNull().default('recording'),
    blobKey: text('blob_key'),
    sha256: text('sha256'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    durationMs: integer('duration_ms'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** Set when finished (RECORDING_RETENTION_YEARS); the file is deleted then, the row and hash are kept. */
    retainUntil: timestamp('retain_until', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('session_recordings_application_key').on(t.applicationId)],
);

/**
 * Start Notarization outside service hours: "tell us when it opens". One row per application and opening; the sweep
 * claims due rows (sent_at) and tells the owner and e-mails the signatories.
 */
export const openingReminders = pgTable(
  'opening_reminders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    notifyAt: timestamp('notify_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('opening_reminders_key').on(t.applicationId, t.notifyAt),
    index('opening_reminders_due_idx').on(t.notifyAt).where(sql`${t.sentAt} is null`),
  ],
);

export const recordingChunks = pgTable(
  'recording_chunks',
  {
    recordingId: uuid('recording_id')
      .notNull()
      .references(() => sessionRecordings.id, { onDelete: 'cascade' }),
    index: integer('chunk_index').notNull(),
    blobKey: text('blob_key').notNull(),
    sha256: text('sha256').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('recording_chunks_key').on(t.recordingId, t.index)],
);

/**
 * What happened in a live session (issue 9), append-only: joins and leaves, the notary's identity decisions with
 * their notes, recording started/stopped/failed, the end. The application timeline and the certificate read it.
 */
export const sessionEvents = pgTable(
  'session_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    /** `user:{id}` or `signatory:{id}`: who did it. */
    actor: text('actor').notNull(),
    /** For identity decisions: the signatory decided about. */
    signatoryId: uuid('signatory_id').references(() => applicationSignatories.id, { onDelete: 'cascade' }),
    note: text('note'),
    ipAddress: text('ip_address'),
    createdAt: createdAt(),
  },
  (t) => [index('session_events_application_idx').on(t.applicationId, t.createdAt)],
);

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
