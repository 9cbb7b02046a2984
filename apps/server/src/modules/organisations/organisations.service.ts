import {
  type AuditAction,
  managesOrganisation,
  type Organisation,
  type OrganisationDetailsRequest,
  type OrganisationMembersResponse,
  type OrganisationRole,
  type OrganisationSummary,
} from '@mohar/contracts';
import type { Database, DbOrTx } from '../../db/client.ts';
import { createToken, hashToken } from '../../platform/crypto.ts';
import type { Mailer } from '../../platform/mailer.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { findUserContact } from '../auth/auth.service.ts';
import { organisationErrors } from './organisations.errors.ts';
import { organisationInvitationMail } from './organisations.mails.ts';
import * as repo from './organisations.repository.ts';

export const INVITATION_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

/** For whom a request acts (decision 0068): an organisation the person belongs to, or null (personal). */
export type OrganisationScope = { actingFor: string | null; managesActing: boolean };
export const PERSONAL_SCOPE: OrganisationScope = { actingFor: null, managesActing: false };

const toOrganisation = (row: repo.OrganisationRow, role: OrganisationRole): Organisation => ({
  _id: row.id,
  legalName: row.legalName,
  gstin: row.gstin,
  billingAddress: row.billingAddress,
  gstState: row.gstState,
  inHouseNotariesOnly: row.inHouseNotariesOnly,
  role,
  createdAt: row.createdAt.toISOString(),
});

export function createOrganisationsService(deps: {
  db: Database;
  mailer: Mailer;
  publicUrl: string;
  now?: () => Date;
}) {
  const { db, mailer } = deps;
  const now = deps.now ?? (() => new Date());

  /** The caller's current role; 404 when they do not belong (or no longer do), as if it did not exist. */
  async function roleIn(tx: DbOrTx, organisationId: string, userId: string): Promise<OrganisationRole> {
    const role = await repo.currentRole(tx, organisationId, userId);
    if (!role) throw organisationErrors.notFound();
    return role as OrganisationRole;
  }
  async function requireManager(tx: DbOrTx, organisationId: string, userId: string) {
    const role = await roleIn(tx, organisationId, userId);
    if (!managesOrganisation(role)) throw organisationErrors.forbidden('admins');
    return role;
  }

  /**
   * Every membership change runs here: the organisation's members locked, the caller's role checked against them,
   * and the organisation left with at least one owner.
   */
  async function changeMembers<T>(
    organisationId: string,
    callerId: string,
    change: (o: {
      tx: DbOrTx;
      callerRole: OrganisationRole;
      members: Array<{ userId: string; role: OrganisationRole }>;
    }) => Promise<T>,
  ) {
    return db.transaction(async (tx) => {
      const members = (await repo.lockMembers(tx, organisationId)) as Array<{
        userId: string;
        role: OrganisationRole;
      }>;
      const caller = members.find((m) => m.userId === callerId);
      if (!caller) throw organisationErrors.notFound();
      return change({ tx, callerRole: caller.role, members });
    });
  }
  /** Membership changes go to the audit trail in their own transaction (decision 0074). */
  const audit = (
    tx: DbOrTx,
    event: {
      userId: string;
      ip?: string | null;
      action: Extract<AuditAction, `organisation.${string}`>;
      organisationId: string;
      detail: string;
    },
  ) =>
    recordAudit(tx, {
      actor: { userId: event.userId, role: 'client', ipAddress: event.ip ?? null },
      action: event.action,
      subject: { type: 'organisation', id: event.organisationId },
      detail: event.detail,
    });
  const ownersLeftWithout = (members: Array<{ userId: string; role: OrganisationRole }>, userId: string) =>
    members.filter((m) => m.role === 'owner' && m.userId !== userId).length;

  return {
    async create(options: { userId: string; details: OrganisationDetailsRequest }) {
      const row = await db.transaction(async (tx) => {
        const created = await repo.insertOrganisation(tx, {
          legalName: options.details.legalName,
          gstin: options.details.gstin,
          billingAddress: options.details.billingAddress,
          gstState: options.details.gstState,
          inHouseNotariesOnly: options.details.inHouseNotariesOnly ?? false,
          createdBy: options.userId,
        });
        await repo.insertMember(tx, { organisationId: created.id, userId: options.userId, role: 'owner' });
        return created;
      });
      return toOrganisation(row, 'owner');
    },

    async list(userId: string): Promise<OrganisationSummary[]> {
      const rows = await repo.membershipsOf(db, userId);
      return rows.map((row) => ({
        _id: row.id,
        legalName: row.legalName,
        role: row.role as OrganisationRole,
      }));
    },

    async get(options: { id: string; userId: string }) {
      const role = await roleIn(db, options.id, options.userId);
      const row = await repo.findOrganisation(db, options.id);
      if (!row) throw organisationErrors.notFound();
      return toOrganisation(row, role);
    },

    async update(options: { id: string; userId: string; details: OrganisationDetailsRequest }) {
      const role = await requireManager(db, options.id, options.userId);
      const row = await repo.updateOrganisation(db, options.id, {
        legalName: options.details.legalName,
        gstin: options.details.gstin,
        billingAddress: options.details.billingAddress,
        gstState: options.details.gstState,
        ...(options.details.inHouseNotariesOnly === undefined
          ? {}
          : { inHouseNotariesOnly: options.details.inHouseNotariesOnly }),
      });
      if (!row) throw organisationErrors.notFound();
      return toOrganisation(row, role);
    },

    /** Every member sees who belongs; owners and admins also see the open invitations. */
    async members(options: { id: string; userId: string }): Promise<OrganisationMembersResponse> {
      const role = await roleIn(db, options.id, options.userId);
      const members = await repo.listMembers(db, options.id);
      const invitations = managesOrganisation(role)
        ? await repo.listOpenInvitations(db, options.id, now())
        : [];
      return {
        members: members.map((m) => ({
          userId: m.userId,
          name: m.name,
          email: m.email,
          role: m.role as OrganisationRole,
          joinedAt: m.joinedAt.toISOString(),
        })),
        invitations: invitations.map(({ invitation, invitedByName }) => ({
          _id: invitation.id,
          email: invitation.email,
          role: invitation.role as OrganisationRole,
          invitedByName,
          expiresAt: invitation.expiresAt.toISOString(),
          createdAt: invitation.createdAt.toISOString(),
        })),
      };
    },

    /** Owners and admins invite; only an owner may invite another owner. The link's token is stored hashed. */
    async invite(options: {
      id: string;
      userId: string;
      email: string;
      role: OrganisationRole;
      ip?: string | null;
    }) {
      await db.transaction(async (tx) => {
        const role = await requireManager(tx, options.id, options.userId);
        if (options.role === 'owner' && role !== 'owner') throw organisationErrors.forbidden('owners');
        const organisation = await repo.findOrganisation(tx, options.id);
        const inviter = await findUserContact(tx, options.userId);
        if (!organisation || !inviter) throw organisationErrors.notFound();
        const members = await repo.listMembers(tx, options.id);
        if (members.some((m) => m.email.toLowerCase() === options.email))
          throw organisationErrors.alreadyMember();
        const token = createToken();
        await repo.insertInvitation(tx, {
          organisationId: options.id,
          email: options.email,
          role: options.role,
          tokenHash: hashToken(token),
          invitedBy: options.userId,
          expiresAt: new Date(now().getTime() + INVITATION_DAYS * DAY_MS),
        });
        await audit(tx, {
          userId: options.userId,
          ip: options.ip,
          action: 'organisation.member_invited',
          organisationId: options.id,
          detail: `${options.email} as ${options.role}`,
        });
        await mailer.enqueue(
          tx,
          organisationInvitationMail({
            to: options.email,
            inviter: inviter.name,
            organisation: organisation.legalName,
            role: options.role,
            days: INVITATION_DAYS,
            url: `${deps.publicUrl}/organisation-invitation/${token}`,
            language: inviter.language,
          }),
        );
      });
      mailer.kick();
      return this.members({ id: options.id, userId: options.userId });
    },

    async withdrawInvitation(options: { id: string; userId: string; invitationId: string }) {
      await requireManager(db, options.id, options.userId);
      if (!(await repo.withdrawInvitation(db, options.id, options.invitationId)))
        throw organisationErrors.invitationInvalid();
    },

    /** What the invitation page shows: only to the person it was sent to. */
    async previewInvitation(options: { token: string; userId: string }) {
      const invitation = await openInvitation(db, options.token);
      const organisation = await repo.findOrganisation(db, invitation.organisationId);
      const person = await findUserContact(db, options.userId);
      if (!organisation || !person) throw organisationErrors.invitationInvalid();
      if (person.email.toLowerCase() !== invitation.email) throw organisationErrors.invitationOtherEmail();
      return {
        organisationName: organisation.legalName,
        role: invitation.role as OrganisationRole,
        email: invitation.email,
      };
    },

    /** Single use: the invitation row is locked and marked accepted in the transaction that adds the member. */
    async accept(options: { token: string; userId: string; ip?: string | null }) {
      const organisationId = await db.transaction(async (tx) => {
        const invitation = await openInvitation(tx, options.token, { lock: true });
        const person = await findUserContact(tx, options.userId);
        if (!person || person.email.toLowerCase() !== invitation.email)
          throw organisationErrors.invitationOtherEmail();
        const members = await repo.lockMembers(tx, invitation.organisationId);
        if (members.some((m) => m.userId === options.userId)) throw organisationErrors.alreadyMember();
        await repo.insertMember(tx, {
          organisationId: invitation.organisationId,
          userId: options.userId,
          role: invitation.role,
        });
        await repo.markInvitationAccepted(tx, invitation.id, options.userId);
        await audit(tx, {
          userId: options.userId,
          ip: options.ip,
          action: 'organisation.member_joined',
          organisationId: invitation.organisationId,
          detail: `${person.email} as ${invitation.role}`,
        });
        return invitation.organisationId;
      });
      return this.get({ id: organisationId, userId: options.userId });
    },

    /**
     * Owners change any role; admins change admins and members but never touch an owner or make one. The last owner
     * stays an owner.
     */
    async changeRole(options: {
      id: string;
      userId: string;
      memberId: string;
      role: OrganisationRole;
      ip?: string | null;
    }) {
      await changeMembers(options.id, options.userId, async ({ tx, callerRole, members }) => {
        if (!managesOrganisation(callerRole)) throw organisationErrors.forbidden('admins');
        const target = members.find((m) => m.userId === options.memberId);
        if (!target) throw organisationErrors.notFound();
        if (callerRole !== 'owner' && (target.role === 'owner' || options.role === 'owner'))
          throw organisationErrors.forbidden('owners');
        if (
          target.role === 'owner' &&
          options.role !== 'owner' &&
          ownersLeftWithout(members, target.userId) === 0
        )
          throw organisationErrors.lastOwner();
        await repo.setRole(tx, options.id, options.memberId, options.role);
        await audit(tx, {
          userId: options.userId,
          ip: options.ip,
          action: 'organisation.role_changed',
          organisationId: options.id,
          detail: `${options.memberId}: ${target.role} → ${options.role}`,
        });
      });
      return this.members({ id: options.id, userId: options.userId });
    },

    /** Removal ends the membership; the person's applications stay with the organisation. */
    async remove(options: { id: string; userId: string; memberId: string; ip?: string | null }) {
      await changeMembers(options.id, options.userId, async ({ tx, callerRole, members }) => {
        if (!managesOrganisation(callerRole)) throw organisationErrors.forbidden('admins');
        const target = members.find((m) => m.userId === options.memberId);
        if (!target) throw organisationErrors.notFound();
        if (target.role === 'owner' && callerRole !== 'owner') throw organisationErrors.forbidden('owners');
        if (target.role === 'owner' && ownersLeftWithout(members, target.userId) === 0)
          throw organisationErrors.lastOwner();
        await repo.endMembership(tx, options.id, options.memberId);
        await audit(tx, {
          userId: options.userId,
          ip: options.ip,
          action: 'organisation.member_removed',
          organisationId: options.id,
          detail: `${options.memberId} (${target.role})`,
        });
      });
      return this.members({ id: options.id, userId: options.userId });
    },

    async leave(options: { id: string; userId: string; ip?: string | null }) {
      await changeMembers(options.id, options.userId, async ({ tx, callerRole, members }) => {
        if (callerRole === 'owner' && ownersLeftWithout(members, options.userId) === 0)
          throw organisationErrors.lastOwner();
        await repo.endMembership(tx, options.id, options.userId);
        await audit(tx, {
          userId: options.userId,
          ip: options.ip,
          action: 'organisation.member_left',
          organisationId: options.id,
          detail: callerRole,
        });
      });
    },

    /**
     * The scope of a request acting for `actingAs` (the X-Acting-As header): 404 `organisations.not_member` unless the
     * person belongs to it now. One query, asked only when the header is sent.
     */
    async scopeOf(userId: string, actingAs: string | null | undefined): Promise<OrganisationScope> {
      if (!actingAs) return PERSONAL_SCOPE;
      const role = (await repo.currentRole(db, actingAs, userId)) as OrganisationRole | undefined;
      if (!role) throw organisationErrors.notMember();
      return { actingFor: actingAs, managesActing: managesOrganisation(role) };
    },

    /** Owners and admins only (the wallet, settings): 404 to others outside, 403 to members. */
    assertManager: async (organisationId: string, userId: string) => {
      await requireManager(db, organisationId, userId);
    },

    /** The GST details an invoice is made out to, without a caller (the billing module's month-end run). */
    detailsForBilling: async (organisationId: string) => {
      const row = await repo.findOrganisation(db, organisationId);
      return row
        ? {
            legalName: row.legalName,
            gstin: row.gstin,
            billingAddress: row.billingAddress,
            gstState: row.gstState,
          }
        : null;
    },

    /** The person's role in the organisation now, or null (for other modules' checks). */
    roleOf: async (organisationId: string, userId: string) =>
      ((await repo.currentRole(db, organisationId, userId)) as OrganisationRole | undefined) ?? null,
  };

  async function openInvitation(tx: DbOrTx, token: string, options: { lock?: boolean } = {}) {
    const invitation = await repo.findInvitationByTokenHash(tx, hashToken(token), options);
    if (!invitation || invitation.acceptedAt || invitation.withdrawnAt || invitation.expiresAt <= now())
      throw organisationErrors.invitationInvalid();
    return invitation;
  }
}

export type OrganisationsService = ReturnType<typeof createOrganisationsService>;
