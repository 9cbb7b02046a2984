import { createHash } from 'node:crypto';
import type { PDFDocument as PdfDoc } from '@cantoo/pdf-lib';
import type { CallSignedMessage, SignatureMethod, SigningState } from '@mohar/contracts';
import { CALL_SIGNED_IMAGE_MAX_BYTES, SIGNING_DECLARATION } from '@mohar/contracts';
import type { Database, DbOrTx } from '../../db/client.ts';
import { type BlobStore, readBlob } from '../../platform/blob-store.ts';
import { isUuid } from '../../platform/ids.ts';
import { loadSharp } from '../../platform/lazy-libraries.ts';
import {
  type ApplicationRow,
  findApplication,
  listSignatories,
  setSignOrder,
  withLockedApplication,
} from '../applications/applications.service.ts';
import { isIdentityConfirmed, recordSessionEvent, requireRecording } from '../sessions/call.service.ts';
import { normaliseSignatureImage } from './signature-image.ts';
import { signingErrors } from './signing.errors.ts';
import * as repo from './signing.repository.ts';

/** pdf-lib and the stamping code load with the first signature, not with the server (issue 20's memory goal). */
async function loadSigningPdf() {
  const [{ PDFDocument }, stamps, initials] = await Promise.all([
    import('@cantoo/pdf-lib'),
    import('../sealing/stamp-signatures.ts'),
    import('./initials.ts'),
  ]);
  return {
    PDFDocument,
    planSignatureBlock: stamps.planSignatureBlock,
    signatureCaption: stamps.signatureCaption,
    stampSignature: stamps.stampSignature,
    stampInitials: initials.stampInitials,
  };
}

/**
 * A process's first signature loaded pdf-lib, the stamping code, the fonts and sharp on the spot: about 0.3 s of CPU
 * on a quiet machine, seconds on a live call's busy one, where the signature waited for it (issue 20's "signature on
 * every screen"). Everyone in a live session reads its signing state on joining: that starts this once per process,
 * in the background, and a failure only means the first signature loads them itself.
 */
let warmingUp = false;
function warmUpSigning() {
  if (warmingUp) return;
  warmingUp = true;
  void (async () => {
    const [{ PDFDocument }, { embedFonts }] = await Promise.all([
      loadSigningPdf(),
      import('../sealing/fonts.ts'),
      loadSharp(),
    ]);
    const pdf = await PDFDocument.create();
    pdf.addPage();
    await embedFonts(pdf);
    await pdf.save();
  })().catch(() => {
    warmingUp = false;
  });
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** Each signatory's signature record (method, image hash, when): the register's column 10 refers to them. */
export const signatureRecords = (db: DbOrTx, applicationId: string) => repo.signaturesOf(db, applicationId);

/** Signatories in signing order: the notary's order when set, else the owner's. */
export async function signingOrder(db: DbOrTx, applicationId: string) {
  const rows = await listSignatories(db, applicationId);
  return rows.sort((a, b) => (a.signOrder ?? a.position) - (b.signOrder ?? b.position));
}

/*
 * Document versions belong to this module: sealing stores the sealed PDF as the next version through this, in the
 * transaction that marks the application notarised.
 */
export async function appendDocumentVersion(
  tx: DbOrTx,
  version: { applicationId: string; blobKey: string; sha256: string; sizeBytes: number; reason: string },
) {
  const latest = await repo.maxVersionSeq(tx, version.applicationId);
  await repo.insertVersion(tx, { ...version, seq: latest + 1 });
}

/**
 * The boxes `me` signs in. Those the owner or the notary placed; signatories without any sign in the default block,
 * planned at the first signature for all of them on the document before anything is stamped on it (so the block goes
 * under the last page's own content, or on an appended "Signatures" page) and stored, so every later signature finds
 * its slot on the same page.
 */
/**
 * What the call needs to show a signature before the stamped version is drawn: each box as fractions of its page's
 * crop box (from the top left, as screens draw), and the pages this signature changed — its boxes' pages, every page
 * when initials go on each, and pages the signature block appended.
 */
function signatureShown(options: {
  pdf: PdfDoc;
  placements: Array<{ page: number; x: number; y: number; width: number; height: number }>;
  pagesBefore: number;
  initialsOnEveryPage: boolean;
}) {
  const { pdf } = options;
  const marks = options.placements.map((placement) => {
    const crop = pdf.getPage(placement.page).getCropBox();
    return {
      page: placement.page,
      left: (placement.x - crop.x) / crop.width,
      top: (crop.y + crop.height - (placement.y + placement.height)) / crop.height,
      width: placement.width / crop.width,
      height: placement.height / crop.height,
    };
  });
  const pageCount = pdf.getPageCount();
  const changed = new Set(options.placements.map((p) => p.page));
  for (let page = 0; page < pageCount; page++)
    if (options.initialsOnEveryPage || page >= options.pagesBefore) changed.add(page);
  return { marks, changedPages: [...changed].sort((a, b) => a - b) };
}

async function placementsFor(
  tx: DbOrTx,
  options: {
    pdf: PdfDoc;
    order: Awaited<ReturnType<typeof signingOrder>>;
    me: { id: string };
    applicationId: string;
  },
) {
  const stored = await repo.placementsOfApplication(tx, options.applicationId);
  const placed = new Set(stored.map((p) => p.signatoryId));
  const lacking = options.order.filter((s) => !placed.has(s.id));
  const planned = [];
  if (lacking.length > 0) {
    const { planSignatureBlock } = await loadSigningPdf();
    const plan = await planSignatureBlock(options.pdf, lacking.length);
    for (const [index, s] of lacking.entries())
      planned.push({
        ...(plan.placements[index] as (typeof plan.placements)[number]),
        applicationId: options.applicationId,
        signatoryId: s.id,
      });
    await repo.insertDefaultPlacements(tx, planned);
  }
  return [...stored, ...planned].filter((p) => p.signatoryId === options.me.id);
}

export type SigningService = ReturnType<typeof createSigningService>;

/**
 * Signing in turn (issue 10): the current signer only, only once the notary confirmed them, only while the session is
 * live and recorded; the signature image goes where the placements say (or into the default signature page), and
 * every signature is a new version of the document with the hashes before and after.
 */
export function createSigningService(deps: { db: Database; blobStore: BlobStore }) {
  const { db, blobStore } = deps;

  async function documentOf(tx: DbOrTx, application: ApplicationRow) {
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
    const application = await findApplication(db, applicationId);
    if (!application) throw signingErrors.notFound();
    if (application.status === 'in_session') warmUpSigning();
    const order = await signingOrder(db, applicationId);
    const signed = new Map((await repo.signaturesOf(db, applicationId)).map((s) => [s.signatoryId, s]));
    const latest = await repo.latestVersion(db, applicationId);
    const current = order.find((s) => !signed.has(s.id));
    const result = [];
    for (const [index, signatory] of order.entries())
      result.push({
        signatoryId: signatory.id,
        name: signatory.fullName,
        turn: index + 1,
        isConfirmed: await isIdentityConfirmed(db, { applicationId, signatoryId: signatory.id }),
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
      const application = await findApplication(db, applicationId);
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
      let shown: ReturnType<typeof signatureShown> | null = null;
      try {
        // One signature at a time: the application stays locked until this one is stored.
        await db.transaction((tx) =>
          withLockedApplication(tx, options.applicationId, async (application) => {
            if (!application) throw signingErrors.notFound();
            if (application.status !== 'in_session') throw signingErrors.notLive();
            const order = await signingOrder(tx, application.id);
            const me = order.find((s) => s.id === options.signatoryId);
            if (!me) throw signingErrors.notFound();
            const signed = new Set((await repo.signaturesOf(tx, application.id)).map((s) => s.signatoryId));
            if (signed.has(me.id)) throw signingErrors.alreadySigned();
            const current = order.find((s) => !signed.has(s.id));
            if (current?.id !== me.id) throw signingErrors.outOfTurn(current?.fullName ?? null);
            if (!(await isIdentityConfirmed(tx, { applicationId: application.id, signatoryId: me.id })))
              throw signingErrors.notConfirmed();
            await requireRecording(tx, application.id);

            const before = await documentOf(tx, application);
            const { PDFDocument, stampSignature, signatureCaption, stampInitials } = await loadSigningPdf();
            const pdf = await PDFDocument.load(before.bytes);
            const pagesBefore = pdf.getPageCount();
            const placements = await placementsFor(tx, { pdf, order, me, applicationId: application.id });
            const signedAt = new Date();
            await stampSignature(pdf, {
              png,
              placements,
              caption: signatureCaption({ name: me.fullName, signedAt }),
            });
            if (application.initialsOnEveryPage)
              await stampInitials(pdf, {
                png,
                name: me.fullName,
                slot: me.position,
                pageCount: application.document?.pages ?? pdf.getPageCount(),
              });
            shown = signatureShown({
              pdf,
              placements,
              pagesBefore,
              initialsOnEveryPage: application.initialsOnEveryPage,
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
          }),
        );
      } catch (error) {
        // Nothing of a refused or failed signature stays behind.
        for (const key of stored) await blobStore.delete(key).catch(() => {});
        throw error;
      }
      const after = await state(options.applicationId);
      // What the call hears: enough for every screen to show the signature at once (see callSignedMessage).
      const message: CallSignedMessage = {
        signatoryId: options.signatoryId,
        version: after.version,
        state: after,
        ...(png.length <= CALL_SIGNED_IMAGE_MAX_BYTES
          ? { image: `data:image/png;base64,${png.toString('base64')}` }
          : {}),
        ...(shown ?? {}),
      };
      return { state: after, message };
    },

    /** The notary changes who signs when; those who signed keep their place. */
    async reorder(options: { applicationId: string; notaryId: string; signatoryIds: string[] }) {
      await db.transaction((tx) =>
        withLockedApplication(tx, options.applicationId, async (application) => {
          if (application?.status !== 'in_session' || application.assignedNotaryId !== options.notaryId)
            throw signingErrors.notFound();
          const order = await signingOrder(tx, application.id);
          const ids = new Set(order.map((s) => s.id));
          if (options.signatoryIds.length !== ids.size || !options.signatoryIds.every((id) => ids.has(id)))
            throw signingErrors.invalidOrder('Name every signatory of this application once.');
          const signed = new Set((await repo.signaturesOf(tx, application.id)).map((s) => s.signatoryId));
          const signedFirst = order.filter((s) => signed.has(s.id)).map((s) => s.id);
          if (!signedFirst.every((id, index) => options.signatoryIds[index] === id))
            throw signingErrors.invalidOrder('Those who have signed keep their place at the front.');
          for (const [index, id] of options.signatoryIds.entries())
            await setSignOrder(tx, { signatoryId: id, signOrder: index });
        }),
      );
      return state(options.applicationId);
    },
  };
}
