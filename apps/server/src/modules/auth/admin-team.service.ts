import { ADMIN_ERROR_CODES, type AdminMember, type AdminRole, type AuditAction } from '@mohar/contracts';
import { AppError } from '../../platform/app-error.ts';
import { createToken } from '../../platform/crypto.ts';
import { hashPassword } from '../../platform/passwords.ts';
import { recordAudit } from '../audit/audit.service.ts';
import * as adminRepo from './admin-accounts.repository.ts';
import type { AdminActor } from './admin-accounts.service.ts';
import { adminInvitationMail } from './auth.mails.ts';
import type { UserRow } from './auth.repository.ts';
import * as repo from './auth.repository.ts';
import type { AuthCore } from './auth-core.ts';
import { sessionCache } from './session-cache.ts';

/**
 * The mobile an admin account holds until its owner sets a real one in their profile: an invited admin and the
 * bootstrap admin are asked for none. Ten zeros, which no Indian mobile number is.
 */
export const ADMIN_MOBILE_NOT_GIVEN = `+91${'0'.repeat(10)}`;

/** How long an invitation's set-password link works: a few days, since the invitee may be away. */
export const ADMIN_INVITATION_TTL_HOURS = 72;

export const adminTeamErrors = {
  adminNotFound: () =>
    new AppError({ statusCode: 404, code: ADMIN_ERROR_CODES.adminNotFound, message: 'Admin not found.' }),
  emailTaken: () =>
    new AppError({
      statusCode: 409,
      code: ADMIN_ERROR_CODES.emailTaken,
      message: 'This e-mail address already has a Mohar account. Invite another address.',
    }),
  lastOwner: () =>
    new AppError({
      statusCode: 409,
      code: ADMIN_ERROR_CODES.lastOwner,
      message: 'Mohar needs at least one owner. Make someone else an owner first.',
    }),
};

export function toAdminMember(user: UserRow): AdminMember {
  return {
    _id: user.id,
    name: user.name,
    email: user.email,
    roles: user.adminRoles as AdminRole[],
    emailVerified: user.emailVerifiedAt !== null,
    mfaEnabled: user.mfaEnabledAt !== null,
    removedAt: user.disabledAt?.toISOString() ?? null,
    createdAt: user.createdAt.toISOString(),
  };
}

const describeRoles = (roles: readonly string[]) => (roles.length > 0 ? roles.join(', ') : 'none');

/**
 * The owner's management of the other admins (issue 22, decision 0058): invite by e-mail, change roles, remove
 * access. Every change locks the rows it reads, writes its audit event in the same transaction, and refuses to leave
 * Mohar with no owner; a changed admin's cached sessions are dropped, so their next request sees the new roles.
 */
export function createAdminTeam(core: AuthCore) {
  const { db, mailer, link, issueEmailToken } = core;

  const audit = (
    tx: Parameters<typeof recordAudit>[0],
    options: { actor: AdminActor; action: AuditAction; adminId: string; detail: string },
  ) =>
    recordAudit(tx, {
      actor: {
        userId: options.actor.auth.user.id,
        role: 'admin',
        adminRoles: options.actor.auth.user.adminRoles,
        ipAddress: options.actor.ipAddress,
      },
      action: options.action,
      subject: { type: 'account', id: options.adminId },
      detail: options.detail,
    });

  /** Refuses a change after which no current admin would be an owner. */
  async function assertOwnerRemains(tx: Parameters<typeof recordAudit>[0], options: { losingOwner: string }) {
    const owners = await adminRepo.lockActiveOwnerIds(tx);
    if (owners.every((id) => id === options.losingOwner)) throw adminTeamErrors.lastOwner();
  }

  return {
    async listAdmins() {
      return { admins: (await adminRepo.listAdmins(db)).map(toAdminMember) };
    },

    /**
     * A new admin account with an unusable password and a set-password link by e-mail (the reset-password page,
     * which also proves the address). An address whose admin access was removed is invited back the same way;
     * any other existing account (a client, a notary, a current admin) is refused.
     */
    async inviteAdmin(options: { actor: AdminActor; name: string; email: string; roles: AdminRole[] }) {
      // Nobody knows this password: the account opens only through the e-mailed link.
      const passwordHash = await hashPassword(createToken());
      const invited = await db.transaction(async (tx) => {
        const existing = await repo.findUserByEmail(tx, options.email);
        if (existing && (existing.role !== 'admin' || existing.disabledAt === null))
          throw adminTeamErrors.emailTaken();
        const row = existing
          ? await repo.updateUser(tx, existing.id, {
              name: options.name,
              adminRoles: options.roles,
              passwordHash,
              disabledAt: null,
            })
          : await repo.insertUser(tx, {
              email: options.email,
              name: options.name,
              mobile: ADMIN_MOBILE_NOT_GIVEN,
              role: 'admin',
              adminRoles: options.roles,
              passwordHash,
            });
        // Two owners inviting one address at once: the unique e-mail index lets one in.
        if (!row) throw adminTeamErrors.emailTaken();
        const token = await issueEmailToken(tx, {
          user: row,
          purpose: 'reset_password',
          ttlMs: ADMIN_INVITATION_TTL_HOURS * 3_600_000,
        });
        await mailer.enqueue(
          tx,
          adminInvitationMail({
            to: row.email,
            name: row.name,
            language: row.language,
            inviterName: options.actor.auth.user.name,
            url: link(`/password/reset/${token}`),
            ttlHours: ADMIN_INVITATION_TTL_HOURS,
          }),
        );
        await audit(tx, {
          actor: options.actor,
          action: 'admin.invited',
          adminId: row.id,
          detail: `${row.email}: ${describeRoles(options.roles)}`,
        });
        return row;
      });
      mailer.kick();
      return toAdminMember(invited);
    },

    async changeAdminRoles(options: { actor: AdminActor; adminId: string; roles: AdminRole[] }) {
      const changed = await db.transaction(async (tx) => {
        const admin = await adminRepo.lockAdmin(tx, options.adminId);
        if (!admin || admin.disabledAt !== null) throw adminTeamErrors.adminNotFound();
        if (admin.adminRoles.includes('owner') && !options.roles.includes('owner'))
          await assertOwnerRemains(tx, { losingOwner: admin.id });
        const row = await repo.updateUser(tx, admin.id, { adminRoles: options.roles });
        await audit(tx, {
          actor: options.actor,
          action: 'admin.roles_changed',
          adminId: admin.id,
          detail: `${describeRoles(admin.adminRoles)} → ${describeRoles(options.roles)}`,
        });
        return row;
      });
      sessionCache.dropUser(changed.id);
      return toAdminMember(changed);
    },

    /**
     * Takes an admin's access away: roles cleared, sign-in refused (the suspension's `disabled_at`), every session
     * ended. The account and its trail stay; inviting the address again gives access back.
     */
    async removeAdmin(options: { actor: AdminActor; adminId: string }) {
      const removed = await db.transaction(async (tx) => {
        const admin = await adminRepo.lockAdmin(tx, options.adminId);
        if (!admin || admin.disabledAt !== null) throw adminTeamErrors.adminNotFound();
        if (admin.adminRoles.includes('owner')) await assertOwnerRemains(tx, { losingOwner: admin.id });
        const row = await repo.updateUser(tx, admin.id, { adminRoles: [], disabledAt: new Date() });
        await repo.deleteSessionsOfUser(tx, { userId: admin.id });
        await audit(tx, {
          actor: options.actor,
          action: 'admin.removed',
          adminId: admin.id,
          detail: `${admin.email}: ${describeRoles(admin.adminRoles)}`,
        });
        return row;
      });
      sessionCache.dropUser(removed.id);
      return toAdminMember(removed);
    },
  };
}
