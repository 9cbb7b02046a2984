import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { BlobIntegrityError } from '../../platform/blob-encryption.ts';
import type { Mailer } from '../../platform/mailer.ts';
import { findActiveAdminEmails } from '../auth/auth.service.ts';
import { blobIntegrityAlertMail } from './storage.mails.ts';

const QUIET_MS = 60 * 60 * 1000;

/**
 * What happens when a stored file fails its check: a log line (the blob's key and why; never key material) and an
 * e-mail to every admin, at most once per blob per hour in this process so a file fetched in a loop does not flood
 * their inboxes.
 */
export function createStorageAlerts(deps: {
  db: Database;
  mailer: Mailer;
  log: FastifyBaseLogger;
  now?: () => Date;
}) {
  const lastAlert = new Map<string, number>();
  const now = () => (deps.now?.() ?? new Date()).getTime();

  async function alertAdmins(error: BlobIntegrityError) {
    const admins = await findActiveAdminEmails(deps.db);
    await deps.mailer.enqueue(
      deps.db,
      admins.map((to) => blobIntegrityAlertMail({ to, blobKey: error.blobKey, reason: error.reason })),
    );
    deps.mailer.kick();
  }

  return {
    onIntegrityFailure(error: BlobIntegrityError) {
      deps.log.error(
        { blobKey: error.blobKey, reason: error.reason },
        'stored file failed its integrity check',
      );
      const last = lastAlert.get(error.blobKey);
      if (last !== undefined && now() - last < QUIET_MS) return;
      lastAlert.set(error.blobKey, now());
      alertAdmins(error).catch((cause: unknown) =>
        deps.log.error({ err: cause, blobKey: error.blobKey }, 'could not alert admins of a damaged file'),
      );
    },
  };
}
