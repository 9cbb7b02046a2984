import {
  type AdminSupportTicket,
  type AdminSupportTicketResponse,
  type AdminSupportTicketsQuery,
  type AdminSupportTicketsResponse,
  SUPPORT_FIRST_RESPONSE_TARGET_MINUTES,
  type SupportThreadMessage,
  type SupportTicketStatus,
  type SupportTopic,
} from '@mohar/contracts';
import type { AppConfig } from '../../config.ts';
import type { Database, DbOrTx } from '../../db/client.ts';
import { createToken, hashToken } from '../../platform/crypto.ts';
import { isUuid } from '../../platform/ids.ts';
import { containing } from '../../platform/like-pattern.ts';
import { simpleMail } from '../../platform/mail-layout.ts';
import type { Mailer } from '../../platform/mailer.ts';
import { pageCount, pageWindow } from '../../platform/paging.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { type AuthContext, findActiveAdmins, findUserContacts } from '../auth/auth.service.ts';
import { serviceMinutesBetween } from '../sessions/service-hours.ts';
import { supportErrors } from './support.errors.ts';
import * as repo from './support.repository.ts';

/** The moves an admin may make by hand; a reply moves any open ticket to `waiting_on_customer` by itself. */
const ALLOWED_MOVES: Record<SupportTicketStatus, readonly SupportTicketStatus[]> = {
  new: ['open', 'closed'],
  open: ['waiting_on_customer', 'closed'],
  waiting_on_customer: ['open', 'closed'],
  closed: ['open'],
};

const ASSIGNABLE_ROLES = ['support', 'owner'];
const DEFAULT_PAGE_SIZE = 20;

type AdminActor = { auth: AuthContext; ipAddress: string };

const auditActor = (actor: AdminActor) => ({
  userId: actor.auth.user.id,
  role: 'admin',
  adminRoles: actor.auth.user.adminRoles,
  ipAddress: actor.ipAddress,
});

export type AdminSupportService = ReturnType<typeof createAdminSupportService>;

/**
 * The console's support inbox (issue 22), for `support` (and `owner`): the list, a ticket's thread, replies sent by
 * e-mail with a reply link, internal notes, status and assignment. Every action is audited in its transaction.
 */
export function createAdminSupportService(deps: {
  db: Database;
  config: AppConfig;
  mailer: Mailer;
  now?: (() => Date) | undefined;
}) {
  const { db, config, mailer } = deps;
  const holidays = new Set(config.holidays);
  const now = () => deps.now?.() ?? new Date();

  /** Service-hours minutes to the first reply (or until now), and whether that is past the target. */
  function responseTime(ticket: repo.TicketRow) {
    const minutes = serviceMinutesBetween({
      from: ticket.createdAt,
      to: ticket.firstResponseAt ?? now(),
      holidays,
    });
    return { firstResponseMinutes: minutes, isResponseLate: minutes > SUPPORT_FIRST_RESPONSE_TARGET_MINUTES };
  }

  async function namesOf(db: DbOrTx, ids: ReadonlyArray<string | null>) {
    const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
    const contacts = await findUserContacts(db, wanted);
    return new Map(contacts.map((c) => [c.id, { _id: c.id, name: c.name }]));
  }

  function summaryOf(
    ticket: repo.TicketRow,
    names: Map<string, { _id: string; name: string }>,
  ): AdminSupportTicket {
    return {
      _id: ticket.id,
      reference: ticket.reference,
      name: ticket.name,
      email: ticket.email,
      topic: ticket.topic as SupportTopic,
      status: ticket.status as SupportTicketStatus,
      assignee: ticket.assigneeId ? (names.get(ticket.assigneeId) ?? null) : null,
      hasAccount: ticket.userId !== null,
      createdAt: ticket.createdAt.toISOString(),
      lastActivityAt: ticket.lastActivityAt.toISOString(),
      firstResponseAt: ticket.firstResponseAt?.toISOString() ?? null,
      ...responseTime(ticket),
    };
  }

  async function assignees() {
    const admins = await findActiveAdmins(db);
    return admins.filter((a) => a.adminRoles.some((role) => ASSIGNABLE_ROLES.includes(role)));
  }

  async function lockTicket(tx: DbOrTx, id: string) {
    const ticket = await repo.findTicketForUpdate(tx, id);
    if (!ticket) throw supportErrors.ticketNotFound();
    return ticket;
  }

  async function getTicket(id: string): Promise<AdminSupportTicketResponse> {
    const ticket = await repo.findTicket(db, id);
    if (!ticket) throw supportErrors.ticketNotFound();
    const [messages, people] = await Promise.all([repo.listMessages(db, id), assignees()]);
    const names = await namesOf(db, [ticket.assigneeId, ...messages.map((m) => m.authorId)]);
    return {
      ticket: {
        ...summaryOf(ticket, names),
        phone: ticket.phone,
        message: ticket.message,
        userId: ticket.userId,
        applicationId: ticket.applicationId,
      },
      messages: messages.map(
        (m): SupportThreadMessage => ({
          _id: m.id,
          kind: m.kind as SupportThreadMessage['kind'],
          body: m.body,
          createdAt: m.createdAt.toISOString(),
          // The customer's own answers carry no admin's name, even when they were signed in.
          author: m.kind === 'customer' || !m.authorId ? null : (names.get(m.authorId) ?? null),
        }),
      ),
      assignees: people.map((a) => ({ _id: a.id, name: a.name })),
    };
  }

  return {
    /** The dashboard's counts: tickets to handle, and those with no reply yet past the target (issue 22). */
    async countActive(): Promise<{ ticketsOpen: number; ticketsLate: number }> {
      const { active, unansweredSince } = await repo.findActiveTicketTimes(db);
      const at = now();
      const late = unansweredSince.filter(
        (from) => serviceMinutesBetween({ from, to: at, holidays }) > SUPPORT_FIRST_RESPONSE_TARGET_MINUTES,
      ).length;
      return { ticketsOpen: active, ticketsLate: late };
    },

    async listTickets(
      query: AdminSupportTicketsQuery & { auth: AuthContext },
    ): Promise<AdminSupportTicketsResponse> {
      const page = Number(query.page ?? 1);
      const pageSize = Number(query.pageSize ?? DEFAULT_PAGE_SIZE);
      const status = query.status ?? 'active';
      const assignee = query.assignee;
      const { rows, total } = await repo.listTickets(db, {
        filter: {
          statuses:
            status === 'all' ? [] : status === 'active' ? ['new', 'open', 'waiting_on_customer'] : [status],
          assigneeId:
            assignee === 'me'
              ? query.auth.user.id
              : assignee === 'none'
                ? null
                : assignee && isUuid(assignee)
                  ? assignee
                  : undefined,
          ...(query.search ? { pattern: containing(query.search) } : {}),
        },
        window: pageWindow(page, pageSize),
      });
      const names = await namesOf(
        db,
        rows.map((r) => r.assigneeId),
      );
      return { tickets: rows.map((r) => summaryOf(r, names)), totalPages: pageCount(total, pageSize), page };
    },

    getTicket,

    /**
     * A reply to the customer: stored in the thread, e-mailed with a fresh reply link (its token kept hashed) in
     * the same transaction (the outbox), and the ticket waits on the customer. The first reply stops the
     * first-response clock.
     */
    async reply(options: { id: string; body: string; actor: AdminActor }) {
      await db.transaction(async (tx) => {
        const ticket = await lockTicket(tx, options.id);
        if (ticket.status === 'closed') throw supportErrors.closed();
        await repo.insertMessage(tx, {
          ticketId: ticket.id,
          kind: 'reply',
          authorId: options.actor.auth.user.id,
          body: options.body,
        });
        const at = new Date();
        await repo.updateTicket(tx, {
          id: ticket.id,
          set: {
            status: 'waiting_on_customer',
            lastActivityAt: at,
            ...(ticket.firstResponseAt ? {} : { firstResponseAt: at }),
          },
        });
        const token = createToken();
        await repo.insertReplyToken(tx, { ticketId: ticket.id, tokenHash: hashToken(token) });
        await mailer.enqueue(
          tx,
          simpleMail({
            to: ticket.email,
            subject: `Re: your Mohar support request ${ticket.reference}`,
            lines: [
              `Hello ${ticket.name},`,
              ...options.body.split(/\n{2,}/),
              `To answer, open this link (no sign-in needed): ${config.publicUrl}/support/reply/${token}`,
              `Reference ${ticket.reference}. Please do not reply to this e-mail directly.`,
            ],
          }),
        );
        await recordAudit(tx, {
          actor: auditActor(options.actor),
          action: 'support.reply',
          subject: { type: 'support_ticket', id: ticket.id },
          detail: `${ticket.reference}: ${ticket.status} → waiting_on_customer`,
        });
      });
      mailer.kick();
      return getTicket(options.id);
    },

    /** An internal note: in the console's thread only, never shown or mailed to the customer. */
    async addNote(options: { id: string; body: string; actor: AdminActor }) {
      await db.transaction(async (tx) => {
        const ticket = await lockTicket(tx, options.id);
        await repo.insertMessage(tx, {
          ticketId: ticket.id,
          kind: 'note',
          authorId: options.actor.auth.user.id,
          body: options.body,
        });
        await recordAudit(tx, {
          actor: auditActor(options.actor),
          action: 'support.note',
          subject: { type: 'support_ticket', id: ticket.id },
          detail: ticket.reference,
        });
      });
      return getTicket(options.id);
    },

    async setStatus(options: { id: string; status: SupportTicketStatus; actor: AdminActor }) {
      await db.transaction(async (tx) => {
        const ticket = await lockTicket(tx, options.id);
        const from = ticket.status as SupportTicketStatus;
        if (!ALLOWED_MOVES[from].includes(options.status))
          throw supportErrors.illegalTransition(from, options.status);
        await repo.updateTicket(tx, { id: ticket.id, set: { status: options.status } });
        await recordAudit(tx, {
          actor: auditActor(options.actor),
          action: 'support.status_changed',
          subject: { type: 'support_ticket', id: ticket.id },
          detail: `${ticket.reference}: ${from} → ${options.status}`,
        });
      });
      return getTicket(options.id);
    },

    /** Gives the ticket to an active admin who works support (or an owner), or to nobody (`null`). */
    async assign(options: { id: string; assigneeId: string | null; actor: AdminActor }) {
      if (options.assigneeId && !(await assignees()).some((a) => a.id === options.assigneeId))
        throw supportErrors.assigneeInvalid();
      await db.transaction(async (tx) => {
        const ticket = await lockTicket(tx, options.id);
        await repo.updateTicket(tx, { id: ticket.id, set: { assigneeId: options.assigneeId } });
        await recordAudit(tx, {
          actor: auditActor(options.actor),
          action: 'support.assigned',
          subject: { type: 'support_ticket', id: ticket.id },
          detail: `${ticket.reference}: ${options.assigneeId ?? 'nobody'}`,
        });
      });
      return getTicket(options.id);
    },
  };
}
