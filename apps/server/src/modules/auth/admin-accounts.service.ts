import {
  type AccountEventAction,
  ADMIN_ERROR_CODES,
  type AdminClient,
  type AdminClientFilter,
} from '@mohar/contracts';
import { AppError } from '../../platform/app-error.ts';
import { pageCount, pageWindow } from '../../platform/paging.ts';
import { recordAudit } from '../audit/audit.service.ts';
import * as adminRepo from './admin-accounts.repository.ts';
import { mfaResetMail } from './auth.mails.ts';
import type { UserRow } from './auth.repository.ts';
import * as repo from './auth.repository.ts';
import type { AuthContext, AuthCore } from './auth-core.ts';
import { enqueueVerificationMail } from './registration.service.ts';
import { sessionCache } from './session-cache.ts';

export const adminAccountErrors = {
  clientNotFound: () =>
    new AppError({ statusCode: 404, code: ADMIN_ERROR_CODES.clientNotFound, message: 'Client not found.' }),
  alreadyVerified: () =>
    new AppError({
      statusCode: 409,
      code: ADMIN_ERROR_CODES.alreadyVerified,
      message: "This client's e-mail address is already verified.",
    }),
  mfaNotEnabled: () =>
    new AppError({
      statusCode: 409,
      code: ADMIN_ERROR_CODES.mfaNotEnabled,
      message: 'This client does not use two-step verification, so there is nothing to reset.',
    }),
  suspensionUnchanged: () =>
    new AppError({
      statusCode: 409,
      code: ADMIN_ERROR_CODES.suspensionUnchanged,
      message: 'Someone changed this account a moment ago. Reload the page to see where it stands.',
    }),
};

export function toAdminClient(user: UserRow): AdminClient {
  return {
    _id: user.id,
    name: user.name,
    email: user.email,
    mobile: user.mobile,
    emailVerified: user.emailVerifiedAt !== null,
    mfaEnabled: user.mfaEnabledAt !== null,
    suspendedAt: user.disabledAt?.toISOString() ?? null,
    createdAt: user.createdAt.toISOString(),
  };
}

/** Who acts, for the audit trail: the admin, their roles and the request's address. */
export type AdminActor = { auth: AuthContext; ipAddress: string };

/**
 * Admins' view of client accounts and their actions on them (issue 22). Every action locks the account's row, changes
 * it and writes its audit event in one transaction; sessions ended are dropped from the cache after the commit.
 */
export function createAdminAccounts(core: AuthCore) {
  const { db, mailer } = core;

  async function act(
    options: { clientId: string; actor: AdminActor; action: AccountEventAction; reason?: string },
    change: (tx: Parameters<Parameters<typeof db.transaction>[0]>[0], client: UserRow) => Promise<void>,
  ) {
    const client = await db.transaction(async (tx) => {
      const locked = await adminRepo.lockClient(tx, options.clientId);
      if (!locked) throw adminAccountErrors.clientNotFound();
      await change(tx, locked);
      await adminRepo.insertAccountEvent(tx, {
        userId: locked.id,
        actorId: options.actor.auth.user.id,
        actorRoles: options.actor.auth.user.adminRoles,
        action: options.action,
        reason: options.reason ?? null,
        ipAddress: options.actor.ipAddress,
      });
      await recordAudit(tx, {
        actor: {
          userId: options.actor.auth.user.id,
          role: 'admin',
          adminRoles: options.actor.auth.user.adminRoles,
          ipAddress: options.actor.ipAddress,
        },
        action: `account.${options.action}`,
        subject: { type: 'account', id: locked.id },
        detail: options.reason ?? null,
      });
      return (await repo.findUserById(tx, locked.id)) ?? locked;
    });
    sessionCache.dropUser(client.id);
    return toAdminClient(client);
  }

  return {
    async listClients(options: {
      search?: string;
      status?: AdminClientFilter;
      page?: number;
      pageSize?: number;
    }) {
      const { page = 1, pageSize = 20 } = options;
      const found = await adminRepo.listClients(db, {
        search: options.search,
        filter: options.status,
        ...pageWindow(page, pageSize),
      });
      return { clients: found.users.map(toAdminClient), totalPages: pageCount(found.total, pageSize), page };
    },

    /** The client's account; 404 for any other account (a notary's, an admin's). */
    async getClientById(clientId: string) {
      const user = await adminRepo.findClient(db, clientId);
      if (!user) throw adminAccountErrors.clientNotFound();
      return toAdminClient(user);
    },

    /** The client's account, devices signed in and the admins' actions on it; 404 for any other account. */
    async clientAccount(clientId: string) {
      const user = await adminRepo.findClient(db, clientId);
      if (!user) throw adminAccountErrors.clientNotFound();
      const [sessions, events] = await Promise.all([
        repo.findActiveSessionsOfUser(db, user.id),
        adminRepo.listAccountEvents(db, user.id, 50),
      ]);
      return {
        client: toAdminClient(user),
        sessions: sessions.map((s) => ({
          _id: s.id,
          createdAt: s.createdAt.toISOString(),
          lastSeenAt: s.lastSeenAt.toISOString(),
          ipAddress: s.ipAddress,
          userAgent: s.userAgent,
        })),
        events: events.map((e) => ({
          _id: e.id,
          action: e.action as AccountEventAction,
          actorName: e.actorName,
          reason: e.reason,
          createdAt: e.createdAt.toISOString(),
        })),
      };
    },

    /** Suspends the account and ends every session it has: the next request is signed out, sign-in is refused. */
    suspendClient: (options: { clientId: string; actor: AdminActor; reason: string }) =>
      act({ ...options, action: 'suspend' }, async (tx, client) => {
        if (client.disabledAt !== null) throw adminAccountErrors.suspensionUnchanged();
        await repo.updateUser(tx, client.id, { disabledAt: new Date() });
        await repo.deleteSessionsOfUser(tx, { userId: client.id });
      }),

    reactivateClient: (options: { clientId: string; actor: AdminActor }) =>
      act({ ...options, action: 'reactivate' }, async (tx, client) => {
        if (client.disabledAt === null) throw adminAccountErrors.suspensionUnchanged();
        await repo.updateUser(tx, client.id, { disabledAt: null });
      }),

    endClientSessions: (options: { clientId: string; actor: AdminActor }) =>
      act({ ...options, action: 'end_sessions' }, async (tx, client) => {
        await repo.deleteSessionsOfUser(tx, { userId: client.id });
      }),

    /**
     * Turns off the client's two-step verification (a lost phone, support checked who they are) and signs every
     * device out, since one may be the lost phone; the client is told by e-mail in the same transaction.
     */
    async resetClientMfa(options: { clientId: string; actor: AdminActor; reason: string }) {
      const client = await act({ ...options, action: 'reset_mfa' }, async (tx, row) => {
        if (row.mfaEnabledAt === null) throw adminAccountErrors.mfaNotEnabled();
        await repo.updateUser(tx, row.id, {
          mfaSecretEncrypted: null,
          mfaPendingSecretEncrypted: null,
          mfaEnabledAt: null,
          mfaLastStep: null,
        });
        await repo.replaceRecoveryCodes(tx, { userId: row.id, codeHashes: [] });
        await repo.deleteSessionsOfUser(tx, { userId: row.id });
        await mailer.enqueue(
          tx,
          mfaResetMail({
            to: row.email,
            name: row.name,
            language: row.language,
            supportUrl: core.link('/contact'),
          }),
        );
      });
      mailer.kick();
      return client;
    },

    /** A new verification link, as the client's own "send again" makes (earlier links keep working until used). */
    async resendClientVerification(options: { clientId: string; actor: AdminActor }) {
      const client = await act({ ...options, action: 'resend_verification' }, async (tx, row) => {
        if (row.emailVerifiedAt !== null) throw adminAccountErrors.alreadyVerified();
        await enqueueVerificationMail(core, tx, row);
      });
      mailer.kick();
      return client;
    },
  };
}
