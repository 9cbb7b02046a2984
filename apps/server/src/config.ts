import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { NotarialAct } from '@mohar/contracts';
import { z } from 'zod';
import { nationalHolidays, parseHolidays } from './modules/payments/business-days.ts';
import type { S3Settings } from './platform/s3-blob-store.ts';

const iceServerList = z.array(
  z
    .object({
      urls: z.union([z.string().min(1), z.array(z.string().min(1)).min(1)]),
      username: z.string().optional(),
      credential: z.string().optional(),
    })
    .strict(),
);

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'expected true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const paise = z.coerce.number({ message: 'expected a whole number of paise' }).int().nonnegative();

/** An AES-256 key as operators write it. */
const base64Key = z
  .string()
  .refine(
    (v) => Buffer.from(v, 'base64').length === 32,
    'expected 32 bytes in base64 (openssl rand -base64 32)',
  )
  .optional();

/** Every environment variable the server reads. Parsed once at start; a bad value stops the process. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number({ message: 'expected a port number' }).int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .url({ protocol: /^postgres(ql)?$/, message: 'expected a postgres:// or postgresql:// URL' })
    .optional(),
  /**
   * Where background work runs: `pg-boss` (a queue in the PostgreSQL database, each job once across processes) or
   * `in-process` (timers in this process). pg-boss by default with DATABASE_URL; the embedded PGlite is in process.
   */
  JOB_QUEUE: z.enum(['pg-boss', 'in-process']).optional(),
  PUBLIC_URL: z.url({ protocol: /^https?$/, message: 'expected an http(s) URL' }).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  SUPPORT_PHONE: z.string().min(3).default('+91 11 4567 8900'),
  SUPPORT_EMAIL: z.email({ message: 'expected an e-mail address' }).default('support@mohar.example'),
  SEED_DEMO: booleanFromEnv.optional(),
  TRUST_PROXY: booleanFromEnv.default(false),
  FEE_PLATFORM_PAISE: paise.default(29_900),
  FEE_NOTARIAL_PAISE: paise.default(20_000),
  FEE_EXTRA_SIGNATORY_PAISE: paise.default(9_900),
  FEE_INCLUDED_SIGNATORIES: z.coerce.number().int().min(1).max(6).default(2),
  // The notarial fee may differ by act; each falls back to FEE_NOTARIAL_PAISE.
  FEE_NOTARIAL_ATTEST_EXECUTION_PAISE: paise.optional(),
  FEE_NOTARIAL_AFFIDAVIT_OATH_PAISE: paise.optional(),
  FEE_NOTARIAL_TRUE_COPY_PAISE: paise.optional(),
  FEE_NOTARIAL_TRANSLATION_PAISE: paise.optional(),
  MAX_DOCUMENT_MB: z.coerce.number().int().min(1).max(100).default(25),
  MAX_DOCUMENT_PAGES: z.coerce.number().int().min(1).max(1000).default(100),
  /** JSON array of RTCIceServer ({ urls, username?, credential? }): STUN/TURN for the call. */
  ICE_SERVERS: z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (!value) return [];
      try {
        const parsed = iceServerList.parse(JSON.parse(value));
        return parsed;
      } catch {
        ctx.addIssue({
          code: 'custom',
          message: 'expected a JSON array of { urls, username?, credential? }',
        });
        return z.NEVER;
      }
    }),
  /** coturn's static-auth-secret: time-limited TURN credentials (TURN REST API) for TURN_URLS. */
  TURN_SECRET: z.string().min(16, 'expected at least 16 characters').optional(),
  TURN_URLS: z.string().optional(),
  SESSION_ABANDON_MINUTES: z.coerce.number().int().min(1).max(240).default(10),
  NOTARY_ACCEPT_MINUTES: z.coerce.number().int().min(1).max(120).default(10),
  /**
   * Hours after a signatory's first link at which a signatory who has not finished the portal is reminded (inside
   * service hours), ascending, comma-separated; `none` for none (an empty value means the default, as for every
   * setting).
   */
  PORTAL_REMINDER_HOURS: z
    .string()
    .default('24,72')
    .transform((value) =>
      value.trim() === 'none' ? [] : value.split(',').map((hours) => Number(hours.trim())),
    )
    .refine(
      (hours) =>
        hours.length <= 5 &&
        hours.every(
          (h, i) => Number.isInteger(h) && h >= 1 && h <= 720 && (i === 0 || h > (hours[i - 1] ?? 0)),
        ),
      'expected up to 5 ascending whole hours between 1 and 720 (e.g. 24,72), or none',
    ),
  /** An RFC 3161 timestamp authority: sealed PDFs get a signature timestamp (PAdES B-T) when set. */
  TSA_URL: z.url({ protocol: /^https?$/, message: 'expected an http(s) URL' }).optional(),
  /** How long session recordings are kept (evidence of the act); then the file is deleted, its hash kept. */
  RECORDING_RETENTION_YEARS: z.coerce.number().int().min(1).max(100).default(10),
  /** The server recorder: no media from someone for this long is a gap; a track's parts in the blob store. */
  RECORDER_GAP_MS: z.coerce.number().int().min(200).max(60_000).default(4000),
  RECORDER_PART_BYTES: z.coerce
    .number()
    .int()
    .min(256)
    .default(4 * 1024 * 1024),
  /**
   * The composed view (ffmpeg) after each act (decision 0084): on by default, off by default with NODE_ENV=test (ffmpeg
   * costs CPU; a test that wants it runs the job or sets this to `true`).
   */
  RECORDER_COMPOSE: z.enum(['true', 'false']).optional(),
  /**
   * Test seam: treat every moment as inside service hours, so browser journeys can run at any clock time. Refused in
   * production (see below).
   */
  SERVICE_HOURS_ALWAYS_OPEN: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  /**
   * Test seam: with NODE_ENV=test the scheduled jobs (sweeps, reminders, retention) are left out, so tests run them
   * when they choose; `true` schedules them as outside tests (the journey on two processes checks each runs once).
   */
  TEST_SCHEDULE: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  /**
   * Test seam: with NODE_ENV=test, the /test-fixtures routes the browser tests set up their data with (they sign anyone
   * in without a password). Refused in production (see below).
   */
  E2E_FIXTURES: booleanFromEnv.default(false),
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[\w:-]{1,50}$/)
    .default('mohar'),
  REDIS_URL: z.url({ protocol: /^rediss?$/, message: 'expected a redis:// or rediss:// URL' }).optional(),
  SMTP_URL: z.url({ protocol: /^smtps?$/, message: 'expected an smtp:// or smtps:// URL' }).optional(),
  MAIL_FROM: z.string().min(3).default('Mohar <no-reply@mohar.example>'),
  ENCRYPTION_KEY: base64Key,
  /** The key being rotated away from: still read, never written (npm run keys:rotate re-encrypts with the current). */
  ENCRYPTION_KEY_PREVIOUS: base64Key,
  ADMIN_EMAIL: z.email({ message: 'expected an e-mail address' }).optional(),
  ADMIN_PASSWORD: z.string().min(8, 'expected at least 8 characters').max(128).optional(),
  MFA_REQUIRED_ROLES: z
    .string()
    .regex(
      /^\s*((client|notary|admin)\s*(,\s*(client|notary|admin)\s*)*)?$/,
      'expected a comma-separated list of client, notary, admin',
    )
    .optional(),
  PLATFORM_CA_P12: z.string().min(1).optional(),
  PLATFORM_CA_PASSPHRASE: z.string().optional(),
  UIDAI_QR_KEYS_FILE: z.string().min(1).optional(),
  PAYMENTS_PROVIDER: z.enum(['sandbox', 'razorpay']).default('sandbox'),
  RAZORPAY_KEY_ID: z.string().min(1).optional(),
  RAZORPAY_KEY_SECRET: z.string().min(1).optional(),
  RAZORPAY_WEBHOOK_SECRET: z.string().min(1).optional(),
  RAZORPAY_API_URL: z.url({ protocol: /^https?$/ }).default('https://api.razorpay.com'),
  SANDBOX_WEBHOOK_DELAY_MS: z.coerce.number().int().min(0).max(600_000).default(1500),
  // Organisations' webhooks (decision 0071): the first retry's wait (doubling after), attempts in all, and each
  // attempt's timeout. Tests shorten the backoff instead of sleeping.
  WEBHOOK_BACKOFF_BASE_MS: z.coerce.number().int().min(1).max(3_600_000).default(30_000),
  WEBHOOK_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(6),
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  SELLER_NAME: z.string().min(2).default('Mohar Technologies Private Limited'),
  SELLER_ADDRESS: z.string().min(5).default('12 Janpath, Connaught Place, New Delhi 110001'),
  SELLER_GSTIN: z
    .string()
    .regex(/^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/, 'expected a 15-character GSTIN')
    .optional(),
  SELLER_STATE: z.string().min(2).default('Delhi'),
  SELLER_STATE_CODE: z
    .string()
    .regex(/^\d{2}$/, 'expected a two-digit GST state code')
    .default('07'),
  HOLIDAYS: z
    .string()
    .refine((v) => {
      try {
        parseHolidays(v);
        return true;
      } catch {
        return false;
      }
    }, 'expected real dates as YYYY-MM-DD, comma-separated')
    .optional(),
  SESSION_IDLE_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 30)
    .default(24),
  SESSION_ABSOLUTE_DAYS: z.coerce.number().positive().max(365).default(30),
  /** Where files live: the folder DATA_DIR/blobs, or an S3-compatible bucket (the S3_* settings). */
  BLOB_STORE: z.enum(['local', 's3'], { message: 'expected local or s3' }).default('local'),
  S3_ENDPOINT: z.url({ protocol: /^https?$/, message: 'expected an http(s) URL' }).optional(),
  S3_REGION: z.string().min(1).optional(),
  S3_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      'expected an S3 bucket name (3–63 lower-case letters, digits, . and -)',
    )
    .optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: booleanFromEnv.default(false),
  /** Bearer token that GET /metrics requires; unset, the metrics are open (a scraper on a private network). */
  METRICS_TOKEN: z.string().min(16, 'expected at least 16 characters').optional(),
  /** How long a process that received SIGTERM waits for requests in flight before closing them. */
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().int().min(1).max(600).default(25),
  ADMIN_SESSION_IDLE_MINUTES: z.coerce
    .number()
    .positive()
    .max(24 * 60)
    .default(60),
});

export type AppConfig = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  jobQueue: 'pg-boss' | 'in-process';
  publicUrl: string;
  logLevel: string;
  supportPhone: string;
  supportEmail: string;
  seedDemo: boolean;
  trustProxy: boolean;
  /** Socket.IO fans realtime events out across processes through Redis when set; in-process otherwise. */
  redisUrl: string | undefined;
  /** STUN/TURN servers for the call; with `turn`, each participant gets time-limited credentials. */
  ice: {
    servers: Array<{ urls: string | string[]; username?: string; credential?: string }>;
    turn?: { secret: string; urls: string[] };
  };
  /** A live session nobody has been in for this long ends as failed (the refund window opens). */
  sessionAbandonMinutes: number;
  /** Hours after the first link at which an unfinished signatory is reminded (PORTAL_REMINDER_HOURS). */
  portalReminderHours: number[];
  /** How long a request for a notary waits for an acceptance before the participants are told. */
  notaryAcceptMinutes: number;
  recordingRetentionYears: number;
  recorder: { gapMs: number; partBytes: number; compose: boolean };
  /** RFC 3161 timestamps for sealed PDFs (B-T) when set. */
  tsaUrl: string | undefined;
  /** Test-only: the service-hours rule is switched off (never in production). */
  serviceHoursAlwaysOpen: boolean;
  /** Whether the periodic jobs are registered: always outside tests (TEST_SCHEDULE). */
  isScheduled: boolean;
  /** Test-only: the /test-fixtures routes are registered (with NODE_ENV=test only; never in production). */
  e2eFixtures: boolean;
  /** Keeps two deployments (or test runs) on one Redis apart. */
  redisKeyPrefix: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** 32 bytes, base64; outside production a key is generated into DATA_DIR when unset (see platform/crypto.ts). */
  encryptionKey: string | undefined;
  /** The previous key during a rotation (ENCRYPTION_KEY_PREVIOUS): data sealed with it still opens. */
  encryptionKeyPrevious: string | undefined;
  admin: { email: string; password: string } | undefined;
  /** Roles that must turn on MFA before using their area. */
  mfaRequiredRoles: ReadonlyArray<'client' | 'notary' | 'admin'>;
  /** A PKCS#12 file for the platform CA; without it one is created under DATA_DIR/secrets on first use. */
  platformCa: { p12Path: string; passphrase: string } | undefined;
  sessions: { idleMs: number; absoluteMs: number; adminIdleMs: number };
  fees: {
    platformPaise: number;
    notarialPaise: number;
    notarialPaiseByAct: Record<NotarialAct, number>;
    extraSignatoryPaise: number;
    includedSignatories: number;
  };
  /** A document to notarise: at most this many megabytes and pages. */
  documentLimits: { maxMegabytes: number; maxPages: number };
  payments: {
    provider: 'sandbox' | 'razorpay';
    razorpay: { keyId: string; keySecret: string; webhookSecret: string; apiUrl: string } | undefined;
    /** How long the sandbox "gateway" waits before sending its webhook (the client's return usually wins). */
    sandboxWebhookDelayMs: number;
  };
  /** Organisations' webhook deliveries (decision 0071). */
  webhooks: { backoffBaseMs: number; maxAttempts: number; timeoutMs: number };
  /** The public keys whose Secure QR signatures are trusted (UIDAI's, pinned in the product unless replaced). */
  uidaiQrKeysFile: string;
  /** The seller on GST invoices (SAC 998399). */
  seller: { name: string; address: string; gstin: string; state: string; stateCode: string };
  /** Where files live; `s3` carries the bucket's settings (platform/s3-blob-store.ts). */
  blobStore: { kind: 'local' } | { kind: 's3'; s3: S3Settings };
  /** GET /metrics requires `Authorization: Bearer` this token when set. */
  metricsToken: string | undefined;
  /** SIGTERM: how long requests in flight may run before they are cut (then the process exits 1). */
  shutdownGraceMs: number;
  /** Non-working days besides weekends (YYYY-MM-DD, IST), for refund due dates; India's national holidays by default. */
  holidays: string[];
};

export class ConfigError extends Error {
  readonly issues: string[];
  constructor(issues: string[]) {
    super(`Invalid configuration:\n${issues.map((i) => `  - ${i}`).join('\n')}`);
    this.name = 'ConfigError';
    this.issues = issues;
  }
}

function parseRoles(list: string): Array<'client' | 'notary' | 'admin'> {
  const roles = list
    .split(',')
    .map((r) => r.trim())
    .filter((r): r is 'client' | 'notary' | 'admin' => r === 'client' || r === 'notary' || r === 'admin');
  return [...new Set(roles)];
}

type Env = z.infer<typeof envSchema>;

const S3_REQUIRED = ['S3_REGION', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

function missingS3Settings(e: Env): string[] {
  if (e.BLOB_STORE !== 's3') return [];
  return S3_REQUIRED.filter((name) => !e[name]).map((name) => `${name}: required with BLOB_STORE=s3`);
}

function blobStoreOf(e: Env): AppConfig['blobStore'] {
  if (e.BLOB_STORE !== 's3') return { kind: 'local' };
  return {
    kind: 's3',
    s3: {
      endpoint: e.S3_ENDPOINT,
      region: e.S3_REGION ?? '',
      bucket: e.S3_BUCKET ?? '',
      accessKeyId: e.S3_ACCESS_KEY_ID ?? '',
      secretAccessKey: e.S3_SECRET_ACCESS_KEY ?? '',
      forcePathStyle: e.S3_FORCE_PATH_STYLE,
    },
  };
}

/** Reads the environment; throws one ConfigError naming every bad key, so a deploy fails fast and completely. */
export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  // Empty strings mean "not set": `FOO= npm start` should fall back to the default, not fail.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    throw new ConfigError(result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const e = result.data;
  const isProduction = e.NODE_ENV === 'production';
  const missing: string[] = [];
  // A generated key would live next to the data it protects; production must bring its own.
  if (isProduction && !e.ENCRYPTION_KEY) missing.push('ENCRYPTION_KEY: required in production');
  // Without SMTP, production mail (verification, password reset) would only reach the outbox table.
  if (isProduction && !e.SMTP_URL) missing.push('SMTP_URL: required in production');
  if (Boolean(e.ADMIN_EMAIL) !== Boolean(e.ADMIN_PASSWORD)) {
    missing.push(
      `${e.ADMIN_EMAIL ? 'ADMIN_PASSWORD' : 'ADMIN_EMAIL'}: set ADMIN_EMAIL and ADMIN_PASSWORD together`,
    );
  }
  // Each missing key by its own name: an operator reading the refusal knows which one to set.
  const razorpayKeys = {
    RAZORPAY_KEY_ID: e.RAZORPAY_KEY_ID,
    RAZORPAY_KEY_SECRET: e.RAZORPAY_KEY_SECRET,
    RAZORPAY_WEBHOOK_SECRET: e.RAZORPAY_WEBHOOK_SECRET,
  };
  if (e.PAYMENTS_PROVIDER === 'razorpay')
    for (const [name, value] of Object.entries(razorpayKeys))
      if (!value) missing.push(`${name}: required with PAYMENTS_PROVIDER=razorpay`);
  // The sandbox lets anyone "pay" with a button: never where real services are delivered.
  if (isProduction && e.PAYMENTS_PROVIDER !== 'razorpay')
    missing.push('PAYMENTS_PROVIDER: must be razorpay in production');
  if (isProduction && !e.SELLER_GSTIN) missing.push('SELLER_GSTIN: required in production (GST invoices)');
  if (isProduction && e.SERVICE_HOURS_ALWAYS_OPEN)
    missing.push('SERVICE_HOURS_ALWAYS_OPEN: a test setting, not allowed in production');
  if (isProduction && e.E2E_FIXTURES) missing.push('E2E_FIXTURES: a test setting, not allowed in production');
  missing.push(...missingS3Settings(e));
  if (missing.length > 0) throw new ConfigError(missing);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    jobQueue: e.JOB_QUEUE ?? (e.DATABASE_URL ? 'pg-boss' : 'in-process'),
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'silent' : 'info'),
    supportPhone: e.SUPPORT_PHONE,
    supportEmail: e.SUPPORT_EMAIL,
    seedDemo: e.SEED_DEMO ?? !isProduction,
    trustProxy: e.TRUST_PROXY,
    redisUrl: e.REDIS_URL,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    notaryAcceptMinutes: e.NOTARY_ACCEPT_MINUTES,
    sessionAbandonMinutes: e.SESSION_ABANDON_MINUTES,
    portalReminderHours: e.PORTAL_REMINDER_HOURS,
    recordingRetentionYears: e.RECORDING_RETENTION_YEARS,
    recorder: {
      gapMs: e.RECORDER_GAP_MS,
      partBytes: e.RECORDER_PART_BYTES,
      compose: e.RECORDER_COMPOSE ? e.RECORDER_COMPOSE === 'true' : e.NODE_ENV !== 'test',
    },
    tsaUrl: e.TSA_URL,
    serviceHoursAlwaysOpen: e.SERVICE_HOURS_ALWAYS_OPEN,
    isScheduled: e.NODE_ENV !== 'test' || e.TEST_SCHEDULE,
    e2eFixtures: e.E2E_FIXTURES,
    ice: {
      servers: e.ICE_SERVERS,
      turn:
        e.TURN_SECRET && e.TURN_URLS
          ? {
              secret: e.TURN_SECRET,
              urls: e.TURN_URLS.split(',')
                .map((url) => url.trim())
                .filter(Boolean),
            }
          : undefined,
    },
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    encryptionKey: e.ENCRYPTION_KEY,
    encryptionKeyPrevious: e.ENCRYPTION_KEY_PREVIOUS,
    admin:
      e.ADMIN_EMAIL && e.ADMIN_PASSWORD ? { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD } : undefined,
    platformCa: e.PLATFORM_CA_P12
      ? { p12Path: path.resolve(e.PLATFORM_CA_P12), passphrase: e.PLATFORM_CA_PASSPHRASE ?? '' }
      : undefined,
    mfaRequiredRoles: parseRoles(e.MFA_REQUIRED_ROLES ?? (isProduction ? 'notary,admin' : '')),
    sessions: {
      idleMs: e.SESSION_IDLE_HOURS * 3_600_000,
      absoluteMs: e.SESSION_ABSOLUTE_DAYS * 86_400_000,
      adminIdleMs: e.ADMIN_SESSION_IDLE_MINUTES * 60_000,
    },
    fees: {
      platformPaise: e.FEE_PLATFORM_PAISE,
      notarialPaise: e.FEE_NOTARIAL_PAISE,
      notarialPaiseByAct: {
        attest_execution: e.FEE_NOTARIAL_ATTEST_EXECUTION_PAISE ?? e.FEE_NOTARIAL_PAISE,
        affidavit_oath: e.FEE_NOTARIAL_AFFIDAVIT_OATH_PAISE ?? e.FEE_NOTARIAL_PAISE,
        true_copy: e.FEE_NOTARIAL_TRUE_COPY_PAISE ?? e.FEE_NOTARIAL_PAISE,
        translation: e.FEE_NOTARIAL_TRANSLATION_PAISE ?? e.FEE_NOTARIAL_PAISE,
      },
      extraSignatoryPaise: e.FEE_EXTRA_SIGNATORY_PAISE,
      includedSignatories: e.FEE_INCLUDED_SIGNATORIES,
    },
    documentLimits: { maxMegabytes: e.MAX_DOCUMENT_MB, maxPages: e.MAX_DOCUMENT_PAGES },
    payments: {
      provider: e.PAYMENTS_PROVIDER,
      razorpay:
        e.RAZORPAY_KEY_ID && e.RAZORPAY_KEY_SECRET && e.RAZORPAY_WEBHOOK_SECRET
          ? {
              keyId: e.RAZORPAY_KEY_ID,
              keySecret: e.RAZORPAY_KEY_SECRET,
              webhookSecret: e.RAZORPAY_WEBHOOK_SECRET,
              apiUrl: e.RAZORPAY_API_URL.replace(/\/+$/, ''),
            }
          : undefined,
      sandboxWebhookDelayMs: e.SANDBOX_WEBHOOK_DELAY_MS,
    },
    webhooks: {
      backoffBaseMs: e.WEBHOOK_BACKOFF_BASE_MS,
      maxAttempts: e.WEBHOOK_MAX_ATTEMPTS,
      timeoutMs: e.WEBHOOK_TIMEOUT_MS,
    },
    uidaiQrKeysFile:
      e.UIDAI_QR_KEYS_FILE ??
      fileURLToPath(new URL('./modules/identity/uidai-secure-qr-keys.json', import.meta.url)),
    seller: {
      name: e.SELLER_NAME,
      address: e.SELLER_ADDRESS,
      // A clearly fake GSTIN outside production (the invoice also says "sandbox" there).
      gstin: e.SELLER_GSTIN ?? '07AAAAA0000A1Z5',
      state: e.SELLER_STATE,
      stateCode: e.SELLER_STATE_CODE,
    },
    metricsToken: e.METRICS_TOKEN,
    shutdownGraceMs: e.SHUTDOWN_GRACE_SECONDS * 1000,
    blobStore: blobStoreOf(e),
    holidays: e.HOLIDAYS
      ? [...parseHolidays(e.HOLIDAYS)]
      : nationalHolidays(new Date().getUTCFullYear() - 1, new Date().getUTCFullYear() + 2),
  };
}
