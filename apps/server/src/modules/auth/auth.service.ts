import { PRIVACY_NOTICE_VERSION } from '@mohar/contracts';
import type { DbOrTx } from '../../db/client.ts';
import { recordConsent } from '../privacy/privacy.service.ts';
import { createAccountClosure } from './account-closure.service.ts';
import { createAccountSessions } from './account-sessions.service.ts';
import { createAdminAccounts } from './admin-accounts.service.ts';
import { createAdminTeam } from './admin-team.service.ts';
import type { UserRow } from './auth.repository.ts';
import * as repo from './auth.repository.ts';
import type { RequestMeta } from './auth-core.ts';
import { type AuthDeps, createAuthCore } from './auth-core.ts';
import { createEmailChange } from './email-change.service.ts';
import { createLogin } from './login.service.ts';
import { createMfaSetup } from './mfa-setup.service.ts';
import { createPasswords } from './passwords.service.ts';
import { createRegistration } from './registration.service.ts';
import { sessionCache } from './session-cache.ts';
import { createSignInLink } from './sign-in-link.service.ts';
import { createStepUp } from './step-up.service.ts';

export type { AuthContext, RequestMeta } from './auth-core.ts';
export type { UserRow };

/*
 * The accounts (the `users` table) belong to this module: other modules read and change them through these, in
 * their own transaction when they pass one.
 */

/** The account's name and e-mail address (receipts, mails, notification fallbacks). */
export const findUserContact = (db: DbOrTx, userId: string) => repo.findContact(db, userId);

/** The account's details and its signed-in sessions (without their tokens), for the person's data export. */
export async function findAccountForExport(db: DbOrTx, userId: string) {
  const profile = await repo.findExportableProfile(db, userId);
  const signedIn = await repo.findActiveSessionsOfUser(db, userId);
  return {
    profile,
    sessions: signedIn.map((s) => ({
      createdAt: s.createdAt.toISOString(),
      lastSeenAt: s.lastSeenAt.toISOString(),
      ipAddress: s.ipAddress,
      userAgent: s.userAgent,
    })),
  };
}

/** Several accounts' names and e-mails at once (the audit view's actors). */
export const findUserContacts = (db: DbOrTx, ids: readonly string[]) => repo.findContacts(db, ids);

/** Accounts whose name or e-mail contains `text`, at most `limit` (the audit view's search). */
export const findUserIdsMatching = (db: DbOrTx, text: string, limit: number) =>
  repo.findUserIdsMatching(db, text, limit);

/** Where alerts for the platform's staff go: every admin account that is not disabled. */
export const findActiveAdminEmails = (db: DbOrTx) => repo.findActiveAdminEmails(db);

/** Active admins with their roles and contacts (the support inbox's assignees). */
export const findActiveAdmins = (db: DbOrTx) => repo.findActiveAdmins(db);

/** The account with this e-mail address (any case), for demo seeders that know accounts by address. */
export async function findUserIdByEmail(db: DbOrTx, email: string): Promise<string | undefined> {
  return (await repo.findUserByEmail(db, email))?.id;
}

/** A user's own name and mobile (the profile page); their sessions show the change on the next request. */
export async function updateProfile(db: DbOrTx, options: Parameters<typeof repo.updateProfile>[1]) {
  const row = await repo.updateProfile(db, options);
  sessionCache.dropUser(options.userId);
  return row;
}

/** Creates an account, or with `overwrite` makes an existing one match (admin bootstrap, demo accounts). */
export async function upsertAccount(db: DbOrTx, options: Parameters<typeof repo.upsertAccount>[1]) {
  const outcome = await repo.upsertAccount(db, options);
  const created = outcome === 'created' ? await repo.findUserByEmail(db, options.row.email) : undefined;
  // The operator's accounts (admin bootstrap, demo data) start under the notice in force, recorded as such
  // (decision 0066); a later notice is asked for at sign-in like everyone's.
  if (created)
    await recordConsent(db, {
      kind: 'privacy_notice',
      version: PRIVACY_NOTICE_VERSION,
      decision: 'given',
      userId: created.id,
      ipAddress: null,
      userAgent: 'created by the operator',
    });
  if (outcome === 'updated') sessionCache.dropAll();
  return outcome;
}

export type AuthService = ReturnType<typeof createAuthService>;

/** Accounts: one object for the routes and other modules, its use cases each in a file of their own. */
export function createAuthService(deps: AuthDeps) {
  const core = createAuthCore(deps);
  return {
    toSessionUser: core.toSessionUser,
    isMfaSetupRequired: core.isMfaSetupRequired,
    /**
     * A signed-in session for a verified user, in the caller's transaction, without the password step: for the test
     * data builders and the E2E fixtures (registered only in tests), so their cookies are the ones login sets.
     */
    startSession: (tx: DbOrTx, options: { user: UserRow; meta: RequestMeta }) =>
      core.createSession(tx, { user: options.user, stage: 'active', meta: options.meta }),
    ...createRegistration(core),
    ...createLogin(core),
    loginWithLink: createSignInLink(core).loginWithLink,
    ...createPasswords(core),
    ...createEmailChange(core),
    ...createAccountSessions(core),
    ...createMfaSetup(core),
    ...createAdminAccounts(core),
    ...createAdminTeam(core),
    ...createStepUp(core),
    ...createAccountClosure(core),
  };
}
