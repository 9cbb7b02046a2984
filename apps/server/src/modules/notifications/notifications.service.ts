import {
  type MarkNotificationsReadRequest,
  NEW_NOTIFICATION_EVENT,
  NOTICE_KEYS,
  type NoticeKey,
  type Notification,
  type NotificationKind,
  type NotificationsQuery,
} from '@mohar/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config.ts';
import type { Database, DbOrTx } from '../../db/client.ts';
import type { Jobs } from '../../platform/jobs.ts';
import { mailLanguage, simpleMail } from '../../platform/mail-layout.ts';
import type { Mailer } from '../../platform/mailer.ts';
import { findUserContact } from '../auth/auth.service.ts';
import { findAvailableNotaryIds } from '../notaries/notaries.service.ts';
import { NOTICE_MAIL, type NoticeParams, noticeSentence } from './notice-texts.ts';
import { notificationErrors } from './notifications.errors.ts';
import * as repo from './notifications.repository.ts';
import { deliveriesOf, listPreferences, savePreferences } from './preferences.ts';

/** What a module tells a user. `applicationId` puts the path `application-view/{id}` into the message (spec §3). */
export type NotificationInput = {
  userId: string;
  applicationId?: string | null;
  kind: NotificationKind;
  /** A sentence of the notification texts (in every language), or a free English text (development helper). */
  text: { key: NoticeKey; params?: NoticeParams } | string;
  /** Sealed documents and actions needed: also e-mailed when the user had no live connection. */
  isImportant?: boolean;
};

/** Pushes to a user's live connections; the realtime platform in the app, nothing in a process without sockets. */
export type Pusher = {
  toUser: (userId: string, event: string, payload: unknown) => void;
  isUserOnline: (userId: string) => Promise<boolean>;
};

export const applicationPath = (applicationId: string) => `application-view/${applicationId}`;

const isNoticeKey = (key: string | null): key is NoticeKey =>
  key !== null && (NOTICE_KEYS as readonly string[]).includes(key);

/** Parameters without the absent ones: stored and sent as plain strings. */
const presentParams = (params: NoticeParams = {}): Record<string, string> =>
  Object.fromEntries(Object.entries(params).filter((entry): entry is [string, string] => entry[1] != null));

export function toNotification(row: repo.NotificationRow): Notification {
  return {
    text: isNoticeKey(row.textKey) ? { key: row.textKey, params: row.textParams ?? {} } : null,
    _id: row.id,
    seq: row.seq,
    userId: row.userId,
    applicationId: row.applicationId,
    kind: row.kind as NotificationKind,
    message: row.message,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
  };
}

const BATCH = 50;
const CATCH_UP_LIMIT = 100;
const DISPATCH_JOB = 'notifications.dispatch';

export type NotificationsService = ReturnType<typeof createNotificationsService>;

/**
 * The notification feed (issue 8). `notify` writes rows in the caller's transaction (nothing is pushed if it rolls
 * back); the dispatcher pushes committed rows to the user's sockets and marks them, at least once: after a crash it
 * finds the unmarked rows again, and clients drop ids they have already seen.
 */
export function createNotificationsService(deps: {
  db: Database;
  config: AppConfig;
  mailer: Mailer;
  log: FastifyBaseLogger;
  jobs: Jobs;
  pollMs?: number;
}) {
  const { db } = deps;
  let pusher: Pusher | null = null;

  async function dispatchBatch(rows: repo.NotificationRow[]) {
    const ordered = [...rows].sort((a, b) => a.seq - b.seq);
    const mails: repo.NotificationRow[] = [];
    const deliveryOf = await deliveriesOf(
      db,
      ordered.filter((row) => row.isImportant).map((row) => row.userId),
    );
    for (const row of ordered) {
      const payload = toNotification(row);
      pusher?.toUser(row.userId, NEW_NOTIFICATION_EVENT, payload);
      // The fallback e-mail only for people who want this kind by e-mail (issue 26).
      if (
        row.isImportant &&
        deliveryOf(row.userId, row.kind).email &&
        !(await pusher?.isUserOnline(row.userId).catch(() => false))
      )
        mails.push(row);
    }
    await db.transaction(async (tx) => {
      for (const row of mails) await enqueueFallbackMail(tx, row);
      await repo.markDispatched(
        tx,
        ordered.map((row) => row.id),
      );
    });
    if (mails.length > 0) deps.mailer.kick();
  }

  async function enqueueFallbackMail(
    tx: DbOrTx,
    row: Pick<repo.NotificationRow, 'userId' | 'textKey' | 'textParams' | 'message' | 'applicationId'>,
  ) {
    const to = await findUserContact(tx, row.userId);
    if (!to) return;
    const language = mailLanguage(to.language);
    const text = isNoticeKey(row.textKey)
      ? noticeSentence({ key: row.textKey, params: row.textParams ?? {}, language })
      : row.message.replace(/\s*application-view\/[\w-]+\s*$/, '');
    await deps.mailer.enqueue(
      tx,
      simpleMail({
        to: to.email,
        language,
        subject: text.length > 90 ? `${text.slice(0, 87)}…` : text,
        lines: [
          NOTICE_MAIL[language].hello(to.name),
          text,
          ...(row.applicationId ? [`${deps.config.publicUrl}/${applicationPath(row.applicationId)}`] : []),
        ],
      }),
    );
  }

  async function drain() {
    for (;;) {
      const rows = await repo.claimUndispatched(db, BATCH);
      if (rows.length === 0) return;
      await dispatchBatch(rows);
    }
  }

  // At start, then each second: catches what no kick announced (another process, a crash before the kick).
  deps.jobs.register({ name: DISPATCH_JOB, intervalMs: deps.pollMs ?? 1_000, runAtStart: true, run: drain });

  return {
    /** Writes notifications inside the caller's transaction. Call `kick()` after it commits (or wait for the poll). */
    async notify(tx: DbOrTx, inputs: NotificationInput | NotificationInput[]) {
      const all = Array.isArray(inputs) ? inputs : [inputs];
      const deliveryOf = await deliveriesOf(
        tx,
        all.map((input) => input.userId),
      );
      const rows = all.map((input) => {
        const params = typeof input.text === 'string' ? null : presentParams(input.text.params);
        const english =
          typeof input.text === 'string'
            ? input.text
            : noticeSentence({ key: input.text.key, params: params ?? {}, language: 'en' });
        return {
          userId: input.userId,
          applicationId: input.applicationId ?? null,
          kind: input.kind,
          message: input.applicationId ? `${english} ${applicationPath(input.applicationId)}` : english,
          textKey: typeof input.text === 'string' ? null : input.text.key,
          textParams: params,
          isImportant: input.isImportant ?? false,
        };
      });
      // Kinds a person turned off in the feed are not written there (issue 26); an important one still goes by
      // e-mail when they want that kind by e-mail, since no feed will show it.
      const inFeed = rows.filter((row) => deliveryOf(row.userId, row.kind).inApp);
      await repo.insertNotifications(tx, inFeed);
      const mailOnly = rows.filter(
        (row) =>
          !deliveryOf(row.userId, row.kind).inApp &&
          row.isImportant &&
          deliveryOf(row.userId, row.kind).email,
      );
      for (const row of mailOnly) await enqueueFallbackMail(tx, row);
    },
    /** For callers with no transaction of their own (development helpers): written at once. */
    async notifyNow(inputs: NotificationInput | NotificationInput[]) {
      await this.notify(db, inputs);
    },
    /** A request for "first available": offered to every notary who is verified and online at this moment. */
    async notifyAvailableNotaries(tx: DbOrTx, input: Omit<NotificationInput, 'userId'>) {
      const notaryIds = await findAvailableNotaryIds(tx);
      await this.notify(
        tx,
        notaryIds.map((userId) => ({ ...input, userId })),
      );
      return notaryIds;
    },
    kick() {
      deps.jobs.kick(DISPATCH_JOB);
      deps.mailer.kick();
    },
    /** The person's choices per kind (the profile). */
    preferences: (userId: string) => listPreferences(db, userId),
    savePreferences: (options: Parameters<typeof savePreferences>[1]) => savePreferences(db, options),
    /** Pushes what is waiting; a call during a pass makes one more pass. */
    dispatch: () => deps.jobs.run(DISPATCH_JOB),
    /** What waits to be pushed and the oldest one's age: the outbox's lag, for the metrics. */
    outboxLag: () => repo.undispatchedLag(db),
    /** Connects the dispatcher to the sockets, before the registry starts it. */
    connect(realtime: Pusher) {
      pusher = realtime;
    },

    async list(userId: string, query: NotificationsQuery) {
      const page = Number(query.page ?? 1);
      const pageSize = Number(query.pageSize ?? 20);
      if (query.after) {
        const rows = await repo.listAfter(db, userId, query.after, CATCH_UP_LIMIT);
        if (!rows) throw notificationErrors.notFound();
        return {
          notifications: rows.map(toNotification),
          unreadCount: await repo.unreadCount(db, userId),
          page: 1,
          totalPages: 1,
          total: rows.length,
        };
      }
      const { rows, total } = await repo.listPage(db, userId, { page, pageSize });
      return {
        notifications: rows.map(toNotification),
        unreadCount: await repo.unreadCount(db, userId),
        page,
        totalPages: Math.max(1, Math.ceil(total / pageSize)),
        total,
      };
    },

    /** Erasing a closed account's feed, in the closure's transaction; how many went. */
    eraseAllOf: (tx: DbOrTx, userId: string) => repo.deleteAllOf(tx, userId),

    async markRead(userId: string, request: MarkNotificationsReadRequest) {
      const updated = await repo.markRead(db, userId, 'all' in request ? 'all' : request.ids);
      return { updated, unreadCount: await repo.unreadCount(db, userId) };
    },
  };
}
