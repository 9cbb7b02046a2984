import { createHash } from 'node:crypto';
import type { SignatureMethod, SigningState } from '@mohar/contracts';
import { SIGNING_DECLARATION } from '@mohar/contracts';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import type { Database, DbOrTx } from '../../db/client.ts';
import { sessionEvents } from '../../db/schema.ts';
import { type BlobStore, readBlob } from '../../platform/blob-store.ts';
import { isUuid } from '../../platform/ids.ts';
import { recordSessionEvent } from '../sessions/call.service.ts';
import { recordingState } from '../sessions/session-view.ts';
import { sessionErrors } from '../sessions/sessions.errors.ts';
import { normaliseSignatureImage } from './signature-image.ts';
import { defaultPlacements, drawSignature, ensureSignaturePage } from './signature-page.ts';
import { signingErrors } from './signing.errors.ts';
import * as repo from './signing.repository.ts';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const IST = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});

/** The notary's latest decision about a signatory, read in the caller's transaction. */
async function isConfirmedIn(db: DbOrTx, applicationId: string, signatoryId: string) {
  const [latest] = await db
    .select({ kind: sessionEvents.kind })
    .from(sessionEvents)
    .where(
      and(
        eq(sessionEvents.applicationId, applicationId),
        eq(sessionEvents.signatoryId, signatoryId),
        inArray(sessionEvents.kind, ['identity_confirmed', 'identity_not_confirmed']),
      ),
    )
    .orderBy(desc(sessionEvents.createdAt))
    .limit(1);
  return latest?.kind === 'identity_confirmed';
}

export type SigningService = ReturnType<typeof createSigningService>;

/**
 * Signing in turn (issue 10): the current signer only, only once the notary confirmed them, only while the session is
 * live and recorded; the signature image goes where the placements say (or into the default signature page), and
 * every signature is a new version of the document with the hashes before and after.
 */
export function createSigningService(deps: { db: Database; blobStore: BlobStore }) {
  const { db, blobStore } = deps;

  async function documentOf(
    tx: DbOrTx,
    application: NonNullable<Awaited<ReturnType<typeof repo.findApplication>>>,
  ) {
    const latest = await repo.latestVersion(tx, application.id);
    if (latest)
      return { bytes: await readBlob(blobStore, latest.blobKey), sha256: latest.sha256, version: latest.seq };
    if (!application.document) throw signingErrors.notFound();
    return {
      bytes: await readBlob(blobStore, application.document.key),
      sha256: application.document.sha256,
      version: 0,
    };
  }

  async function state(applicationId: string): Promise<SigningState> {
    const application = await repo.findApplication(db, applicationId);
    if (!application) throw signingErrors.notFound();
    const order = await repo.signingOrder(db, applicationId);
    const signed = new Map((await repo.signaturesOf(db, applicationId)).map((s) => [s.signatoryId, s]));
    const latest = await repo.latestVersion(db, applicationId);
    const current = order.find((s) => !signed.has(s.id));
    const result = [];
    for (const [index, signatory] of order.entries())
      result.push({
        signatoryId: signatory.id,
        name: signatory.fullName,
        turn: index + 1,
        isConfirmed: await isConfirmedIn(db, applicationId, signatory.id),
        isCurrent: signatory.id === current?.id,
        signedAt: signed.get(signatory.id)?.createdAt.toISOString() ?? null,
      });
    return {
      version: latest?.seq ?? 0,
      documentSha256: latest?.sha256 ?? application.document?.sha256 ?? '',
      order: result,
      allSigned: order.length > 0 && !current,
    };
  }

  return {
    state,

    /** The document as it stands (for the shared view in the call). */
    async currentDocument(applicationId: string) {
      const application = await repo.findApplication(db, applicationId);
      if (!application) throw signingErrors.notFound();
      return documentOf(db, application);
    },

    async sign(options: {
      applicationId: string;
      signatoryId: string;
      method: SignatureMethod;
      image: Buffer;
      ip: string | null;
      userAgent: string | null;
    }) {
      if (!isUuid(options.applicationId) || !isUuid(options.signatoryId)) throw signingErrors.notFound();
      const png = await normaliseSignatureImage(options.image);
      const stored: string[] = [];
      try {
        await db.transaction(async (tx) => {
          const application = await repo.lockApplication(tx, options.applicationId);
          if (!application) throw signingErrors.notFound();
          if (application.status !== 'in_session') throw signingErrors.notLive();
          const order = await repo.signingOrder(tx, application.id);
          const me = order.find((s) => s.id === options.signatoryId);
          if (!me) throw signingErrors.notFound();
          const signed = new Set((await repo.signaturesOf(tx, application.id)).map((s) => s.signatoryId));
          if (signed.has(me.id)) throw signingErrors.alreadySigned();
          const current = order.find((s) => !signed.has(s.id));
          if (current?.id !== me.id) throw signingErrors.outOfTurn(current?.fullName ?? null);
          if (!(await isConfirmedIn(tx, application.id, me.id))) throw signingErrors.notConfirmed();
          if ((await recordingState(tx, application.id, new Date())).state !== 'recording')
            throw sessionErrors.recordingRequired();

          const before = await documentOf(tx, application);
          const pdf = await PDFDocument.load(before.bytes);
          const originalPageCount = application.document?.pages ?? pdf.getPageCount();
          const own = await repo.placementsOf(tx, application.id, me.id);
          const placements =
            own.length > 0 || (await repo.hasPlacements(tx, application.id))
              ? own
              : [
                  defaultPlacements({ originalPageCount, signatories: order.length })[
                    order.findIndex((s) => s.id === me.id)
                  ],
                ].filter((p) => p !== undefined);
          if (own.length === 0)
            await ensureSignaturePage(pdf, {
              originalPageCount,
              names: order.map((s) => s.fullName),
              title: application.title ?? 'the document',
            });
          const signedAt = new Date();
          await drawSignature(pdf, {
            png,
            placements,
            caption: `${me.fullName}, ${IST.format(signedAt)} IST`,
          });
          const after = await pdf.save({ useObjectStreams: false });
          const image = await blobStore.put({ body: png, prefix: 'signature' });
          stored.push(image.key);
          const version = await blobStore.put({ body: Buffer.from(after), prefix: 'document-signed' });
          stored.push(version.key);
          const afterSha = sha256(after);
          await repo.insertVersion(tx, {
            applicationId: application.id,
            seq: before.version + 1,
            blobKey: version.key,
            sha256: afterSha,
            sizeBytes: after.length,
            reason: 'signed',
            signatoryId: me.id,
          });
          await repo.insertSignature(tx, {
            applicationId: application.id,
            signatoryId: me.id,
            method: options.method,
            imageBlobKey: image.key,
            imageSha256: sha256(png),
            declaration: SIGNING_DECLARATION,
            ipAddress: options.ip,
            userAgent: options.userAgent?.slice(0, 500) ?? null,
            documentSha256Before: before.sha256,
            documentSha256After: afterSha,
          });
          await recordSessionEvent(tx, {
            applicationId: application.id,
            kind: 'signed',
            actor: `signatory:${me.id}`,
            signatoryId: me.id,
            ip: options.ip,
          });
        });
      } catch (error) {
        // Nothing of a refused or failed signature stays behind.
        for (const key of stored) await blobStore.delete(key).catch(() => {});
        throw error;
      }
      return state(options.applicationId);
    },

    /** The notary changes who signs when; those who signed keep their place. */
    async reorder(options: { applicationId: string; notaryId: string; signatoryIds: string[] }) {
      await db.transaction(async (tx) => {
        const application = await repo.lockApplication(tx, options.applicationId);
        if (application?.status !== 'in_session' || application.assignedNotaryId !== options.notaryId)
          throw signingErrors.notFound();
        const order = await repo.signingOrder(tx, application.id);
        const ids = new Set(order.map((s) => s.id));
        if (options.signatoryIds.length !== ids.size || !options.signatoryIds.every((id) => ids.has(id)))
          throw signingErrors.invalidOrder('Name every signatory of this application once.');
        const signed = new Set((await repo.signaturesOf(tx, application.id)).map((s) => s.signatoryId));
        const signedFirst = order.filter((s) => signed.has(s.id)).map((s) => s.id);
        if (!signedFirst.every((id, index) => options.signatoryIds[index] === id))
          throw signingErrors.invalidOrder('Those who have signed keep their place at the front.');
        for (const [index, id] of options.signatoryIds.entries()) await repo.setSignOrder(tx, id, index);
      });
      return state(options.applicationId);
    },
  };
}
