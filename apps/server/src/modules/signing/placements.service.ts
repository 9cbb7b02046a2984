import {
  type ApplicationStatus,
  MAX_PLACEMENTS_PER_SIGNATORY,
  type SignaturePlaces,
  type SignaturePlacesRequest,
} from '@mohar/contracts';
import type { Database, DbOrTx } from '../../db/client.ts';
import { type BlobStore, readBlob } from '../../platform/blob-store.ts';
import { isUuid } from '../../platform/ids.ts';
import {
  type ApplicationRow,
  type ApplicationsService,
  findApplication,
  setInitialsOnEveryPage,
  withLockedApplication,
} from '../applications/applications.service.ts';
import { signingErrors } from './signing.errors.ts';
import * as repo from './signing.repository.ts';
import { signingOrder } from './signing.service.ts';

type PageBox = SignaturePlaces['pages'][number];
type Application = ApplicationRow;

/** Until the session starts the owner may move the boxes; after that only the notary, until the first signature. */
const OWNER_EDITABLE: readonly ApplicationStatus[] = [
  'draft',
  'awaiting_payment',
  'awaiting_identity',
  'ready',
  'waiting_for_notary',
];
/** Rounding in the browser's conversion from screen pixels must not push a box flush with the edge out of its page. */
const EDGE_TOLERANCE = 0.5;
const PAGE_CACHE_SIZE = 50;

/**
 * Signature places (issue 10): where each signatory's signature goes on the uploaded document. Every box is checked
 * here against the real page (its crop box, not turned) — the browser's idea of the page is never trusted.
 */
export function createPlacementsService(deps: {
  db: Database;
  blobStore: BlobStore;
  applicationsService: ApplicationsService;
}) {
  const { db, blobStore } = deps;
  // A new document makes every signature box meaningless (they were placed on the old pages).
  deps.applicationsService.onDocumentReplaced((tx, applicationId) =>
    repo.deletePlacements(tx, applicationId),
  );
  // Page boxes by document hash: reading a large PDF for every look at the editor is wasteful, and a hash never changes.
  const pageCache = new Map<string, PageBox[]>();

  async function pagesOf(application: Application): Promise<PageBox[]> {
    const document = application.document;
    if (!document) return [];
    const cached = pageCache.get(document.sha256);
    if (cached) return cached;
    // pdf-lib loads with the first document read here, not with the server (issue 20's memory goal).
    const { PDFDocument } = await import('@cantoo/pdf-lib');
    const pdf = await PDFDocument.load(await readBlob(blobStore, document.key), { updateMetadata: false });
    const pages = pdf.getPages().map((page) => {
      const crop = page.getCropBox();
      return {
        x: crop.x,
        y: crop.y,
        width: crop.width,
        height: crop.height,
        rotation: ((page.getRotation().angle % 360) + 360) % 360,
      };
    });
    if (pageCache.size >= PAGE_CACHE_SIZE) pageCache.delete(pageCache.keys().next().value as string);
    pageCache.set(document.sha256, pages);
    return pages;
  }

  async function view(db: DbOrTx, application: Application, isEditable: boolean): Promise<SignaturePlaces> {
    const signatories = await signingOrder(db, application.id);
    const placements = await repo.placementsOfApplication(db, application.id);
    return {
      placements: placements.map((p) => ({
        signatoryId: p.signatoryId,
        page: p.page,
        x: p.x,
        y: p.y,
        width: p.width,
        height: p.height,
      })),
      initialsOnEveryPage: application.initialsOnEveryPage,
      isEditable,
      pages: await pagesOf(application),
      signatories: signatories.map((s) => ({ signatoryId: s.id, name: s.fullName })),
    };
  }

  function check(request: SignaturePlacesRequest, options: { pages: PageBox[]; signatoryIds: Set<string> }) {
    const perSignatory = new Map<string, number>();
    request.placements.forEach((box, index) => {
      const label = `Signature box ${index + 1}`;
      if (!options.signatoryIds.has(box.signatoryId))
        throw signingErrors.invalidPlacement(
          `${label} is for someone who is not a signatory of this application.`,
        );
      const count = (perSignatory.get(box.signatoryId) ?? 0) + 1;
      perSignatory.set(box.signatoryId, count);
      if (count > MAX_PLACEMENTS_PER_SIGNATORY)
        throw signingErrors.invalidPlacement(
          `Each signatory can have at most ${MAX_PLACEMENTS_PER_SIGNATORY} signature boxes.`,
        );
      const page = options.pages[box.page];
      if (!page)
        throw signingErrors.invalidPlacement(
          `${label} is on page ${box.page + 1}, but the document has ${options.pages.length} pages.`,
        );
      if (page.rotation !== 0)
        throw signingErrors.invalidPlacement(
          `Page ${box.page + 1} is turned; signatures cannot be placed on it. Leave it to the signature block.`,
        );
      const isInside =
        box.x >= page.x - EDGE_TOLERANCE &&
        box.y >= page.y - EDGE_TOLERANCE &&
        box.x + box.width <= page.x + page.width + EDGE_TOLERANCE &&
        box.y + box.height <= page.y + page.height + EDGE_TOLERANCE;
      if (!isInside)
        throw signingErrors.invalidPlacement(`${label} lies partly outside page ${box.page + 1}.`);
    });
  }

  async function save(options: {
    application: Application;
    tx: DbOrTx;
    request: SignaturePlacesRequest;
    origin: 'owner' | 'notary';
  }) {
    const { application, tx, request } = options;
    if (!application.document)
      throw signingErrors.placesLocked('Upload the document before placing signatures.');
    const signatories = await signingOrder(tx, application.id);
    check(request, {
      pages: await pagesOf(application),
      signatoryIds: new Set(signatories.map((s) => s.id)),
    });
    await repo.replacePlacements(tx, {
      applicationId: application.id,
      origin: options.origin,
      placements: request.placements,
    });
    await setInitialsOnEveryPage(tx, { applicationId: application.id, value: request.initialsOnEveryPage });
  }

  async function ownedApplication(applicationId: string, ownerId: string) {
    if (!isUuid(applicationId)) throw signingErrors.notFound();
    const application = await findApplication(db, applicationId);
    if (application?.ownerId !== ownerId) throw signingErrors.notFound();
    return application;
  }

  const ownerMayEdit = (application: Application) =>
    OWNER_EDITABLE.includes(application.status as ApplicationStatus);
  const notaryMayEdit = async (tx: DbOrTx, application: Application) =>
    application.status === 'in_session' && !(await repo.hasSignatures(tx, application.id));

  return {
    async forOwner(options: { applicationId: string; ownerId: string }) {
      const application = await ownedApplication(options.applicationId, options.ownerId);
      return view(db, application, ownerMayEdit(application));
    },

    async saveForOwner(options: { applicationId: string; ownerId: string; request: SignaturePlacesRequest }) {
      await ownedApplication(options.applicationId, options.ownerId);
      return db.transaction((tx) =>
        withLockedApplication(tx, options.applicationId, async (application) => {
          if (!application) throw signingErrors.notFound();
          if (!ownerMayEdit(application))
            throw signingErrors.placesLocked(
              'The session has started: only the notary can move the signature boxes now.',
            );
          await save({ application, tx, request: options.request, origin: 'owner' });
          const updated = (await findApplication(tx, application.id)) ?? application;
          return view(tx, updated, true);
        }),
      );
    },

    /** The session's notary (the caller checked it is theirs and live). */
    async forNotary(applicationId: string) {
      const application = await findApplication(db, applicationId);
      if (!application) throw signingErrors.notFound();
      return view(db, application, await notaryMayEdit(db, application));
    },

    async saveForNotary(options: { applicationId: string; request: SignaturePlacesRequest }) {
      return db.transaction((tx) =>
        withLockedApplication(tx, options.applicationId, async (application) => {
          if (!application) throw signingErrors.notFound();
          if (!(await notaryMayEdit(tx, application)))
            throw signingErrors.placesLocked('Signing has begun: the signature boxes can no longer move.');
          await save({ application, tx, request: options.request, origin: 'notary' });
          const updated = (await findApplication(tx, application.id)) ?? application;
          return view(tx, updated, true);
        }),
      );
    },
  };
}

export type PlacementsService = ReturnType<typeof createPlacementsService>;
