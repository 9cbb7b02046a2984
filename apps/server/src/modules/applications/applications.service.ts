import type { Readable } from 'node:stream';
import {
  type Application,
  type ApplicationAction,
  type ApplicationDraftRequest,
  type ApplicationEvent,
  type ApplicationListItem,
  type ApplicationMissingItem,
  type ApplicationStatus,
  type DocumentType,
  duplicateEmailIndexes,
  isAdultOn,
  isFirstScheduleType,
  MAX_SIGNATORIES,
  MIN_AGE_YEARS,
  type NotarialAct,
  type SignatoryInput,
  todayInIndia,
} from '@mohar/contracts';
import type { AppConfig } from '../../config.ts';
import type { Database, DbOrTx } from '../../db/client.ts';
import type { BlobStore } from '../../platform/blob-store.ts';
import type { FeeSettingsService } from '../fees/fee-settings.service.ts';
import type { NotariesService } from '../notaries/notaries.service.ts';
import { applicationErrors } from './applications.errors.ts';
import type { ApplicationChanges, ApplicationRow, SignatoryRow, Viewer } from './applications.repository.ts';
import * as repo from './applications.repository.ts';
import { checkDocument } from './document-check.ts';
import { computeFee, type FeeSettings } from './fees.ts';

/**
 * domain.md "Application statuses": the only moves there are. Everything else is a 409. Later issues drive the
 * system moves (payment, identity, the session) through `transition`; clients' own moves are submit, reopen, cancel.
 */
export const TRANSITIONS: Record<ApplicationStatus, readonly ApplicationStatus[]> = {
  draft: ['awaiting_payment'],
  // Back to draft: the client edits before paying (no money has moved yet).
  awaiting_payment: ['awaiting_identity', 'draft', 'cancelled'],
  // Failed from here on: an admin records a technical failure after payment (issue 6), opening the refund window.
  awaiting_identity: ['ready', 'cancelled', 'failed'],
  ready: ['waiting_for_notary', 'cancelled', 'failed'],
  // Back to ready: nobody accepted in time, so the participants may ask again or pick another notary.
  waiting_for_notary: ['in_session', 'ready', 'rejected', 'failed', 'cancelled'],
  in_session: ['notarised', 'failed'],
  notarised: [],
  cancelled: [],
  failed: [],
  rejected: [],
};

export const STATUS_LABELS: Record<ApplicationStatus, string> = {
  draft: 'a draft',
  awaiting_payment: 'awaiting payment',
  awaiting_identity: 'waiting for identity checks',
  ready: 'ready for the session',
  waiting_for_notary: 'waiting for a notary',
  in_session: 'in a session',
  notarised: 'notarised',
  cancelled: 'cancelled',
  failed: 'failed',
  rejected: 'rejected by the notary',
};

/** "Before the session starts" (the issue): a client may cancel up to the moment a notary joins. */
const CANCELLABLE: readonly ApplicationStatus[] = [
  'awaiting_payment',
  'awaiting_identity',
  'ready',
  'waiting_for_notary',
];

/** Paid and not finished: where an admin may mark a technical failure. */
const FAILABLE: readonly ApplicationStatus[] = [
  'awaiting_identity',
  'ready',
  'waiting_for_notary',
  'in_session',
];

export type Actor = { userId: string | null; role: string | null; ip: string | null };
export type { ApplicationChanges, ApplicationRow, SignatoryRow, Viewer };

/** Runs inside the transaction of every status change (payments release a pending wallet reservation, for one). */
export type TransitionListener = (
  tx: DbOrTx,
  change: { applicationId: string; from: ApplicationStatus; to: ApplicationStatus; actor: Actor },
) => Promise<void>;

/** Runs inside the transaction that swaps in a new document (signature boxes placed on the old pages go). */
export type DocumentListener = (tx: DbOrTx, applicationId: string) => Promise<void>;

/*
 * The applications and their signatories belong to this module. Other modules (payments, identity, the session,
 * signing, sealing, the portal) read and change them through the functions below, in their own transaction.
 */

/**
 * Locks the application's row for the rest of the caller's transaction and runs `fn` with it (undefined when there is
 * no such application). The lock order everywhere is application, then payment, then wallet: whatever `fn` locks
 * comes after the application, so two transactions never wait on each other in opposite orders.
 */
export async function withLockedApplication<T>(
  tx: DbOrTx,
  id: string,
  fn: (row: ApplicationRow | undefined) => Promise<T>,
): Promise<T> {
  return fn(await repo.findByIdForUpdate(tx, id));
}

/** Any application by id, unlocked and unscoped: the caller has decided who may see it. */
export const findApplication = (db: DbOrTx, id: string) => repo.findById(db, id);

/** The application with its owner's and named notary's names (the signatories' portal). */
export const findApplicationWithNames = (db: DbOrTx, id: string) => repo.findWithNames(db, id);

export const findApplicationIdsInStatus = (db: DbOrTx, status: ApplicationStatus) =>
  repo.findIdsInStatus(db, status);

/** The signatories in the owner's order. */
export const listSignatories = (db: DbOrTx, applicationId: string) => repo.listSignatories(db, applicationId);

/** One signatory, when they belong to that application. */
export const findSignatory = (db: DbOrTx, options: { applicationId: string; signatoryId: string }) =>
  repo.findSignatory(db, options);

/** The portal's steps: where a signatory stands. */
export const setSignatoryProgress = (tx: DbOrTx, options: { signatoryId: string; progress: string }) =>
  repo.setProgress(tx, options);

/** Moves a signatory on only from the step expected; false when a replayed or raced request got there first. */
export const advanceSignatoryProgress = (
  tx: DbOrTx,
  options: { signatoryId: string; from: string; to: string },
) => repo.advanceProgress(tx, options);

/** The notary's signing order (the owner's order stays as it was). */
export const setSignOrder = (tx: DbOrTx, options: { signatoryId: string; signOrder: number }) =>
  repo.setSignOrder(tx, options);

export const setInitialsOnEveryPage = (tx: DbOrTx, options: { applicationId: string; value: boolean }) =>
  repo.setInitialsOnEveryPage(tx, { id: options.applicationId, value: options.value });

/** The latest move into `status`: when it happened, by whom (role, IP) and why. */
export const findLatestEventInto = (
  db: DbOrTx,
  options: { applicationId: string; status: ApplicationStatus },
) => repo.findLatestEventInto(db, options);

/** Every status move, oldest first (the certificate of notarisation's timeline). */
export async function listStatusEvents(db: DbOrTx, applicationId: string) {
  return (await repo.listEvents(db, applicationId)).map((row) => row.event);
}

/** For demo seeding: how many applications this user owns. */
export const countApplicationsOwnedBy = (db: DbOrTx, ownerId: string) => repo.countOwnedBy(db, ownerId);

export function isLegalTransition(from: ApplicationStatus, to: ApplicationStatus): boolean {
  return TRANSITIONS[from].includes(to);
}

const DETAIL_FIELDS: Array<{ key: keyof ApplicationRow; message: string }> = [
  { key: 'documentType', message: 'Choose the document type.' },
  { key: 'notarialAct', message: 'Choose the notarial act.' },
  { key: 'title', message: 'Give the document a title.' },
  { key: 'description', message: 'Describe the document in a sentence or two.' },
  { key: 'language', message: 'Choose the document’s language.' },
  { key: 'purpose', message: 'Say what the notarised document is for.' },
];

/** 18 or older on `today` (IST), else the field issue the wizard shows on that row. */
function ageIssues(signatories: ReadonlyArray<{ fullName: string; dateOfBirth: string }>, today: string) {
  return signatories.flatMap((s, index) =>
    isAdultOn(s.dateOfBirth, today)
      ? []
      : [
          {
            path: `signatories.${index}.dateOfBirth`,
            message: `${s.fullName} must be ${MIN_AGE_YEARS} or older to sign.`,
          },
        ],
  );
}

/** What still blocks submission, by wizard step, in the order the wizard asks. */
export function missingForSubmission(options: {
  row: ApplicationRow;
  signatories: ReadonlyArray<Pick<SignatoryRow, 'fullName' | 'dateOfBirth'>>;
  isNotaryAvailable: boolean;
  today: string;
}): ApplicationMissingItem[] {
  const { row, signatories } = options;
  const missing: ApplicationMissingItem[] = [];
  if (!row.document) missing.push({ step: 'document', message: 'Upload the PDF to notarise.' });
  if (!row.notaryChoice)
    missing.push({ step: 'notary', message: 'Choose a notary or “first available notary”.' });
  else if (row.notaryChoice === 'named' && !options.isNotaryAvailable)
    missing.push({
      step: 'notary',
      message: 'The notary you chose cannot take new applications now. Choose another.',
    });
  if (signatories.length === 0) missing.push({ step: 'signatories', message: 'Add at least one signatory.' });
  for (const issue of ageIssues(signatories, options.today))
    missing.push({ step: 'signatories', message: issue.message });
  for (const field of DETAIL_FIELDS) if (!row[field.key]) missing.push({ step: 'details', ...field });
  if (isFirstScheduleType(row.documentType as DocumentType | null) && !row.firstScheduleAcknowledgedAt)
    missing.push({ step: 'details', message: 'Acknowledge the First Schedule warning.' });
  return missing;
}

/** A file name fit to show and to put in a Content-Disposition header. */
function cleanFileName(name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const cleaned = base
    .replace(/[^\p{L}\p{N} ._()-]/gu, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 120);
  if (!cleaned || cleaned === '.pdf') return 'document.pdf';
  return /\.pdf$/i.test(cleaned) ? cleaned : `${cleaned}.pdf`;
}

export type ApplicationsService = ReturnType<typeof createApplicationsService>;

export function createApplicationsService(deps: {
  db: Database;
  blobStore: BlobStore;
  config: AppConfig;
  notariesService: NotariesService;
  feeSettings: FeeSettingsService;
  now?: () => Date;
}) {
  const { db, blobStore, config, notariesService, feeSettings } = deps;
  const now = deps.now ?? (() => new Date());
  const today = () => todayInIndia(now());
  const listeners: TransitionListener[] = [];
  const documentListeners: DocumentListener[] = [];

  async function toApplication(row: repo.ReadableApplication, viewer: Viewer): Promise<Application> {
    const { signatories } = row;
    const notary = row.notaryId ? await notariesService.getApplicationNotary(row.notaryId) : null;
    const isOwner = row.ownerId === viewer.userId;
    const status = row.status as ApplicationStatus;
    const missing =
      status === 'draft'
        ? missingForSubmission({
            row,
            signatories,
            isNotaryAvailable: notary?.canTakeWork ?? false,
            today: today(),
          })
        : [];
    const actions: ApplicationAction[] = [];
    if (isOwner) {
      if (status === 'draft')
        actions.push('edit', 'delete', ...(missing.length === 0 ? ['submit' as const] : []));
      if (status === 'awaiting_payment') actions.push('pay', 'reopen');
      if (CANCELLABLE.includes(status)) actions.push('cancel');
    }
    if (viewer.role === 'admin' && FAILABLE.includes(status)) actions.push('mark_failed');
    return {
      _id: row.id,
      status,
      viewerRole: isOwner ? 'owner' : viewer.role === 'admin' ? 'admin' : 'notary',
      ownerName: row.ownerName,
      title: row.title,
      documentType: row.documentType as DocumentType | null,
      notarialAct: row.notarialAct as NotarialAct | null,
      description: row.description,
      language: row.language,
      purpose: row.purpose,
      isFirstSchedule: isFirstScheduleType(row.documentType as DocumentType | null),
      firstScheduleAcknowledged: Boolean(row.firstScheduleAcknowledgedAt),
      document: row.document
        ? {
            fileName: row.document.fileName,
            pages: row.document.pages,
            sizeBytes: row.document.sizeBytes,
            sha256: row.document.sha256,
            uploadedAt: row.document.uploadedAt,
          }
        : null,
      notaryChoice: row.notaryChoice as Application['notaryChoice'],
      notary: notary?.card ?? null,
      signatories: signatories.map((s) => ({
        _id: s.id,
        fullName: s.fullName,
        email: s.email,
        mobile: s.mobile,
        dateOfBirth: s.dateOfBirth,
        role: s.role as 'executant' | 'witness',
        progress: s.progress as Application['signatories'][number]['progress'],
      })),
      fee: feeOf(row, signatories.length, row.fee ? null : await feeSettings.current()),
      missing,
      allowedActions: actions,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      submittedAt: row.submittedAt?.toISOString() ?? null,
      notaryRequestExpiresAt:
        status === 'waiting_for_notary' ? (row.notaryRequestExpiresAt?.toISOString() ?? null) : null,
    };
  }

  /** Drafts get a live quote; from submission on, the amount fixed then (fee settings may change later). */
  function feeOf(row: ApplicationRow, signatoryCount: number, settings: FeeSettings | null) {
    if (row.fee)
      return {
        currency: 'INR',
        lines: row.fee.lines,
        totalPaise: row.fee.totalPaise,
        isFinal: true,
      } as Application['fee'];
    if (!settings) throw new Error('fee settings are needed to quote a draft');
    return computeFee({
      settings,
      act: row.notarialAct as NotarialAct | null,
      signatoryCount,
      isFinal: false,
    });
  }

  async function getReadable(id: string, viewer: Viewer) {
    const row = await repo.findReadable(db, { id, viewer });
    if (!row) throw applicationErrors.notFound();
    return row;
  }

  async function view(id: string, viewer: Viewer) {
    return toApplication(await getReadable(id, viewer), viewer);
  }

  /**
   * Changes an owner's draft in one transaction. A non-owner gets 404 (never "forbidden"), so ids reveal nothing.
   */
  async function changeDraft(
    options: { id: string; viewer: Viewer },
    change: (tx: DbOrTx, row: ApplicationRow) => Promise<void>,
  ) {
    await db.transaction(async (tx) => {
      const row = await repo.findOwnedForUpdate(tx, { id: options.id, ownerId: options.viewer.userId });
      if (!row) throw applicationErrors.notFound();
      if (row.status !== 'draft')
        throw applicationErrors.notEditable(STATUS_LABELS[row.status as ApplicationStatus]);
      await change(tx, row);
    });
    return view(options.id, options.viewer);
  }

  /**
   * The one way an application changes status: row locked, rule checked, audit event written in the same
   * transaction. `extra` runs inside that transaction too (fix the fee, stamp a time).
   */
  async function transition(
    tx: DbOrTx,
    options: {
      row: ApplicationRow;
      to: ApplicationStatus;
      actor: Actor;
      reason?: string | null;
      changes?: repo.ApplicationChanges;
      verb?: string;
    },
  ) {
    const from = options.row.status as ApplicationStatus;
    if (!isLegalTransition(from, options.to)) {
      throw applicationErrors.illegalTransition({
        from,
        to: options.to,
        message: `This application is ${STATUS_LABELS[from]}, so it cannot be ${options.verb ?? `moved to ${STATUS_LABELS[options.to]}`}.`,
      });
    }
    await repo.updateApplication(tx, options.row.id, { ...options.changes, status: options.to });
    await repo.insertEvent(tx, {
      applicationId: options.row.id,
      actorId: options.actor.userId,
      actorRole: options.actor.role,
      ipAddress: options.actor.ip,
      fromStatus: from,
      toStatus: options.to,
      reason: options.reason ?? null,
    });
    for (const listener of listeners)
      await listener(tx, { applicationId: options.row.id, from, to: options.to, actor: options.actor });
  }

  /** An owner's move (submit, reopen, cancel): the row must be theirs, then the transition rules decide. */
  async function ownerTransition(options: {
    id: string;
    viewer: Viewer;
    actor: Actor;
    to: ApplicationStatus;
    verb: string;
    reason?: string | null;
    before?: (tx: DbOrTx, row: ApplicationRow) => Promise<repo.ApplicationChanges | undefined>;
  }) {
    await db.transaction(async (tx) => {
      const row = await repo.findOwnedForUpdate(tx, { id: options.id, ownerId: options.viewer.userId });
      if (!row) throw applicationErrors.notFound();
      const legal = isLegalTransition(row.status as ApplicationStatus, options.to);
      const changes = legal && options.before ? await options.before(tx, row) : undefined;
      await transition(tx, {
        row,
        to: options.to,
        actor: options.actor,
        reason: options.reason,
        changes,
        verb: options.verb,
      });
    });
    return view(options.id, options.viewer);
  }

  return {
    async create(options: { viewer: Viewer; actor: Actor }) {
      const id = await db.transaction(async (tx) => {
        const row = await repo.insertApplication(tx, options.viewer.userId);
        await repo.insertEvent(tx, {
          applicationId: row.id,
          actorId: options.actor.userId,
          actorRole: options.actor.role,
          ipAddress: options.actor.ip,
          fromStatus: null,
          toStatus: 'draft',
          reason: null,
        });
        return row.id;
      });
      return view(id, options.viewer);
    },

    view,

    async list(options: {
      viewer: Viewer;
      status?: ApplicationStatus;
      search?: string;
      page?: number;
      pageSize?: number;
    }) {
      const page = options.page ?? 1;
      const pageSize = options.pageSize ?? 10;
      const { total, rows } = await repo.listForViewer(db, {
        viewer: options.viewer,
        status: options.status,
        search: options.search || undefined,
        limit: pageSize,
        offset: (page - 1) * pageSize,
      });
      const settings = rows.some((row) => !row.fee) ? await feeSettings.current() : null;
      const applications: ApplicationListItem[] = rows.map((row) => ({
        _id: row.id,
        title: row.title,
        documentType: row.documentType as DocumentType | null,
        notaryName: row.notaryChoice === 'named' ? row.notaryName : null,
        notaryChoice: row.notaryChoice as ApplicationListItem['notaryChoice'],
        signatoryCount: row.signatoryCount,
        status: row.status as ApplicationStatus,
        totalPaise: feeOf(row, row.signatoryCount, settings).totalPaise,
        createdAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
        canDownload: row.status === 'notarised',
      }));
      return { applications, total, page, totalPages: Math.max(1, Math.ceil(total / pageSize)) };
    },

    async saveDraft(options: { id: string; viewer: Viewer; changes: ApplicationDraftRequest }) {
      const { changes } = options;
      let notaryId: string | null | undefined;
      if (changes.notaryChoice === 'first_available') notaryId = null;
      else if (changes.notaryChoice === 'named' || changes.notaryId) {
        if (!changes.notaryId) throw applicationErrors.notaryUnavailable();
        if (!(await notariesService.findAssignable(changes.notaryId)))
          throw applicationErrors.notaryUnavailable();
        notaryId = changes.notaryId;
      }
      return changeDraft(options, async (tx, row) => {
        const update: repo.ApplicationChanges = {};
        if (notaryId !== undefined) {
          update.notaryId = notaryId;
          update.notaryChoice = notaryId ? 'named' : 'first_available';
        }
        for (const key of [
          'documentType',
          'notarialAct',
          'title',
          'description',
          'language',
          'purpose',
        ] as const) {
          if (changes[key] !== undefined) update[key] = changes[key];
        }
        // An acknowledgement is for one document type: changing the type asks again.
        if (changes.documentType !== undefined && changes.documentType !== row.documentType)
          update.firstScheduleAcknowledgedAt = null;
        if (changes.firstScheduleAcknowledged !== undefined)
          update.firstScheduleAcknowledgedAt = changes.firstScheduleAcknowledged ? now() : null;
        await repo.updateApplication(tx, row.id, update);
      });
    },

    async saveSignatories(options: { id: string; viewer: Viewer; signatories: SignatoryInput[] }) {
      const { signatories } = options;
      // The contract already checks these; the service holds the rule for every caller.
      if (signatories.length === 0 || signatories.length > MAX_SIGNATORIES)
        throw applicationErrors.signatoriesInvalid([
          { path: 'signatories', message: `Add between 1 and ${MAX_SIGNATORIES} signatories.` },
        ]);
      const duplicates = duplicateEmailIndexes(signatories).map((index) => ({
        path: `signatories.${index}.email`,
        message: 'Each signatory needs their own e-mail address.',
      }));
      const issues = [...duplicates, ...ageIssues(signatories, today())];
      if (issues.length > 0) throw applicationErrors.signatoriesInvalid(issues);
      return changeDraft(options, async (tx, row) => {
        await repo.replaceSignatories(tx, {
          applicationId: row.id,
          signatories: signatories.map((s) => ({
            fullName: s.fullName,
            email: s.email.toLowerCase(),
            mobile: s.mobile,
            dateOfBirth: s.dateOfBirth,
            role: s.role,
          })),
        });
        await repo.updateApplication(tx, row.id, {});
      });
    },

    /**
     * Checks the PDF by content before anything is stored; stores it encrypted; swaps it in within a transaction
     * and removes the replaced file only after commit, so a failure at any point leaves the old document intact.
     */
    async uploadDocument(options: { id: string; viewer: Viewer; bytes: Buffer; fileName?: string }) {
      await getOwnedDraft(options.id, options.viewer);
      const { maxMegabytes, maxPages } = config.documentLimits;
      const checked = await checkDocument({
        bytes: options.bytes,
        maxBytes: maxMegabytes * 1024 * 1024,
        maxPages,
      });
      if (!checked.ok) throw applicationErrors.documentInvalid(checked.message);
      const stored = await blobStore.put({ body: options.bytes, prefix: 'application-documents' });
      let replacedKey: string | null = null;
      try {
        const result = await changeDraft(options, async (tx, row) => {
          replacedKey = row.document?.key ?? null;
          for (const listener of documentListeners) await listener(tx, row.id);
          await repo.updateApplication(tx, row.id, {
            document: {
              key: stored.key,
              fileName: cleanFileName(options.fileName),
              pages: checked.pages,
              sizeBytes: options.bytes.length,
              sha256: checked.sha256,
              uploadedAt: now().toISOString(),
            },
          });
        });
        if (replacedKey) await blobStore.delete(replacedKey).catch(() => undefined);
        return result;
      } catch (error) {
        await blobStore.delete(stored.key).catch(() => undefined);
        throw error;
      }
    },

    async readDocument(options: {
      id: string;
      viewer: Viewer;
    }): Promise<{ body: Readable; fileName: string }> {
      const row = await getReadable(options.id, options.viewer);
      if (!row.document) throw applicationErrors.notFound();
      return { body: await blobStore.get(row.document.key), fileName: row.document.fileName };
    },

    async events(options: { id: string; viewer: Viewer }): Promise<ApplicationEvent[]> {
      await getReadable(options.id, options.viewer);
      const rows = await repo.listEvents(db, options.id);
      return rows.map(({ event, actorName }) => ({
        _id: event.id,
        fromStatus: event.fromStatus as ApplicationStatus | null,
        toStatus: event.toStatus as ApplicationStatus,
        actorName,
        actorRole: event.actorRole,
        reason: event.reason,
        createdAt: event.createdAt.toISOString(),
      }));
    },

    /** Draft → awaiting_payment: everything complete, the notary still available, the fee fixed from now on. */
    async submit(options: { id: string; viewer: Viewer; actor: Actor }) {
      return ownerTransition({
        ...options,
        to: 'awaiting_payment',
        verb: 'submitted',
        before: async (tx, row) => {
          const signatories = await repo.listSignatories(tx, row.id);
          const notary = row.notaryId ? await notariesService.getApplicationNotary(row.notaryId, tx) : null;
          const missing = missingForSubmission({
            row,
            signatories,
            isNotaryAvailable: notary?.canTakeWork ?? false,
            today: today(),
          });
          if (missing.length === 1 && missing[0]?.message.startsWith('Acknowledge'))
            throw applicationErrors.acknowledgementRequired();
          if (missing.length > 0) throw applicationErrors.incomplete(missing);
          const settings = await feeSettings.current(tx);
          const fee = computeFee({
            settings,
            act: row.notarialAct as NotarialAct,
            signatoryCount: signatories.length,
            isFinal: true,
          });
          return {
            fee: { lines: fee.lines, totalPaise: fee.totalPaise, gstRatePercent: settings.gstRatePercent },
            submittedAt: now(),
          };
        },
      });
    },

    /** Awaiting payment → draft, to change something before paying; the fixed fee is dropped with it. */
    async reopen(options: { id: string; viewer: Viewer; actor: Actor }) {
      return ownerTransition({
        ...options,
        to: 'draft',
        verb: 'edited any more',
        reason: 'Reopened for editing before payment',
        before: async () => ({ fee: null, submittedAt: null }),
      });
    },

    async cancel(options: { id: string; viewer: Viewer; actor: Actor; reason?: string }) {
      return ownerTransition({
        ...options,
        to: 'cancelled',
        verb: 'cancelled now',
        reason: options.reason || null,
      });
    },

    /** Only a draft, only by its owner; the database refuses deleting anything else (migration 0005). */
    async remove(options: { id: string; viewer: Viewer }) {
      let documentKey: string | null = null;
      await db.transaction(async (tx) => {
        const row = await repo.findOwnedForUpdate(tx, { id: options.id, ownerId: options.viewer.userId });
        if (!row) throw applicationErrors.notFound();
        if (row.status !== 'draft')
          throw applicationErrors.illegalTransition({
            from: row.status,
            to: 'deleted',
            message: `This application is ${STATUS_LABELS[row.status as ApplicationStatus]}; only a draft can be deleted. You can cancel it instead.`,
          });
        documentKey = row.document?.key ?? null;
        await repo.deleteApplication(tx, row.id);
      });
      if (documentKey) await blobStore.delete(documentKey).catch(() => undefined);
    },

    /**
     * For other modules' views of one application (payments): the row if the viewer may read it (else 404), their
     * relation to it, and its fee (fixed, or quoted for a draft) — without the full view's extra lookups.
     */
    async readable(id: string, viewer: Viewer) {
      const row = await getReadable(id, viewer);
      const viewerRole: Application['viewerRole'] =
        row.ownerId === viewer.userId ? 'owner' : viewer.role === 'admin' ? 'admin' : 'notary';
      const fee = feeOf(row, row.signatories.length, row.fee ? null : await feeSettings.current());
      return { row, viewerRole, fee };
    },

    /** Called by other modules at composition time; each listener runs inside every transition's transaction. */
    onTransition(listener: TransitionListener) {
      listeners.push(listener);
    },

    /** Called by other modules at composition time; each listener runs when a new document replaces the old one. */
    onDocumentReplaced(listener: DocumentListener) {
      documentListeners.push(listener);
    },

    /** Support's tool (admins): a technical failure after payment; the client may then ask for a refund. */
    async markFailed(options: { id: string; viewer: Viewer; actor: Actor; reason: string }) {
      if (options.viewer.role !== 'admin') throw applicationErrors.notFound();
      await db.transaction(async (tx) => {
        const row = await repo.findByIdForUpdate(tx, options.id);
        if (!row) throw applicationErrors.notFound();
        if (!FAILABLE.includes(row.status as ApplicationStatus))
          throw applicationErrors.illegalTransition({
            from: row.status,
            to: 'failed',
            message: `This application is ${STATUS_LABELS[row.status as ApplicationStatus]}; only a paid application that is not finished can be marked failed.`,
          });
        await transition(tx, { row, to: 'failed', actor: options.actor, reason: options.reason });
      });
      return view(options.id, options.viewer);
    },

    /**
     * For the services that drive the journey (payments, identity, the session): moves any application by id with
     * its audit event, in the caller's transaction when given one.
     */
    async transition(options: {
      id: string;
      to: ApplicationStatus;
      actor: Actor;
      reason?: string;
      changes?: repo.ApplicationChanges;
      tx?: DbOrTx;
    }) {
      const run = async (tx: DbOrTx) => {
        const row = await repo.findByIdForUpdate(tx, options.id);
        if (!row) throw applicationErrors.notFound();
        await transition(tx, {
          row,
          to: options.to,
          actor: options.actor,
          reason: options.reason,
          changes: options.changes,
        });
      };
      if (options.tx) await run(options.tx);
      else await db.transaction(run);
    },
  };

  async function getOwnedDraft(id: string, viewer: Viewer) {
    const row = await repo.findReadable(db, { id, viewer });
    if (!row || row.ownerId !== viewer.userId) throw applicationErrors.notFound();
    if (row.status !== 'draft')
      throw applicationErrors.notEditable(STATUS_LABELS[row.status as ApplicationStatus]);
    return row;
  }
}
