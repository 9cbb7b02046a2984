import { randomBytes } from 'node:crypto';
import type { CustomerSupportThreadResponse, MySupportTicketsResponse, SupportTopic } from '@mohar/contracts';
import type { AppConfig } from '../../config.ts';
import type { Database, DbOrTx } from '../../db/client.ts';
import { hashToken } from '../../platform/crypto.ts';
import { findApplication } from '../applications/applications.service.ts';
import type { AuthContext } from '../auth/auth.service.ts';
import { supportErrors } from './support.errors.ts';
import * as repo from './support.repository.ts';

export type SupportService = ReturnType<typeof createSupportService>;

// Crockford base32 without I, L, O, U: a reference read out over the phone cannot be misheard.
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

export function createTicketReference(): string {
  const bytes = randomBytes(8);
  let out = '';
  for (const byte of bytes) out += ALPHABET[byte % 32];
  return `MOH-${out.slice(0, 4)}-${out.slice(4)}`;
}

/** What the customer sees of a ticket: internal notes and admins' names never leave the console. */
export async function customerThread(
  db: Database,
  ticket: repo.TicketRow,
): Promise<CustomerSupportThreadResponse> {
  const messages = await repo.listMessages(db, ticket.id);
  return {
    ticket: {
      _id: ticket.id,
      reference: ticket.reference,
      topic: ticket.topic as SupportTopic,
      status: ticket.status as CustomerSupportThreadResponse['ticket']['status'],
      name: ticket.name,
      message: ticket.message,
      createdAt: ticket.createdAt.toISOString(),
    },
    messages: messages.flatMap((m) =>
      m.kind === 'customer' || m.kind === 'reply'
        ? [{ _id: m.id, kind: m.kind, body: m.body, createdAt: m.createdAt.toISOString() }]
        : [],
    ),
  };
}

/**
 * The customer's side of support (issue 22): a ticket from /contact (a visitor's, or a signed-in user's linked to
 * the account and one of their applications), the user's own tickets, and answers by a reply link or signed in.
 */
/**
 * Closing an account (privacy module) deletes the person's support tickets with their threads and reply links.
 * Deleted, not pseudonymised: no law holds them, and what identifies a person in a ticket is its free text (names,
 * addresses, application details), which a pseudonymised header would leave behind. In the closure's transaction.
 */
export const eraseTicketsOfAccount = (tx: DbOrTx, options: { userId: string; email: string }) =>
  repo.deleteTicketsOf(tx, options);

export function createSupportService(deps: { db: Database; config: AppConfig }) {
  const { db } = deps;

  /** A customer's answer: threaded under the ticket, which goes back to `open` (a closed one reopens). */
  async function answer(options: { ticketId: string; body: string; authorId: string | null }) {
    return db.transaction(async (tx) => {
      const ticket = await repo.findTicketForUpdate(tx, options.ticketId);
      if (!ticket) throw supportErrors.ticketNotFound();
      await repo.insertMessage(tx, {
        ticketId: ticket.id,
        kind: 'customer',
        authorId: options.authorId,
        body: options.body,
      });
      // A ticket nobody has answered yet stays `new`: it is still waiting for its first response.
      await repo.updateTicket(tx, {
        id: ticket.id,
        set: { status: ticket.status === 'new' ? 'new' : 'open', lastActivityAt: new Date() },
      });
      return ticket;
    });
  }

  async function ticketByToken(token: string) {
    const ticketId = await repo.findTicketIdByTokenHash(db, hashToken(token));
    const ticket = ticketId ? await repo.findTicket(db, ticketId) : undefined;
    if (!ticket) throw supportErrors.replyLinkInvalid();
    return ticket;
  }

  async function ownTicket(auth: AuthContext, id: string) {
    const ticket = await repo.findTicket(db, id);
    if (!ticket || ticket.userId !== auth.user.id) throw supportErrors.ticketNotFound();
    return ticket;
  }

  return {
    async createTicket(options: {
      name: string;
      email: string;
      phone?: string | undefined;
      topic: SupportTopic;
      message: string;
      applicationId?: string | undefined;
      /** The signed-in sender, if any: the ticket is linked to the account. */
      auth: AuthContext | null;
      ipAddress: string;
      userAgent: string | undefined;
    }): Promise<{ reference: string }> {
      const userId = options.auth?.user.id ?? null;
      let applicationId: string | null = null;
      if (options.applicationId) {
        const application = userId ? await findApplication(db, options.applicationId) : undefined;
        if (!application || application.ownerId !== userId) throw supportErrors.applicationNotFound();
        applicationId = application.id;
      }
      const ticket = await repo.insertTicket(db, {
        reference: createTicketReference(),
        name: options.name,
        email: options.email,
        phone: options.phone ?? null,
        topic: options.topic,
        message: options.message,
        userId,
        applicationId,
        ipAddress: options.ipAddress,
        userAgent: options.userAgent?.slice(0, 500) ?? null,
      });
      return { reference: ticket.reference };
    },

    async listMine(auth: AuthContext): Promise<MySupportTicketsResponse> {
      const rows = await repo.listTicketsOfUser(db, auth.user.id);
      return {
        tickets: rows.map((t) => ({
          _id: t.id,
          reference: t.reference,
          topic: t.topic as SupportTopic,
          status: t.status as MySupportTicketsResponse['tickets'][number]['status'],
          createdAt: t.createdAt.toISOString(),
          lastActivityAt: t.lastActivityAt.toISOString(),
        })),
      };
    },

    async readMine(options: { auth: AuthContext; id: string }) {
      return customerThread(db, await ownTicket(options.auth, options.id));
    },

    async answerMine(options: { auth: AuthContext; id: string; body: string }) {
      const ticket = await ownTicket(options.auth, options.id);
      await answer({ ticketId: ticket.id, body: options.body, authorId: options.auth.user.id });
      return customerThread(db, (await repo.findTicket(db, ticket.id)) ?? ticket);
    },

    async readByToken(token: string) {
      return customerThread(db, await ticketByToken(token));
    },

    async answerByToken(options: { token: string; body: string }) {
      const ticket = await ticketByToken(options.token);
      await answer({ ticketId: ticket.id, body: options.body, authorId: null });
      return customerThread(db, (await repo.findTicket(db, ticket.id)) ?? ticket);
    },
  };
}
