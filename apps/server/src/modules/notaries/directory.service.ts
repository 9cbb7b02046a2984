import { type AvailabilityRequest, SERVICE_HOURS, todayInIndia } from '@mohar/contracts';
import type { DbOrTx } from '../../db/client.ts';
import { readBlob } from '../../platform/blob-store.ts';
import { pictureOnly } from '../../platform/image-check.ts';
import { notaryErrors } from './notaries.errors.ts';
import * as repo from './notaries.repository.ts';
import type { NotariesCore } from './notaries-core.ts';
import { canTakeWork, clockInIndia } from './notary-rules.ts';

/** Who can take work: a notary's availability, the public directory, the notary an application names. */
export function createDirectory(core: NotariesCore) {
  const { db, blobStore, now, toProfile, toDirectoryCard, getRow } = core;
  return {
    async setAvailability(options: { userId: string; availability: AvailabilityRequest }) {
      const row = await getRow(options.userId);
      const hours = options.availability.workingHours;
      if (hours && (hours.from < SERVICE_HOURS.opensAt || hours.to > SERVICE_HOURS.closesAt))
        throw notaryErrors.outsideServiceHours();
      if (options.availability.isOnline && !canTakeWork(row, todayInIndia(now())))
        throw notaryErrors.cannotTakeWork();
      await repo.updateNotary(db, options.userId, {
        isOnline: options.availability.isOnline,
        ...(hours ? { workingFrom: hours.from, workingTo: hours.to } : {}),
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
      if (!row) return null;
      return { card: toDirectoryCard(row), canTakeWork: canTakeWork(row, todayInIndia(now())) };
    },
  };
}
