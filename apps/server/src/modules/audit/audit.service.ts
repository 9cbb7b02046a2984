import type { AuditAction, AuditEvent } from '@mohar/contracts';
import type { Database, DbOrTx } from '../../db/client.ts';
import { csvFile } from '../../platform/csv.ts';
import { isUuid } from '../../platform/ids.ts';
import { containing } from '../../platform/like-pattern.ts';
import { pageCount, pageWindow } from '../../platform/paging.ts';
import * as repo from './audit.repository.ts';

/** Who did something: an account (with its role, and an admin's roles), or a signatory by link, or the platform. */
export type AuditActor = {
  userId: string | null;
  role: string;
  adminRoles?: readonly string[];
  ipAddress: string | null;
};

/**
 * Records one audited event. Every module calls this in the transaction of the change it records (pass the `tx`),
 * so the event and the change commit or roll back together; reads of sensitive records (identity images,
 * recordings, the register) record theirs before the bytes are sent.
 */
export async function recordAudit(
  db: DbOrTx,
  event: {
    actor: AuditActor;
    action: AuditAction;
    subject: { type: string; id: string };
    detail?: string | null;
  },
) {
  await repo.insertEvent(db, {
    actorId: event.actor.userId,
    actorRole: event.actor.role,
    actorAdminRoles: [...(event.actor.adminRoles ?? [])],
    action: event.action,
    subjectType: event.subject.type,
    subjectId: event.subject.id,
    detail: event.detail ?? null,
    ipAddress: event.actor.ipAddress,
  });
}

/** What the audit view needs of accounts (the auth module's, passed in so this module does not import it). */
export type AuditAccounts = {
  findContacts: (
    db: DbOrTx,
    ids: readonly string[],
  ) => Promise<Array<{ id: string; name: string; email: string }>>;
  findIdsMatching: (db: DbOrTx, text: string, limit: number) => Promise<string[]>;
  findIdByEmail: (db: DbOrTx, email: string) => Promise<string | undefined>;
};

export type AuditFilters = {
  search?: string;
  action?: AuditAction;
  actor?: string;
  from?: string;
  to?: string;
};

const CSV_MAX_ROWS = 10_000;
const SEARCH_MAX_ACTORS = 50;
const DAY_MS = 86_400_000;
/** A day in India starts at 00:00 IST. */
const istMidnight = (day: string) => new Date(`${day}T00:00:00+05:30`);

export type AuditService = ReturnType<typeof createAuditService>;

export function createAuditService(deps: { db: Database; accounts: AuditAccounts }) {
  const { db, accounts } = deps;

  async function filterOf(filters: AuditFilters): Promise<repo.AuditFilter> {
    const search = filters.search?.trim();
    let actorId: string | null | undefined;
    if (filters.actor) {
      actorId = isUuid(filters.actor)
        ? filters.actor
        : ((await accounts.findIdByEmail(db, filters.actor)) ?? null);
    }
    return {
      pattern: search ? containing(search) : undefined,
      searchActorIds: search ? await accounts.findIdsMatching(db, search, SEARCH_MAX_ACTORS) : undefined,
      action: filters.action,
      actorId,
      from: filters.from ? istMidnight(filters.from) : undefined,
      before: filters.to ? new Date(istMidnight(filters.to).getTime() + DAY_MS) : undefined,
    };
  }

  async function toEvents(rows: repo.AuditRow[]): Promise<AuditEvent[]> {
    const ids = [...new Set(rows.flatMap((row) => (row.actorId ? [row.actorId] : [])))];
    const contacts = new Map((await accounts.findContacts(db, ids)).map((c) => [c.id, c]));
    return rows.map((row) => {
      const contact = row.actorId ? contacts.get(row.actorId) : undefined;
      return {
        _id: row.id,
        createdAt: row.createdAt.toISOString(),
        actor: contact ? { _id: contact.id, name: contact.name, email: contact.email } : null,
        actorRole: row.actorRole,
        actorAdminRoles: row.actorAdminRoles,
        action: row.action as AuditAction,
        subjectType: row.subjectType,
        subjectId: row.subjectId,
        detail: row.detail,
        ipAddress: row.ipAddress,
      };
    });
  }

  return {
    async list(options: AuditFilters & { page?: number; pageSize?: number }) {
      const { page = 1, pageSize = 25 } = options;
      const found = await repo.listEvents(db, await filterOf(options), pageWindow(page, pageSize));
      return { events: await toEvents(found.rows), totalPages: pageCount(found.total, pageSize), page };
    },

    /** The same filters as a spreadsheet (the newest 10,000 events); every cell safe from formula injection. */
    async csv(filters: AuditFilters): Promise<string> {
      const found = await repo.listEvents(db, await filterOf(filters), { limit: CSV_MAX_ROWS, offset: 0 });
      const events = await toEvents(found.rows);
      return csvFile(
        [
          'When (UTC)',
          'Who',
          'E-mail',
          'Role',
          'Admin roles',
          'Action',
          'Record',
          'Record id',
          'Detail',
          'IP address',
        ],
        events.map((e) => [
          e.createdAt,
          e.actor?.name ?? '',
          e.actor?.email ?? '',
          e.actorRole,
          e.actorAdminRoles.join(' '),
          e.action,
          e.subjectType,
          e.subjectId,
          e.detail ?? '',
          e.ipAddress ?? '',
        ]),
      );
    },
  };
}
