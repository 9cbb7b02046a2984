import {
  type AdminRole,
  indianMobileField,
  PRIVACY_NOTICE_VERSION,
  RECOVERY_CODE_COUNT,
  TERMS_VERSION,
  type UserRole,
} from '@mohar/contracts';
import type { DbOrTx } from '../../db/client.ts';
import { sessionCookie } from '../../modules/auth/auth.guard.ts';
import * as authRepo from '../../modules/auth/auth.repository.ts';
import { createRecoveryCodes, createTotpSecret, hashRecoveryCode } from '../../modules/auth/mfa.ts';
import { recordConsent } from '../../modules/privacy/privacy.service.ts';
import { createEncryptor } from '../../platform/crypto.ts';
import { hashPassword } from '../../platform/passwords.ts';
import { BUILDER_META, type BuildContext } from './context.ts';

/** Every built account's password (long and unguessable enough for the strength check, for tests that re-enter it). */
export const PASSWORD = 'tiger lily ferry 42';

// argon2id is deliberately slow (~50 ms and 19 MiB a hash): one hash per process serves every built account.
let passwordHash: Promise<string> | null = null;
function sharedPasswordHash(): Promise<string> {
  passwordHash ??= hashPassword(PASSWORD);
  return passwordHash;
}

let counter = 0;
/** A unique address per call, so accounts built in one file (or one E2E run) never collide. */
export function uniqueEmail(label = 'user'): string {
  counter += 1;
  return `${label}.${counter}.${Date.now()}@example.in`;
}

export type BuildUserOptions = {
  /** Default `client`. */
  role?: UserRole;
  /** An admin's console roles (issue 22). Default for admins: `owner` (as ADMIN_EMAIL and admin:create make one). */
  adminRoles?: readonly AdminRole[];
  name?: string;
  /** Default: a unique address (stored lower-cased, as registration does). */
  email?: string;
  /** As stored: +91 and ten digits. */
  mobile?: string;
  /** Clients and notaries give one when they register; admins are made without. */
  dateOfBirth?: string;
  /** Two-step verification on (a TOTP secret and recovery codes). Default: when MFA_REQUIRED_ROLES asks it of the role. */
  mfa?: boolean;
  /** Default true. False: registered and verified, never signed in (no session; `cookie` and `sessionToken` are ''). */
  signedIn?: boolean;
};

/** Who takes part in a build: any account (a built one, or one found by id). */
export type Party = { id: string; role: UserRole };

/** An existing account as a party (the E2E fixtures name accounts by id). */
export async function partyOf(
  ctx: BuildContext,
  userId: string,
): Promise<Party & { email: string; name: string }> {
  const user = await authRepo.findUserById(ctx.db, userId);
  if (!user) throw new Error(`no account ${userId}`);
  return { id: user.id, role: user.role as UserRole, email: user.email, name: user.name };
}

export type BuiltUser = {
  id: string;
  email: string;
  password: string;
  role: UserRole;
  name: string;
  /** The `Cookie` header value of an active session (the one login sets), e.g. `mohar_session=…`. */
  cookie: string;
  /** The raw session token (the cookie's value), for a browser's cookie jar. */
  sessionToken: string;
  /** With `mfa`: the TOTP secret (make codes with mfa.ts `currentTotp`) and unused recovery codes. */
  mfa: { secret: string; recoveryCodes: string[] } | null;
};

const DEFAULT_NAMES: Record<UserRole, string> = {
  client: 'Asha Rao',
  notary: 'Ravi Shankar Iyer',
  admin: 'Mohar admin',
};

/**
 * A verified account of any role with a signed-in session, written in one transaction: what registering, following
 * the verification link and logging in (and, with `mfa`, turning on two-step verification) leave behind.
 */
export async function buildUser(ctx: BuildContext, options: BuildUserOptions = {}): Promise<BuiltUser> {
  const hash = await sharedPasswordHash();
  return ctx.db.transaction((tx) => insertUser(ctx, tx, options, hash));
}

/** The same inside a caller's transaction (a notary's account and profile commit together). */
export async function insertUser(
  ctx: BuildContext,
  tx: DbOrTx,
  options: BuildUserOptions,
  hash?: string,
): Promise<BuiltUser> {
  const role = options.role ?? 'client';
  const isAdmin = role === 'admin';
  const mfaOn = options.mfa ?? ctx.config.mfaRequiredRoles.includes(role);
  const now = new Date();
  const mfaSecret = mfaOn ? createTotpSecret() : null;
  const created = await authRepo.insertUser(tx, {
    email: (options.email ?? uniqueEmail(role)).trim().toLowerCase(),
    name: options.name ?? DEFAULT_NAMES[role],
    // Stored as the API stores what a person types; admins made by ensureAdmin have no mobile of their own yet.
    mobile:
      isAdmin && !options.mobile
        ? `+91${'0'.repeat(10)}`
        : indianMobileField.parse(options.mobile ?? '98765 43210'),
    role,
    adminRoles: isAdmin ? [...(options.adminRoles ?? ['owner'])] : [],
    passwordHash: hash ?? (await sharedPasswordHash()),
    dateOfBirth: options.dateOfBirth ?? (isAdmin ? null : '1990-02-03'),
    termsVersion: isAdmin ? null : TERMS_VERSION,
    termsAcceptedAt: isAdmin ? null : now,
    emailVerifiedAt: now,
    ...(mfaSecret
      ? { mfaSecretEncrypted: createEncryptor(ctx.encryptionKey).encrypt(mfaSecret), mfaEnabledAt: now }
      : {}),
  });
  if (!created) throw new Error(`buildUser: ${options.email} is already registered`);
  // As registration records them (decision 0066): otherwise every built account would meet the privacy dialog.
  for (const [kind, version] of isAdmin
    ? ([['privacy_notice', PRIVACY_NOTICE_VERSION]] as const)
    : ([
        ['terms', TERMS_VERSION],
        ['privacy_notice', PRIVACY_NOTICE_VERSION],
      ] as const))
    await recordConsent(tx, {
      kind,
      version,
      decision: 'given',
      userId: created.id,
      ipAddress: BUILDER_META.ipAddress,
      userAgent: BUILDER_META.userAgent,
    });
  const recoveryCodes = mfaSecret ? createRecoveryCodes(RECOVERY_CODE_COUNT) : [];
  if (mfaSecret)
    await authRepo.replaceRecoveryCodes(tx, {
      userId: created.id,
      codeHashes: recoveryCodes.map(hashRecoveryCode),
    });
  const sessionToken =
    options.signedIn === false
      ? ''
      : await ctx.services.authService.startSession(tx, { user: created, meta: BUILDER_META });
  return {
    id: created.id,
    email: created.email,
    password: PASSWORD,
    role,
    name: created.name,
    cookie: sessionToken ? `${sessionCookie(ctx.config).name}=${sessionToken}` : '',
    sessionToken,
    mfa: mfaSecret ? { secret: mfaSecret, recoveryCodes } : null,
  };
}

/** An admin (as ADMIN_EMAIL / `npm run admin:create` makes one), signed in. */
export function buildAdmin(ctx: BuildContext, options: Omit<BuildUserOptions, 'role'> = {}) {
  return buildUser(ctx, { ...options, role: 'admin' });
}

/** Another signed-in session of an existing account (a second device or browser), as a login would add. */
export async function buildSession(ctx: BuildContext, user: { id: string }) {
  return ctx.db.transaction(async (tx) => {
    const row = await authRepo.findUserById(tx, user.id);
    if (!row) throw new Error(`no account ${user.id}`);
    const sessionToken = await ctx.services.authService.startSession(tx, { user: row, meta: BUILDER_META });
    return { cookie: `${sessionCookie(ctx.config).name}=${sessionToken}`, sessionToken };
  });
}
