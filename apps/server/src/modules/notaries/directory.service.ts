import { type AvailabilityRequest, SERVICE_HOURS, todayInIndia } from '@mohar/contracts';
import type { DbOrTx } from '../../db/client.ts';
import { readBlob } from '../../platform/blob-store.ts';
import { pictureOnly } from '../../platform/image-check.ts';
import { createVersionedCache } from '../../platform/versioned-cache.ts';
import { recordAvailabilityChange } from './availability-history.service.ts';
import { notaryErrors } from './notaries.errors.ts';
import * as repo from './notaries.repository.ts';
import type { NotariesCore } from './notaries-core.ts';
import { canTakeWork, clockInIndia } from './notary-rules.ts';

/** Who can take work: a notary's availability, the public directory, the notary an application names. */
export function createDirectory(core: NotariesCore) {
  const { db, blobStore, now, toProfile, toDirectoryCard, getRow } = core;
  // The notary of every application view, by the version of their row (notaries.repository's findNotaryVersioned).
  // The card's time-dependent parts (online now, can take work) are worked out from the copy on every read.
  const applicationNotaries = createVersionedCache<repo.NotaryWithEmail>({
    maxEntries: 1_000,
    maxAgeMs: 10 * 60_000,
  });
  const applicationNotaryOf = (row: repo.NotaryWithEmail) => ({
    card: toDirectoryCard(row),
    canTakeWork: canTakeWork(row, todayInIndia(now())),
  });
  return {
    async setAvailability(options: { userId: string; availability: AvailabilityRequest }) {
      const row = await getRow(options.userId);
      const hours = options.availability.workingHours;
      if (hours && (hours.from < SERVICE_HOURS.opensAt || hours.to > SERVICE_HOURS.closesAt))
        throw notaryErrors.outsideServiceHours();
      if (options.availability.isOnline && !canTakeWork(row, todayInIndia(now())))
        throw notaryErrors.cannotTakeWork();
      await db.transaction(async (tx) => {
        // Locked: two changes at once are recorded in the order they are made, each against the state before it.
        const before = await repo.findNotaryForUpdate(tx, options.userId);
        if (!before) throw notaryErrors.notFound();
        const next = {
          isOnline: options.availability.isOnline,
          workingFrom: hours?.from ?? before.workingFrom,
          workingTo: hours?.to ?? before.workingTo,
        };
        await repo.updateNotary(tx, options.userId, next);
        const changed =
          before.isOnline !== next.isOnline ||
          before.workingFrom !== next.workingFrom ||
          before.workingTo !== next.workingTo;
        if (changed)
          await recordAvailabilityChange(tx, {
            notaryId: options.userId,
            ...next,
            cause: 'notary',
            actor: { userId: options.userId, role: 'notary', ipAddress: null },
          });
      });
      return toProfile(await getRow(options.userId));
    },

    /**
     * A verified notary's photo for the public directory; nobody else's. Uploads are stored without metadata; a photo
     * stored before that is shown re-encoded, so no EXIF or GPS position reaches the public.
     */
    async readDirectoryPhoto(notaryId: string) {
      const row = await repo.findNotary(db, notaryId);
      const photo = row?.documents.photo;
      if (!row || !photo || !canTakeWork(row, todayInIndia(now()))) throw notaryErrors.notFound();
      const body = await pictureOnly(await readBlob(blobStore, photo.key));
      if (!body) throw notaryErrors.notFound();
      return { contentType: photo.contentType, body };
    },

    async directory(options: {
      search?: string;
      appointingGovernment?: string;
      language?: string;
      onlineOnly?: boolean;
      page?: number;
      pageSize?: number;
      /** Left out for this caller (an organisation's in-house notaries, decision 0074). */
      excludeIds?: readonly string[];
      /** Only these for this caller (an organisation that takes its own notaries only, decision 0091). */
      onlyIds?: readonly string[];
    }) {
      const page = options.page ?? 1;
      const pageSize = options.pageSize ?? 12;
      // "Online now" depends on the clock as well as the switch: the query gets the time in India.
      const { total, rows } = await repo.listDirectory(db, {
        ...options,
        onlineAt: options.onlineOnly ? clockInIndia(now()) : undefined,
        today: todayInIndia(now()),
        limit: pageSize,
        offset: (page - 1) * pageSize,
      });
      return {
        notaries: rows.map(toDirectoryCard),
        totalPages: Math.max(1, Math.ceil(total / pageSize)),
        page,
      };
    },

    async verifyRegistration(registrationNumber: string) {
      const { rows } = await repo.listDirectory(db, {
        registrationNumber,
        today: todayInIndia(now()),
        limit: 1,
        offset: 0,
      });
      return { registrationNumber, notary: rows[0] ? toDirectoryCard(rows[0]) : null };
    },

    /** For the application wizard: only a notary who may take work can be chosen; null when this one cannot. */
    async findAssignable(notaryId: string) {
      const row = await repo.findNotary(db, notaryId);
      if (!row || !canTakeWork(row, todayInIndia(now()))) return null;
      return toDirectoryCard(row);
    },

    /** The public card of a notary an application names, and whether they can still take it. */
    async getApplicationNotary(notaryId: string, tx: DbOrTx = db) {
      // Inside the caller's transaction when given one: PGlite has one connection, so a second would wait forever.
      const row = await repo.findNotary(tx, notaryId);
      return row ? applicationNotaryOf(row) : null;
    },

    /**
     * The same, for a caller whose own read carried the notary row's current `version` (a column the applications
     * read selects): answered from this process's copy while it is at that version, so the view sends one statement.
     * Any change to the row, by any process, gives it a new version and the next view reads it again.
     */
    async getApplicationNotaryAt(options: { notaryId: string; version: string }) {
      const known = applicationNotaries.get(options.notaryId, options.version);
      if (known) return applicationNotaryOf(known);
      const found = await repo.findNotaryVersioned(db, options.notaryId);
      if (!found) return null;
      applicationNotaries.set(options.notaryId, found.version, found.row);
      return applicationNotaryOf(found.row);
    },
  };
}
