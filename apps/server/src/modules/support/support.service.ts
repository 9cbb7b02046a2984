import { randomBytes } from 'node:crypto';
import type { SupportTopic } from '@mohar/contracts';
import type { Database } from '../../db/client.ts';
import { insertTicket } from './support.repository.ts';

export type SupportService = ReturnType<typeof createSupportService>;

// Crockford base32 without I, L, O, U: a reference read out over the phone cannot be misheard.
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

export function createTicketReference(): string {
  const bytes = randomBytes(8);
  let out = '';
  for (const byte of bytes) out += ALPHABET[byte % 32];
  return `MOH-${out.slice(0, 4)}-${out.slice(4)}`;
}

export function createSupportService(deps: { db: Database }) {
  return {
    async createTicket(options: {
      name: string;
      email: string;
      phone?: string | undefined;
      topic: SupportTopic;
      message: string;
      ipAddress: string;
      userAgent: string | undefined;
    }): Promise<{ reference: string }> {
      const ticket = await insertTicket(deps.db, {
        reference: createTicketReference(),
        name: options.name,
        email: options.email,
        phone: options.phone ?? null,
        topic: options.topic,
        message: options.message,
        ipAddress: options.ipAddress,
        userAgent: options.userAgent?.slice(0, 500) ?? null,
      });
      return { reference: ticket.reference };
    },
  };
}
