import {
  type Application,
  type ApplicationAction,
  type ApplicationStatus,
  type DocumentType,
  isFirstScheduleType,
  NO_ACT,
  type NotarialAct,
  type SignatoryAct,
  type StatusReason,
  todayInIndia,
} from '@mohar/contracts';
import type { AppConfig } from '../../config.ts';
import type { Database, DbOrTx } from '../../db/client.ts';
import type { BlobStore } from '../../platform/blob-store.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { FeeSettingsService } from '../fees/fee-settings.service.ts';
import type { NotariesService } from '../notaries/notaries.service.ts';
import {
  CANCELLABLE,
  FAILABLE,
  isLegalTransition,
  missingForSubmission,
  STATUS_LABELS,
} from './application-rules.ts';
import { applicationErrors } from './applications.errors.ts';
import type { ApplicationRow, Viewer } from './applications.repository.ts';
import * as repo from './applications.repository.ts';
import { computeFee, type FeeSettings } from './fees.ts';
import { statusReasonEnglish } from './status-reasons.ts';

export type Actor = { userId: string | null; role: string | null; ip: string | null };

/** An application's status change in its own trail and in the platform's audit trail, in the caller's transaction. */
export async function appendStatusEvent(
  tx: DbOrTx,
  options: {
    applicationId: string;
    actor: Actor;
    from: string | null;
    to: string;
    reason?: string | null;
    serverReason?: StatusReason;
  },
) {
  const { actor, serverReason } = options;
  // The server's own reason: its code and values, with its English sentence; otherwise a person's words as written.
  const reason = serverReason ? statusReasonEnglish(serverReason) : (options.reason ?? null);
  await repo.insertEvent(tx, {
    applicationId: options.applicationId,
    actorId: actor.userId,
    actorRole: actor.role,
    ipAddress: actor.ip,
    fromStatus: options.from,
    toStatus: options.to,
    reason,
    reasonCode: serverReason?.code ?? null,
    reasonParams: serverReason?.params ?? null,
  });
  await recordAudit(tx, {
    actor: { userId: actor.userId, role: actor.role ?? 'system', ipAddress: actor.ip },
    action: 'application.status_changed',
    subject: { type: 'application', id: options.applicationId },
    detail: `${options.from ?? '—'} → ${options.to}${reason ? `: ${reason}` : ''}`,
  });
}

/** Runs inside the transaction of every status change (payments release a pending wallet reservation, for one). */
export type TransitionListener = (
  tx: DbOrTx,
  change: { applicationId: string; from: ApplicationStatus; to: ApplicationStatus; actor: Actor },
) => Promise<void>;

/**
 * What happened to each signatory in the act (identity decisions, signatures), by signatory id. Those records belong
 * to the session and signing modules, which depend on this one: the app hands the reader in (provideActFacts).
 */
export type ActFactsReader = (db: DbOrTx, applicationId: string) => Promise<Map<string, SignatoryAct>>;

/** Only from the session on is there anything to read. */
const WITH_ACT: ReadonlySet<string> = new Set<ApplicationStatus>(['in_session', 'notarised', 'failed']);

/** Runs inside the transaction that swaps in a new document (signature boxes placed on the old pages go). */
export type DocumentListener = (tx: DbOrTx, applicationId: string) => Promise<void>;

export type ApplicationsDeps = {
  db: Database;
  blobStore: BlobStore;
  config: AppConfig;
  notariesService: NotariesService;
  feeSettings: FeeSettingsService;
  /**
   * The notaries an organisation may name under its "only our in-house notaries" setting, null when any will do: the
   * organisations module's answer, in the caller's transaction (decision 0091). Absent: no organisation restricts.
   */
  allowedNotariesFor?: (tx: DbOrTx, organisationId: string) => Promise<readonly string[] | null>;
  now?: () => Date;
};

/** What every applications use case shares: the dependencies, the full view, drafts' guard and the one transition. */
export type ApplicationsCore = ReturnType<typeof createApplicationsCore>;

export function createApplicationsCore(deps: ApplicationsDeps) {
  const { db, notariesService, feeSettings } = deps;
  const now = deps.now ?? (() => new Date());
  const today = () => todayInIndia(now());
  const listeners: TransitionListener[] = [];
  const documentListeners: DocumentListener[] = [];
  let readActFacts: ActFactsReader = async () => new Map();

  /** Whether naming this notary breaks the application's organisation's "only our in-house notaries" setting. */
  async function isOutsideOrganisation(
    tx: DbOrTx,
    options: { organisationId: string | null; notaryId: string | null },
  ) {
    if (!options.organisationId || !options.notaryId || !deps.allowedNotariesFor) return false;
    const allowed = await deps.allowedNotariesFor(tx, options.organisationId);
    return allowed !== null && !allowed.includes(options.notaryId);
  }

  /** Each signatory's act facts; none before the session. */
  async function actFacts(db: DbOrTx, applicationId: string, status: string) {
    return WITH_ACT.has(status) ? readActFacts(db, applicationId) : new Map<string, SignatoryAct>();
  }

  async function toApplication(row: repo.ReadableApplication, viewer: Viewer): Promise<Application> {
    const { signatories } = row;
    const notary = row.notaryId
      ? await notariesService.getApplicationNotaryAt({
          notaryId: row.notaryId,
          version: row.notaryVersion ?? '',
        })
      : null;
    const acts = await actFacts(db, row.id, row.status);
    const isOwner = row.ownerId === viewer.userId;
    const status = row.status as ApplicationStatus;
    const missing =
      status === 'draft'
        ? missingForSubmission({
            row,
            signatories,
            isNotaryAvailable: notary?.canTakeWork ?? false,
            isNotaryOutsideOrganisation:
              row.notaryChoice === 'named' && (await isOutsideOrganisation(db, row)),
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
      viewerRole: viewerRoleOf(row, viewer),
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
        act: acts.get(s.id) ?? NO_ACT,
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
  function feeOf(
    row: Pick<ApplicationRow, 'fee' | 'notarialAct'>,
    signatoryCount: number,
    settings: FeeSettings | null,
  ) {
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

  /** `known`: the row this request already read for the same caller (the record-access check): not read twice. */
  async function view(id: string, viewer: Viewer, known?: repo.ReadableApplication) {
    return toApplication(known?.id === id ? known : await getReadable(id, viewer), viewer);
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
      /** A reason the server writes (a code and its values) rather than a person's words (decision 0092). */
      serverReason?: StatusReason;
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
    await appendStatusEvent(tx, {
      applicationId: options.row.id,
      actor: options.actor,
      from,
      to: options.to,
      reason: options.reason,
      serverReason: options.serverReason,
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
    serverReason?: StatusReason;
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
        serverReason: options.serverReason,
        changes,
        verb: options.verb,
      });
    });
    return view(options.id, options.viewer);
  }

  async function getOwnedDraft(id: string, viewer: Viewer) {
    const row = await repo.findReadable(db, { id, viewer });
    if (!row || row.ownerId !== viewer.userId) throw applicationErrors.notFound();
    if (row.status !== 'draft')
      throw applicationErrors.notEditable(STATUS_LABELS[row.status as ApplicationStatus]);
    return row;
  }

  return {
    ...deps,
    now,
    today,
    listeners,
    documentListeners,
    actFacts,
    isOutsideOrganisation,
    provideActFacts: (reader: ActFactsReader) => {
      readActFacts = reader;
    },
    toApplication,
    feeOf,
    getReadable,
    view,
    changeDraft,
    transition,
    ownerTransition,
    getOwnedDraft,
  };
}

/** The reader's relation to an application they may read (the query admitted them already). */
export function viewerRoleOf(
  row: Pick<repo.ReadableApplication, 'ownerId' | 'viewerOrganisationRole'>,
  viewer: Viewer,
): Application['viewerRole'] {
  if (row.ownerId === viewer.userId) return 'owner';
  if (viewer.role === 'admin') return 'admin';
  // An owner or admin of the application's organisation, reading a colleague's (decision 0068).
  if (row.viewerOrganisationRole === 'owner' || row.viewerOrganisationRole === 'admin') return 'organisation';
  return 'notary';
}
