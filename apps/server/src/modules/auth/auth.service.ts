import {
  EMAIL_VERIFICATION_TTL_HOURS,
  PASSWORD_RESET_TTL_MINUTES,
  RECOVERY_CODE_COUNT,
  type RegisterRequest,
  type SessionUser,
  TERMS_VERSION,
  type UserRole,
} from '@mohar/contracts';
import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { createAttemptLimiter } from '../../platform/attempt-limiter.ts';
import { createToken, type Encryptor, hashToken } from '../../platform/crypto.ts';
import type { Mailer } from '../../platform/mailer.ts';
import {
  findPasswordWeakness,
  getDecoyHash,
  hashPassword,
  verifyPassword,
} from '../../platform/passwords.ts';
import { authErrors } from './auth.errors.ts';
import {
  alreadyRegisteredMail,
  passwordChangedMail,
  passwordResetMail,
  verificationMail,
} from './auth.mails.ts';
import type { UserRow } from './auth.repository.ts';
import * as repo from './auth.repository.ts';
import {
  createRecoveryCodes,
  createTotpSecret,
  describeTotpSecret,
  hashRecoveryCode,
  matchTotp,
} from './mfa.ts';

const MFA_PENDING_MS = 5 * 60_000;
const MFA_MAX_FAILURES = 5;
const TOUCH_AFTER_MS = 60_000;

export type RequestMeta = { ipAddress: string; userAgent: string | undefined };
export type AuthContext = { user: UserRow; sessionId: string };

export type AuthService = ReturnType<typeof createAuthService>;

export function createAuthService(deps: {
  db: Database;
  mailer: Mailer;
  config: AppConfig;
  encryptor: Encryptor;
}) {
  const { db, mailer, config, encryptor } = deps;
  // Wrong passwords per account *and* address: an attacker elsewhere cannot lock the owner out (ASVS 2.2.1).
  const passwordFailures = createAttemptLimiter({ max: 5, windowMs: 15 * 60_000 });
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
    toSessionUser,
    isMfaSetupRequired,

    /**
     * A signed-in session for a verified user, in the caller's transaction, without the password step: for the test
     * data builders and the E2E fixtures (registered only in tests), so their cookies are the ones login sets.
     */
    startSession: (
      tx: Parameters<typeof repo.insertSession>[0],
      options: { user: UserRow; meta: RequestMeta },
    ) => createSession(tx, { user: options.user, stage: 'active', meta: options.meta }),

    /** Same outcome whether or not the e-mail has an account; only the mail differs (no enumeration). */
    async register(input: RegisterRequest & { email: string; mobile: string }) {
      await assertStrongPassword(input.password, [input.name, input.email]);
      const passwordHash = await hashPassword(input.password);
      await db.transaction(async (tx) => {
        const created = await repo.insertUser(tx, {
          email: input.email,
          name: input.name,
          mobile: input.mobile,
          role: input.role,
          passwordHash,
          dateOfBirth: input.dateOfBirth,
          termsVersion: TERMS_VERSION,
          termsAcceptedAt: new Date(),
        });
        if (created) {
          const token = await issueEmailToken(tx, {
            user: created,
            purpose: 'verify_email',
            ttlMs: EMAIL_VERIFICATION_TTL_HOURS * 3_600_000,
          });
          await mailer.enqueue(
            tx,
            verificationMail({ to: created.email, name: created.name, url: link(`/verify-email/${token}`) }),
          );
          return;
        }
        const existing = await repo.findUserByEmail(tx, input.email);
        if (!existing) return;
        if (existing.emailVerifiedAt === null) {
          // The owner never verified: a fresh link is the useful answer, and only the inbox owner can use it.
          const token = await issueEmailToken(tx, {
            user: existing,
            purpose: 'verify_email',
            ttlMs: EMAIL_VERIFICATION_TTL_HOURS * 3_600_000,
          });
          await mailer.enqueue(
            tx,
            verificationMail({
              to: existing.email,
              name: existing.name,
              url: link(`/verify-email/${token}`),
            }),
          );
          return;
        }
        await mailer.enqueue(
          tx,
          alreadyRegisteredMail({
            to: existing.email,
            name: existing.name,
            loginUrl: link('/login'),
            resetUrl: link('/forgetpassword'),
          }),
        );
      });
      mailer.kick();
    },

    async verifyEmail(token: string) {
      await db.transaction(async (tx) => {
        const userId = await repo.consumeToken(tx, { tokenHash: hashToken(token), purpose: 'verify_email' });
        if (!userId) throw authErrors.tokenInvalid('verification');
        const user = await repo.findUserById(tx, userId);
        if (user && user.emailVerifiedAt === null)
          await repo.updateUser(tx, userId, { emailVerifiedAt: new Date() });
      });
    },

    async resendVerification(email: string) {
      await db.transaction(async (tx) => {
        const user = await repo.findUserByEmail(tx, email);
        if (!user || user.emailVerifiedAt !== null || user.disabledAt !== null) return;
        const token = await issueEmailToken(tx, {
          user,
          purpose: 'verify_email',
          ttlMs: EMAIL_VERIFICATION_TTL_HOURS * 3_600_000,
        });
        await mailer.enqueue(
          tx,
          verificationMail({ to: user.email, name: user.name, url: link(`/verify-email/${token}`) }),
        );
      });
      mailer.kick();
    },

    async login(options: {
      email: string;
      password: string;
      previousToken: string | undefined;
      meta: RequestMeta;
    }) {
      const limiterKey = `${options.email.toLowerCase()}|${options.meta.ipAddress}`;
      if (passwordFailures.isBlocked(limiterKey)) throw authErrors.tooManyAttempts();
      const user = await repo.findUserByEmail(db, options.email);
      // An unknown e-mail still costs one argon2 verification, so response time does not reveal accounts.
      const isMatch = await verifyPassword(user?.passwordHash ?? (await getDecoyHash()), options.password);
      if (!user || !isMatch) {
        passwordFailures.recordFailure(limiterKey);
        throw authErrors.invalidCredentials();
      }
      // Only after the right password, so these answers reveal nothing to someone guessing.
      if (user.disabledAt !== null) throw authErrors.accountDisabled();
      if (user.emailVerifiedAt === null) throw authErrors.emailUnverified();
      passwordFailures.reset(limiterKey);

      return db.transaction(async (tx) => {
        // A new token on every login: a planted or stolen pre-login cookie is worthless (session fixation).
        if (options.previousToken) {
          const previous = await repo.findLiveSession(tx, hashToken(options.previousToken));
          if (previous) await repo.deleteSession(tx, previous.session.id);
        }
        if (user.mfaEnabledAt !== null) {
          const token = await createSession(tx, { user, stage: 'mfa', meta: options.meta });
          return { kind: 'mfa' as const, token };
        }
        const token = await createSession(tx, { user, stage: 'active', meta: options.meta });
        return { kind: 'signed_in' as const, token, user: toSessionUser(user) };
      });
    },

    /** The second step: the pending session is replaced by a full one with a new token. */
    async completeMfaLogin(options: { pendingToken: string | undefined; code: string; meta: RequestMeta }) {
      const pending = options.pendingToken
        ? await repo.findLiveSession(db, hashToken(options.pendingToken))
        : undefined;
      if (pending?.session.stage !== 'mfa') throw authErrors.mfaNotPending();
      const result = await db.transaction(async (tx) => {
        if (!(await checkSecondFactor(tx, pending.user, options.code))) return null;
        await repo.deleteSession(tx, pending.session.id);
        const token = await createSession(tx, { user: pending.user, stage: 'active', meta: options.meta });
        return { token, user: toSessionUser(pending.user) };
      });
      if (result) return result;
      const failures = await repo.incrementMfaFailures(db, pending.session.id);
      if (failures >= MFA_MAX_FAILURES) {
        // Five wrong codes end the attempt: guessing must start again from the password.
        await repo.deleteSession(db, pending.session.id);
        throw authErrors.tooManyAttempts();
      }
      throw authErrors.mfaInvalidCode();
    },

    /** The signed-in user of a session cookie, or null; keeps an active session alive (idle timeout). */
    async resolveSession(token: string | undefined): Promise<AuthContext | null> {
      if (!token) return null;
      const found = await repo.findLiveSession(db, hashToken(token));
      if (found?.session.stage !== 'active' || found.user.disabledAt !== null) return null;
      if (Date.now() - found.session.lastSeenAt.getTime() > TOUCH_AFTER_MS) {
        const idleExpiresAt = new Date(
          Math.min(Date.now() + idleMsFor(found.user.role), found.session.absoluteExpiresAt.getTime()),
        );
        await repo.touchSession(db, { id: found.session.id, idleExpiresAt });
      }
      return { user: found.user, sessionId: found.session.id };
    },

    /** Ends the session; returns its id (its live connections end with it), or null if there was none. */
    async logout(token: string | undefined): Promise<string | null> {
      if (!token) return null;
      const found = await repo.findLiveSession(db, hashToken(token));
      if (!found) return null;
      await repo.deleteSession(db, found.session.id);
      return found.session.id;
    },

    /** Always the same answer; a link goes out only to an existing, enabled account. */
    async forgotPassword(email: string) {
      await db.transaction(async (tx) => {
        const user = await repo.findUserByEmail(tx, email);
        if (!user || user.disabledAt !== null) return;
        const token = await issueEmailToken(tx, {
          user,
          purpose: 'reset_password',
          ttlMs: PASSWORD_RESET_TTL_MINUTES * 60_000,
        });
        await mailer.enqueue(
          tx,
          passwordResetMail({ to: user.email, name: user.name, url: link(`/password/reset/${token}`) }),
        );
      });
      mailer.kick();
    },

    /** Sets the password, proves the inbox (verifies the e-mail) and signs every device out. MFA stays on. */
    async resetPassword(options: { token: string; password: string }) {
      const tokenHash = hashToken(options.token);
      const userId = await repo.findValidToken(db, { tokenHash, purpose: 'reset_password' });
      const user = userId ? await repo.findUserById(db, userId) : undefined;
      if (!user) throw authErrors.tokenInvalid('reset');
      await assertStrongPassword(options.password, [user.name, user.email]);
      const passwordHash = await hashPassword(options.password);
      await db.transaction(async (tx) => {
        if (!(await repo.consumeToken(tx, { tokenHash, purpose: 'reset_password' })))
          throw authErrors.tokenInvalid('reset');
        await repo.updateUser(tx, user.id, {
          passwordHash,
          ...(user.emailVerifiedAt === null ? { emailVerifiedAt: new Date() } : {}),
        });
        await repo.expireTokensOfUser(tx, { userId: user.id, purpose: 'reset_password' });
        await repo.deleteSessionsOfUser(tx, { userId: user.id });
        await mailer.enqueue(
          tx,
          passwordChangedMail({ to: user.email, name: user.name, supportUrl: link('/contact') }),
        );
      });
      mailer.kick();
    },

    async changePassword(options: { auth: AuthContext; currentPassword: string; password: string }) {
      const { user, sessionId } = options.auth;
      const limiterKey = `change-password|${user.id}`;
      if (passwordFailures.isBlocked(limiterKey)) throw authErrors.tooManyAttempts();
      if (!(await verifyPassword(user.passwordHash, options.currentPassword))) {
        passwordFailures.recordFailure(limiterKey);
        throw authErrors.passwordWrong();
      }
      passwordFailures.reset(limiterKey);
      await assertStrongPassword(options.password, [user.name, user.email]);
      const passwordHash = await hashPassword(options.password);
      await db.transaction(async (tx) => {
        await repo.updateUser(tx, user.id, { passwordHash });
        await repo.deleteSessionsOfUser(tx, { userId: user.id, keep: sessionId });
        await mailer.enqueue(
          tx,
          passwordChangedMail({ to: user.email, name: user.name, supportUrl: link('/contact') }),
        );
      });
      mailer.kick();
    },

    async listSessions(auth: AuthContext) {
      const rows = await repo.findActiveSessionsOfUser(db, auth.user.id);
      return rows.map((s) => ({
        _id: s.id,
        createdAt: s.createdAt.toISOString(),
        lastSeenAt: s.lastSeenAt.toISOString(),
        ipAddress: s.ipAddress,
        userAgent: s.userAgent,
        current: s.id === auth.sessionId,
      }));
    },

    async endSession(options: { auth: AuthContext; sessionId: string }) {
      if (!(await repo.deleteSessionOfUser(db, { id: options.sessionId, userId: options.auth.user.id }))) {
        throw authErrors.sessionNotFound();
      }
    },

    endOtherSessions(auth: AuthContext) {
      return repo.deleteSessionsOfUser(db, { userId: auth.user.id, keep: auth.sessionId });
    },

    async startMfaSetup(auth: AuthContext) {
      if (auth.user.mfaEnabledAt !== null) throw authErrors.mfaAlreadyEnabled();
      const secret = createTotpSecret();
      await repo.updateUser(db, auth.user.id, { mfaPendingSecretEncrypted: encryptor.encrypt(secret) });
      return describeTotpSecret({ secret, email: auth.user.email });
    },

    async enableMfa(options: { auth: AuthContext; code: string }) {
      const { user } = options.auth;
      if (user.mfaEnabledAt !== null) throw authErrors.mfaAlreadyEnabled();
      if (!user.mfaPendingSecretEncrypted) throw authErrors.mfaSetupNotStarted();
      const step = await matchTotp({
        secret: encryptor.decrypt(user.mfaPendingSecretEncrypted),
        code: options.code,
      });
      if (step === null) throw authErrors.mfaInvalidCode();
      return db.transaction(async (tx) => {
        await repo.updateUser(tx, user.id, {
          mfaSecretEncrypted: user.mfaPendingSecretEncrypted,
          mfaPendingSecretEncrypted: null,
          mfaEnabledAt: new Date(),
          mfaLastStep: step,
        });
        return issueRecoveryCodes(tx, user.id);
      });
    },

    async disableMfa(options: { auth: AuthContext; password: string; code: string }) {
      const { user } = options.auth;
      if (user.mfaEnabledAt === null) throw authErrors.mfaNotEnabled();
      if (config.mfaRequiredRoles.includes(user.role as UserRole)) throw authErrors.mfaRequiredForRole();
      if (!(await verifyPassword(user.passwordHash, options.password))) throw authErrors.passwordWrong();
      await db.transaction(async (tx) => {
        if (!(await checkSecondFactor(tx, user, options.code))) throw authErrors.mfaInvalidCode();
        await repo.updateUser(tx, user.id, {
          mfaSecretEncrypted: null,
          mfaPendingSecretEncrypted: null,
          mfaEnabledAt: null,
          mfaLastStep: null,
        });
        await repo.replaceRecoveryCodes(tx, { userId: user.id, codeHashes: [] });
      });
    },

    async regenerateRecoveryCodes(options: { auth: AuthContext; code: string }) {
      const { user } = options.auth;
      if (user.mfaEnabledAt === null) throw authErrors.mfaNotEnabled();
      return db.transaction(async (tx) => {
        if (!(await checkSecondFactor(tx, user, options.code))) throw authErrors.mfaInvalidCode();
        return issueRecoveryCodes(tx, user.id);
      });
    },

    /** Disabling signs the account out everywhere at once. */
    async setUserDisabled(options: { userId: string; isDisabled: boolean }) {
      await db.transaction(async (tx) => {
        await repo.updateUser(tx, options.userId, { disabledAt: options.isDisabled ? new Date() : null });
        if (options.isDisabled) await repo.deleteSessionsOfUser(tx, { userId: options.userId });
      });
    },
  };
}
