import {
  type AdminRole,
  type LanguageCode,
  LOGIN_LIMITS,
  RECOVERY_CODE_COUNT,
  type SessionUser,
  type UserRole,
} from '@mohar/contracts';
import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { type AttemptStore, createAttemptLimiter } from '../../platform/attempt-limiter.ts';
import { createToken, type Encryptor, hashToken } from '../../platform/crypto.ts';
import type { Mailer } from '../../platform/mailer.ts';
import { findPasswordWeakness, verifyPassword } from '../../platform/passwords.ts';
import { authErrors } from './auth.errors.ts';
import type { UserRow } from './auth.repository.ts';
import * as repo from './auth.repository.ts';
import { createRecoveryCodes, hashRecoveryCode, matchTotp } from './mfa.ts';

export const MFA_PENDING_MS = 5 * 60_000;
export const MFA_MAX_FAILURES = 5;
export const TOUCH_AFTER_MS = 60_000;

export type RequestMeta = { ipAddress: string; userAgent: string | undefined };

/** The wrong-password counter's key for an account from an address: shared by sign-in and step-up, which count together. */
export const passwordAttemptKey = (email: string, meta: RequestMeta) =>
  `${email.toLowerCase()}|${meta.ipAddress}`;
/** The signed-in user, their session, and when they last proved who they are in it (sign-in or step-up). */
export type AuthContext = { user: UserRow; sessionId: string; verifiedAt: Date };

export type AuthDeps = {
  db: Database;
  mailer: Mailer;
  config: AppConfig;
  encryptor: Encryptor;
  /** Where failure counters live (Redis with REDIS_URL, else the database): shared by every process. */
  attempts: AttemptStore;
  /** The clock for e-mail change links (tests move it); the rest of the module uses the real time. */
  now?: () => Date;
};

/** What every auth use case shares: the dependencies, the password-failure counts, sessions and e-mail tokens. */
export type AuthCore = ReturnType<typeof createAuthCore>;

export function createAuthCore(deps: AuthDeps) {
  const { config, encryptor } = deps;
  // Wrong passwords per account *and* address: an attacker elsewhere cannot lock the owner out (ASVS 2.2.1).
  const passwordFailures = createAttemptLimiter({
    store: deps.attempts,
    name: 'password',
    max: LOGIN_LIMITS.perAddress,
    windowMs: LOGIN_LIMITS.perAddressMinutes * 60_000,
  });
  // Wrong passwords per account from every address: guessing spread over many addresses is slowed too.
  const accountFailures = createAttemptLimiter({
    store: deps.attempts,
    name: 'account',
    max: LOGIN_LIMITS.perAccount,
    windowMs: LOGIN_LIMITS.perAccountMinutes * 60_000,
  });
  const link = (path: string) => `${config.publicUrl}${path}`;
  const idleMsFor = (role: string) =>
    role === 'admin' ? config.sessions.adminIdleMs : config.sessions.idleMs;

  const toSessionUser = (user: UserRow): SessionUser => ({
    _id: user.id,
    role: user.role as UserRole,
    name: user.name,
    email: user.email,
    mobile: user.mobile,
    emailVerified: user.emailVerifiedAt !== null,
    mfaEnabled: user.mfaEnabledAt !== null,
    mfaSetupRequired: isMfaSetupRequired(user),
    adminRoles: user.role === 'admin' ? (user.adminRoles as AdminRole[]) : [],
    language: (user.language as LanguageCode | null) ?? null,
  });

  function isMfaSetupRequired(user: UserRow): boolean {
    return config.mfaRequiredRoles.includes(user.role as UserRole) && user.mfaEnabledAt === null;
  }

  async function assertStrongPassword(password: string, userInputs: string[]) {
    const weakness = await findPasswordWeakness(password, userInputs);
    if (weakness) throw authErrors.passwordWeak(weakness);
  }

  async function createSession(
    tx: Parameters<typeof repo.insertSession>[0],
    options: { user: UserRow; stage: 'active' | 'mfa'; meta: RequestMeta },
  ) {
    const token = createToken();
    const now = Date.now();
    const isPending = options.stage === 'mfa';
    await repo.insertSession(tx, {
      userId: options.user.id,
      tokenHash: hashToken(token),
      stage: options.stage,
      ipAddress: options.meta.ipAddress,
      userAgent: options.meta.userAgent?.slice(0, 400) ?? null,
      idleExpiresAt: new Date(now + (isPending ? MFA_PENDING_MS : idleMsFor(options.user.role))),
      absoluteExpiresAt: new Date(now + (isPending ? MFA_PENDING_MS : config.sessions.absoluteMs)),
    });
    return token;
  }

  /**
   * After a proof of identity (the password, or a sign-in link): a new session, full or waiting for the second step
   * when the account has two-step verification. A new token every time: a planted or stolen pre-login cookie is
   * worthless (session fixation).
   */
  function startSignIn(options: { user: UserRow; previousToken: string | undefined; meta: RequestMeta }) {
    const { user, meta } = options;
    return deps.db.transaction(async (tx) => {
      if (options.previousToken) {
        const previous = await repo.findLiveSession(tx, hashToken(options.previousToken));
        if (previous) await repo.deleteSession(tx, previous.session.id);
      }
      if (user.mfaEnabledAt !== null) {
        const token = await createSession(tx, { user, stage: 'mfa', meta });
        return { kind: 'mfa' as const, token };
      }
      const token = await createSession(tx, { user, stage: 'active', meta });
      return { kind: 'signed_in' as const, token, user: toSessionUser(user) };
    });
  }

  /** The signed-in person's current password, before a change of password or e-mail; failures are counted. */
  async function checkCurrentPassword(user: UserRow, password: string) {
    const limiterKey = `change-password|${user.id}`;
    if (await passwordFailures.isBlocked(limiterKey)) throw authErrors.tooManyAttempts();
    if (!(await verifyPassword(user.passwordHash, password))) {
      await passwordFailures.recordFailure(limiterKey);
      throw authErrors.passwordWrong();
    }
    await passwordFailures.reset(limiterKey);
  }

  async function issueEmailToken(
    tx: Parameters<typeof repo.insertToken>[0],
    options: { user: UserRow; purpose: repo.TokenPurpose; ttlMs: number },
  ) {
    await repo.expireTokensOfUser(tx, { userId: options.user.id, purpose: options.purpose });
    const token = createToken();
    await repo.insertToken(tx, {
      userId: options.user.id,
      purpose: options.purpose,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + options.ttlMs),
    });
    return token;
  }

  /** A TOTP code (never twice) or an unused recovery code. */
  async function checkSecondFactor(
    tx: Parameters<typeof repo.advanceMfaStep>[0],
    user: UserRow,
    code: string,
  ) {
    if (!user.mfaSecretEncrypted) return false;
    const trimmed = code.trim();
    if (/^\d{6}$/.test(trimmed)) {
      const step = await matchTotp({ secret: encryptor.decrypt(user.mfaSecretEncrypted), code: trimmed });
      return step !== null && (await repo.advanceMfaStep(tx, { userId: user.id, step }));
    }
    return repo.consumeRecoveryCode(tx, { userId: user.id, codeHash: hashRecoveryCode(trimmed) });
  }

  async function issueRecoveryCodes(tx: Parameters<typeof repo.replaceRecoveryCodes>[0], userId: string) {
    const codes = createRecoveryCodes(RECOVERY_CODE_COUNT);
    await repo.replaceRecoveryCodes(tx, { userId, codeHashes: codes.map(hashRecoveryCode) });
    return codes;
  }

  return {
    ...deps,
    now: deps.now ?? (() => new Date()),
    passwordFailures,
    accountFailures,
    link,
    idleMsFor,
    toSessionUser,
    isMfaSetupRequired,
    assertStrongPassword,
    checkCurrentPassword,
    createSession,
    startSignIn,
    issueEmailToken,
    checkSecondFactor,
    issueRecoveryCodes,
  };
}
