import type {
  AdminSubscribersQuery,
  AdminSubscribersResponse,
  NewsletterSubscriber,
  NewsletterSubscriberStatus,
} from '@mohar/contracts';
import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { csvFile } from '../../platform/csv.ts';
import { containing } from '../../platform/like-pattern.ts';
import type { Mailer } from '../../platform/mailer.ts';
import { pageCount, pageWindow } from '../../platform/paging.ts';
import { type AuditActor, recordAudit } from '../audit/audit.service.ts';
import * as repo from './newsletter.repository.ts';
import type { UnsubscribeTokens } from './newsletter.service.ts';

const DEFAULT_PAGE_SIZE = 20;
const CSV_MAX_ROWS = 100_000;

const statusOf = (row: repo.SubscriberRow): NewsletterSubscriberStatus =>
  row.unsubscribedAt ? 'unsubscribed' : row.confirmedAt ? 'confirmed' : 'pending';

const subscriberOf = (row: repo.SubscriberRow): NewsletterSubscriber => ({
  _id: row.id,
  email: row.email,
  status: statusOf(row),
  createdAt: row.createdAt.toISOString(),
  confirmedAt: row.confirmedAt?.toISOString() ?? null,
  unsubscribedAt: row.unsubscribedAt?.toISOString() ?? null,
});

const esc = (v: string) => v.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export type AdminNewsletterService = ReturnType<typeof createAdminNewsletterService>;

/** The console's newsletter (issue 22), for `content` (and `owner`): subscribers, their CSV, and mailings. */
export function createAdminNewsletterService(deps: {
  db: Database;
  config: AppConfig;
  mailer: Mailer;
  unsubscribeTokens: UnsubscribeTokens;
}) {
  const { db, config, mailer } = deps;
  const filterOf = (query: AdminSubscribersQuery): repo.SubscriberFilter => ({
    ...(query.status ? { status: query.status } : {}),
    ...(query.search ? { pattern: containing(query.search) } : {}),
  });

  return {
    async list(query: AdminSubscribersQuery): Promise<AdminSubscribersResponse> {
      const page = Number(query.page ?? 1);
      const pageSize = Number(query.pageSize ?? DEFAULT_PAGE_SIZE);
      const { rows, total } = await repo.listSubscribers(db, {
        filter: filterOf(query),
        window: pageWindow(page, pageSize),
      });
      return { subscribers: rows.map(subscriberOf), totalPages: pageCount(total, pageSize), page };
    },

    /** Every matching subscriber as CSV; the export of personal data is itself audited. */
    async csv(options: { query: AdminSubscribersQuery; actor: AuditActor }) {
      const { rows } = await repo.listSubscribers(db, {
        filter: filterOf(options.query),
        window: { limit: CSV_MAX_ROWS, offset: 0 },
      });
      await recordAudit(db, {
        actor: options.actor,
        action: 'newsletter.exported',
        subject: { type: 'newsletter', id: 'subscribers' },
        detail: `${rows.length} rows${options.query.status ? `, ${options.query.status}` : ''}`,
      });
      return csvFile(
        ['email', 'status', 'subscribed_at', 'confirmed_at', 'unsubscribed_at'],
        rows.map((row) => [
          row.email,
          statusOf(row),
          row.createdAt.toISOString(),
          row.confirmedAt?.toISOString() ?? '',
          row.unsubscribedAt?.toISOString() ?? '',
        ]),
      );
    },

    /**
     * A mailing to confirmed subscribers only, each mail with its own one-click unsubscribe link; queued in the
     * outbox in one transaction with its audit event.
     */
    async sendMailing(options: { subject: string; text: string; actor: AuditActor }) {
      const recipients = await db.transaction(async (tx) => {
        const rows = await repo.listRecipients(tx);
        const paragraphs = options.text.split(/\n{2,}/);
        const mails = rows.map((row) => {
          const url = `${config.publicUrl}/newsletter/unsubscribe/${deps.unsubscribeTokens.tokenFor(row.id)}`;
          const footer = `You receive this because you subscribed to Mohar updates. Unsubscribe with one click: ${url}`;
          return {
            to: row.email,
            subject: options.subject,
            text: `${paragraphs.join('\n\n')}\n\n—\n${footer}`,
            html: `<!doctype html><html lang="en"><body style="font-family:Inter,Arial,sans-serif;color:#1b1e3c">${paragraphs.map((p) => `<p>${esc(p)}</p>`).join('')}<hr><p style="font-size:13px;color:#555">You receive this because you subscribed to Mohar updates. <a href="${esc(url)}">Unsubscribe</a> with one click.</p></body></html>`,
          };
        });
        // In slices: one INSERT's parameters are limited.
        for (let i = 0; i < mails.length; i += 500) await mailer.enqueue(tx, mails.slice(i, i + 500));
        await recordAudit(tx, {
          actor: options.actor,
          action: 'newsletter.mailing_sent',
          subject: { type: 'newsletter', id: 'mailing' },
          detail: `${options.subject} (${rows.length} recipients)`,
        });
        return rows.length;
      });
      mailer.kick();
      return recipients;
    },
  };
}
