import { and, desc, eq, inArray, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Database, DbOrTx } from '../db/client.ts';
import { mailOutbox } from '../db/schema.ts';
import type { Jobs } from './jobs.ts';

/** A small text file sent with a mail (a calendar file), kept in the outbox as written. */
export type MailAttachment = { filename: string; contentType: string; content: string };
export type Mail = {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
};

const MAX_ATTEMPTS = 6;
const BATCH = 10;
const LEASE_MS = 60_000;
const POLL_MS = 5_000;
const MAIL_JOB = 'mail.send';
/** 30 s, 1 min, 2 min, 4 min, 8 min between attempts. */
const backoffMs = (attempts: number) => 30_000 * 2 ** Math.max(0, attempts - 1);

/**
 * Transactional outbox for e-mail. `enqueue` writes the mail in the caller's transaction, so a mail exists exactly
 * when the change that caused it committed; `kick` (after commit) and a 5 s poll (a job in the registry) send due
 * mail, retrying with backoff, so a slow or failing mail server never fails the request. Rows are claimed with a lease
 * (FOR UPDATE SKIP LOCKED), so several processes never send one mail twice. Without SMTP_URL nothing leaves the machine: the outbox is the
 * development mailbox.
 */
export function createMailer(deps: {
  db: Database;
  smtpUrl: string | undefined;
  from: string;
  logger: FastifyBaseLogger;
  jobs: Jobs;
}) {
  const transport = deps.smtpUrl ? nodemailer.createTransport(deps.smtpUrl) : null;

  async function claimDue(): Promise<Array<typeof mailOutbox.$inferSelect>> {
    const due = deps.db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(
        or(
          and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, sql`now()`)),
          and(eq(mailOutbox.status, 'sending'), lte(mailOutbox.lockedUntil, sql`now()`)),
        ),
      )
      .orderBy(mailOutbox.createdAt)
      .limit(BATCH)
      .for('update', { skipLocked: true });
    return deps.db
      .update(mailOutbox)
      .set({ status: 'sending', lockedUntil: sql`now() + ${`${LEASE_MS} milliseconds`}::interval` })
      .where(inArray(mailOutbox.id, due))
      .returning();
  }

  async function deliver(mail: typeof mailOutbox.$inferSelect) {
    const attempts = mail.attempts + 1;
    try {
      if (transport) {
        await transport.sendMail({
          from: deps.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          ...(mail.attachments ? { attachments: mail.attachments } : {}),
        });
      }
      await deps.db
        .update(mailOutbox)
        .set({ status: 'sent', attempts, sentAt: sql`now()`, lockedUntil: null, lastError: null })
        .where(eq(mailOutbox.id, mail.id));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const isFinal = attempts >= MAX_ATTEMPTS;
      deps.logger.warn({ mailId: mail.id, attempts, isFinal, err: message }, 'mail delivery failed');
      await deps.db
        .update(mailOutbox)
        .set({
          status: isFinal ? 'failed' : 'pending',
          attempts,
          lockedUntil: null,
          lastError: message.slice(0, 500),
          nextAttemptAt: new Date(Date.now() + backoffMs(attempts)),
        })
        .where(eq(mailOutbox.id, mail.id));
    }
  }

  async function drain() {
    for (;;) {
      const batch = await claimDue();
      if (batch.length === 0) return;
      for (const mail of batch) await deliver(mail);
    }
  }

  deps.jobs.register({ name: MAIL_JOB, intervalMs: POLL_MS, run: drain });

  return {
    /** Adds mail to the outbox inside the caller's transaction. */
    async enqueue(db: DbOrTx, mails: Mail | Mail[]) {
      const list = Array.isArray(mails) ? mails : [mails];
      if (list.length > 0) await db.insert(mailOutbox).values(list);
    },
    /** Call after the transaction committed: starts sending without waiting for the next poll. */
    kick() {
      deps.jobs.kick(MAIL_JOB);
    },
    /** Sends what is due now; a call during a pass makes one more pass. */
    sendDue: () => deps.jobs.run(MAIL_JOB),
    /** Mail not yet sent (waiting or being sent) and how long the oldest has waited (seconds), for the metrics. */
    async outboxLag(): Promise<{ waiting: number; oldestSeconds: number }> {
      const [row] = await deps.db
        .select({
          waiting: sql<number>`count(*)::int`,
          oldestSeconds: sql<number>`coalesce(extract(epoch from now() - min(${mailOutbox.createdAt})), 0)::float8`,
        })
        .from(mailOutbox)
        .where(inArray(mailOutbox.status, ['pending', 'sending']));
      return { waiting: Number(row?.waiting ?? 0), oldestSeconds: Number(row?.oldestSeconds ?? 0) };
    },
    /** The newest mail first: the development mailbox (and tests). */
    listRecent(limit = 50) {
      return deps.db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt)).limit(limit);
    },
  };
}
export type Mailer = ReturnType<typeof createMailer>;
