import { Readable } from 'node:stream';
import { DATA_EXPORT_DAYS, type DataExport, type DataExportStatus } from '@mohar/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../platform/app-error.ts';
import type { BlobStore } from '../../platform/blob-store.ts';
import type { Jobs } from '../../platform/jobs.ts';
import type { Mailer } from '../../platform/mailer.ts';
import { type ZipEntry, zipStream } from '../../platform/zip-stream.ts';
import type { ApplicationsService } from '../applications/applications.service.ts';
import { findAccountForExport, findUserContact } from '../auth/auth.service.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import type { PaymentsService } from '../payments/payments.service.ts';
import type { SealingService } from '../sealing/sealing.service.ts';
import type { BookingsService } from '../sessions/bookings.service.ts';
import * as repo from './exports.repository.ts';
import { privacyErrors } from './privacy.errors.ts';
import { exportReadyMail } from './privacy.mails.ts';
import { listConsentsOf } from './privacy.repository.ts';
import { recordingFactsOf } from './recording-facts.ts';

const DAY_MS = 86_400_000;
export const EXPORT_JOB = 'privacy.exports';

function toExport(row: repo.DataExportRow): DataExport {
  return {
    _id: row.id,
    status: row.status as DataExportStatus,
    requestedAt: row.requestedAt.toISOString(),
    readyAt: row.readyAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    sizeBytes: row.sizeBytes,
  };
}

const json = (name: string, value: unknown): ZipEntry => ({
  name,
  open: async () => Buffer.from(`${JSON.stringify(value, null, 2)}\n`),
});

/** A file name from the person's upload, safe inside the archive (no folders, no control characters). */
const safeName = (name: string) => name.replace(/[\\/:*?"<>|\p{Cc}]+/gu, '_').slice(0, 120) || 'document.pdf';

/**
 * "Download my data" (issue 26; DPDP Act 2023 s.11, access, and portability): the person asks from the profile; the
 * `privacy.exports` job writes a ZIP into the blob store (encrypted there like every file) as it reads, one file at a
 * time; a mail gives the link, which works for the signed-in person alone for DATA_EXPORT_DAYS, after which
 * `expireDue` deletes the archive. Everything is read through the owning modules' services, as the person would see
 * it: their applications (as owner), never another person's identity images (a signatory's images on the owner's
 * application belong to the signatory, so no identity image is put in at all).
 */
export function createDataExportsService(deps: {
  db: Database;
  config: AppConfig;
  mailer: Mailer;
  blobStore: BlobStore;
  jobs: Jobs;
  log: FastifyBaseLogger;
  applicationsService: ApplicationsService;
  paymentsService: PaymentsService;
  sealingService: SealingService;
  bookingsService: BookingsService;
  notificationsService: NotificationsService;
  now?: () => Date;
}) {
  const { db, mailer, blobStore } = deps;
  const now = deps.now ?? (() => new Date());

  async function allPages<T>(read: (page: number) => Promise<{ items: T[]; totalPages: number }>) {
    const items: T[] = [];
    for (let page = 1; ; page += 1) {
      const next = await read(page);
      items.push(...next.items);
      if (page >= next.totalPages) return items;
    }
  }

  /** The archive's files, produced one by one as the ZIP writer asks for them. */
  async function* entriesOf(userId: string): AsyncGenerator<ZipEntry> {
    const viewer = { userId, role: 'client' };
    const account = await findAccountForExport(db, userId);
    yield json('profile.json', account.profile ?? null);
    const applications = await allPages(async (page) => {
      const found = await deps.applicationsService.list({ viewer, page, pageSize: 50 });
      return { items: found.applications, totalPages: found.totalPages };
    });
    const detailed = [];
    const paymentsOf = [];
    const booked = [];
    for (const application of applications) {
      const events = await deps.applicationsService.events({ id: application._id, viewer });
      detailed.push({ ...application, events });
      for (const payment of await deps.paymentsService.paymentsOf(application._id))
        paymentsOf.push({ applicationId: application._id, ...payment });
      const booking = await deps.bookingsService.current(application._id);
      if (booking) booked.push(booking);
    }
    yield json('applications.json', detailed);
    yield json('payments.json', paymentsOf);
    yield json(
      'consent-records.json',
      (await listConsentsOf(db, userId)).map((c) => ({
        kind: c.kind,
        version: c.version,
        decision: c.decision,
        applicationId: c.applicationId,
        ipAddress: c.ipAddress,
        userAgent: c.userAgent,
        createdAt: c.createdAt.toISOString(),
      })),
    );
    yield json(
      'notifications.json',
      await allPages(async (page) => {
        const found = await deps.notificationsService.list(userId, { page, pageSize: 50 });
        return { items: found.notifications, totalPages: found.totalPages };
      }),
    );
    yield json('sessions.json', { signedIn: account.sessions, bookedNotarySessions: booked });
    yield json(
      'recordings.json',
      await recordingFactsOf(
        db,
        applications.map((a) => a._id),
      ),
    );
    for (const application of applications) {
      // The document the person uploaded (drafts and cancelled ones too, while it is still stored).
      const document = await deps.applicationsService
        .readDocument({ id: application._id, viewer })
        // No document (a draft without one, an ended application after closure) is nothing to put in; a file that
        // cannot be read fails the export instead of leaving it out unnoticed.
        .catch((error: unknown) => {
          if (error instanceof AppError && error.statusCode === 404) return null;
          throw error;
        });
      if (document) {
        const opened = document.body;
        yield {
          name: `documents/${application._id}/${safeName(document.fileName)}`,
          open: async () => opened,
        };
      }
      if (application.status === 'notarised') {
        const sealed = await deps.sealingService.sealedDocument(application._id);
        if (sealed) {
          const opened = sealed.body;
          yield { name: `notarised/${application._id}.pdf`, open: async () => opened };
        }
      }
    }
    for (const payment of paymentsOf) {
      if (!payment.receipt) continue;
      const invoice = await deps.paymentsService.invoice({ paymentId: payment._id, viewer });
      yield { name: `invoices/${safeName(invoice.fileName)}`, open: async () => Buffer.from(invoice.pdf) };
    }
  }

  async function prepare(row: repo.DataExportRow) {
    const contact = await findUserContact(db, row.userId);
    const stored = await blobStore.put({
      prefix: 'data-export',
      body: Readable.from(zipStream(entriesOf(row.userId), now())),
    });
    const readyAt = now();
    const expiresAt = new Date(readyAt.getTime() + DATA_EXPORT_DAYS * DAY_MS);
    const done = await db.transaction(async (tx) => {
      const updated = await repo.updateFrom(
        tx,
        { id: row.id, from: 'preparing' },
        { status: 'ready', blobKey: stored.key, sizeBytes: stored.size, readyAt, expiresAt },
      );
      if (updated && contact)
        await mailer.enqueue(
          tx,
          exportReadyMail({
            to: contact.email,
            name: contact.name,
            language: contact.language,
            url: `${deps.config.publicUrl}/api/v1/privacy/export/${row.id}/archive`,
            profileUrl: `${deps.config.publicUrl}/profile`,
            expiresAt,
          }),
        );
      return updated;
    });
    // Another run finished it first: this copy is not referenced by anything.
    if (!done) await blobStore.delete(stored.key).catch(() => undefined);
    mailer.kick();
  }

  /** The job: every export waiting is prepared; a failure is recorded on its row (the person may ask again). */
  async function prepareDue() {
    let prepared = 0;
    for (const id of await repo.findPreparingIds(db)) {
      const row = await repo.findById(db, id);
      if (row?.status !== 'preparing') continue;
      try {
        await prepare(row);
        prepared += 1;
      } catch (error) {
        deps.log.error({ err: error, exportId: id }, 'data export failed');
        await repo.updateFrom(
          db,
          { id, from: 'preparing' },
          { status: 'failed', failure: String(error).slice(0, 500) },
        );
      }
    }
    return prepared;
  }

  deps.jobs.register({
    name: EXPORT_JOB,
    // Kicked by each request; the schedule only catches up after a restart.
    ...(deps.config.isScheduled ? { intervalMs: 5 * 60_000, runAtStart: true } : {}),
    run: () => prepareDue(),
  });

  return {
    prepareDue,

    async status(userId: string) {
      const row = await repo.findLatestOf(db, userId);
      return row ? toExport(row) : null;
    },

    async request(userId: string) {
      const row = await db
        .transaction(async (tx) => {
          if (await repo.findPreparingOf(tx, userId)) throw privacyErrors.exportPending();
          return repo.insertExport(tx, { userId, status: 'preparing', requestedAt: now() });
        })
        .catch((error: unknown) => {
          // Two requests at once: the partial unique index lets one through.
          if (repo.isUniqueViolation(error)) throw privacyErrors.exportPending();
          throw error;
        });
      deps.jobs.kick(EXPORT_JOB);
      return toExport(row);
    },

    /** The archive's bytes, for the person it was made for, while it is ready; anyone else (or too late) 404. */
    async archive(options: { userId: string; id: string }) {
      const row = await repo.findOfUser(db, options);
      if (row?.status !== 'ready' || !row.blobKey || !row.expiresAt || row.expiresAt <= now())
        throw privacyErrors.exportNotFound();
      return {
        body: await blobStore.get(row.blobKey),
        sizeBytes: row.sizeBytes,
        requestedAt: row.requestedAt,
      };
    },

    /**
     * Closing the account: a ready archive is deleted now (it is personal data, not a legal hold), and one being
     * prepared is stopped (it would be made of the pseudonymised account and mailed to no one). How many went.
     */
    async eraseAllOf(userId: string) {
      let erased = 0;
      for (const row of await repo.findAllOf(db, userId)) {
        if (row.status === 'preparing') {
          if (
            await repo.updateFrom(
              db,
              { id: row.id, from: 'preparing' },
              { status: 'failed', failure: 'account closed' },
            )
          )
            erased += 1;
        } else if (row.status === 'ready') {
          if (row.blobKey) await blobStore.delete(row.blobKey);
          if (
            await repo.updateFrom(
              db,
              { id: row.id, from: 'ready' },
              { status: 'expired', blobKey: null, deletedAt: now() },
            )
          )
            erased += 1;
        }
      }
      return erased;
    },

    /** The hourly job: archives past their 7 days are deleted; the row stays `expired`. */
    async expireDue() {
      let expired = 0;
      for (const row of await repo.findExpired(db, now())) {
        try {
          if (row.blobKey) await blobStore.delete(row.blobKey);
        } catch (error) {
          // Still `ready` (the download is refused by its date): the next run tries again; the others go on.
          deps.log.error({ err: error, exportId: row.id }, 'expired data export could not be deleted');
          continue;
        }
        if (
          await repo.updateFrom(
            db,
            { id: row.id, from: 'ready' },
            { status: 'expired', blobKey: null, deletedAt: now() },
          )
        )
          expired += 1;
      }
      return expired;
    },
  };
}

export type DataExportsService = ReturnType<typeof createDataExportsService>;
