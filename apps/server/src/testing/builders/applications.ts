import { createHash } from 'node:crypto';
import { PDFDocument } from '@cantoo/pdf-lib';
import {
  type ApplicationStatus,
  type DocumentType,
  indianMobileField,
  isFirstScheduleType,
  type NotarialAct,
  type SignatoryRole,
} from '@mohar/contracts';
import * as applicationsRepo from '../../modules/applications/applications.repository.ts';
import { browserRecorded } from './browser-recording.ts';
import { BUILDER_META, type BuildContext, settle } from './context.ts';
import { sampleDocument } from './files.ts';
import { type BuiltNotary, buildNotary } from './notaries.ts';
import { payApplication } from './payments.ts';
import { advanceSignatory, invitationTokenOf, signInSession } from './portal.ts';
import { serverRecorded } from './server-recording.ts';
import { type BuiltUser, buildUser, type Party } from './users.ts';

/**
 * Where an application stands. Every status of the status machine (applications.service TRANSITIONS), and these
 * names for the points between: `submitted` = awaiting_payment, `paid` = awaiting_identity, `signed` = in_session with
 * every signatory signed (the recording running), `sealed` = notarised.
 */
export type ApplicationStage = ApplicationStatus | 'submitted' | 'paid' | 'signed' | 'sealed';

export type SignatorySpec = {
  fullName: string;
  /** Default: a unique address made from the name (each signatory's link is mailed to it). */
  email?: string;
  mobile?: string;
  /** Default 1990-04-12 (an adult). */
  dateOfBirth?: string;
  /** Default: the first is the executant, the others witnesses. */
  role?: SignatoryRole;
  /** As given in the portal; default a Bengaluru address made from the name, null for none yet. */
  address?: string | null;
};

export type DocumentDetails = {
  documentType: DocumentType;
  notarialAct: NotarialAct;
  title: string;
  description: string;
  language: string;
  purpose: string;
};

/** What the wizard's details step is filled with by default (an affidavit of address). */
export const DOCUMENT_DETAILS: DocumentDetails = {
  documentType: 'affidavit',
  notarialAct: 'affidavit_oath',
  title: 'Affidavit of address',
  description: 'Sworn statement of my residential address for a bank account.',
  language: 'English',
  purpose: 'Submission to a bank',
};

export type BuildApplicationOptions<Owner extends Party = BuiltUser, Notary extends Party = BuiltNotary> = {
  /** Default `draft`. Each later stage is reached through the ones before it, as a person would. */
  status?: ApplicationStage;
  /** Default: a client built for it. Any account will do (the E2E fixtures pass one by id). */
  owner?: Owner;
  /**
   * The notary: named in the wizard (with `notaryChoice: 'named'`), and the one who accepts the request and holds the
   * session (waiting_for_notary and later). Default: one built for it when needed (with a real certificate to seal).
   */
  notary?: Notary;
  /** Default `first_available` (the notary is switched online to be offered the request); `null` for none chosen yet. */
  notaryChoice?: 'first_available' | 'named' | null;
  /** Default one executant, Priya Menon. A draft may have none (`[]`). */
  signatories?: SignatorySpec[];
  /** The details step; `null` leaves it empty (a draft only). */
  details?: Partial<DocumentDetails> | null;
  /** For a First Schedule document type: its warning acknowledged. Default true (false leaves the draft incomplete). */
  firstScheduleAcknowledged?: boolean;
  /** The PDF to notarise; default a one-page sample; `null` for a draft without one. */
  document?: Buffer | null;
  fileName?: string;
  /** Each signatory also initials every page (set with the signature places). */
  initialsOnEveryPage?: boolean;
  /** How the fee is paid: the sandbox gateway (default, as by card or UPI) or the wallet (credited first). */
  payWith?: 'gateway' | 'wallet';
  /**
   * in_session, the server recorder (decision 0081): `none` (default: no media has reached it), `media` (the
   * notary's media reaches it, nothing stored yet), `started` (and one part of their track stored; the default from
   * `signed` on, since signing needs it, and `sealed` stores its signed manifest), `browser` (the same, plus a finished
   * recording by the notary's browser as sessions before decision 0081 have, for their playback and retention).
   */
  recording?: 'none' | 'media' | 'started' | 'browser';
  /** For cancelled, failed and rejected: the status it left. Defaults: awaiting_payment, awaiting_identity, waiting_for_notary. */
  endedFrom?: ApplicationStatus;
};

export type BuiltSignatory = {
  id: string;
  fullName: string;
  email: string;
  dateOfBirth: string;
  role: SignatoryRole;
  /** Their personal link's token (`/access-application/{token}`), once the fee is paid. */
  token: string | undefined;
};

export type BuiltApplication<Owner extends Party = BuiltUser, Notary extends Party = BuiltNotary> = {
  id: string;
  status: ApplicationStatus;
  owner: Owner;
  notaryChoice: 'first_available' | 'named' | null;
  /** The named notary or the one holding the session; null when none is involved yet. */
  notary: Notary | null;
  signatories: BuiltSignatory[];
  /** The fee fixed at submission; null for a draft. */
  totalPaise: number | null;
  /** The request for a notary (waiting_for_notary and later). */
  requestId: string | null;
};

const ORDER = [
  'draft',
  'awaiting_payment',
  'awaiting_identity',
  'ready',
  'waiting_for_notary',
  'in_session',
  'signed',
  'notarised',
] as const;
type Step = (typeof ORDER)[number];

const ALIASES: Partial<Record<ApplicationStage, ApplicationStatus>> = {
  submitted: 'awaiting_payment',
  paid: 'awaiting_identity',
  sealed: 'notarised',
};

const DEFAULT_ENDED_FROM: Partial<Record<ApplicationStatus, ApplicationStatus>> = {
  cancelled: 'awaiting_payment',
  failed: 'awaiting_identity',
  rejected: 'waiting_for_notary',
};

let signatoryCounter = 0;
function emailFor(fullName: string): string {
  signatoryCounter += 1;
  return `${fullName.toLowerCase().replace(/\W+/g, '.')}.${process.pid}.${signatoryCounter}@example.in`;
}

const pageCounts = new WeakMap<Buffer, Promise<number>>();
/** Pages of a PDF, read once per file (the product's check runs in a worker thread: too slow to repeat for set-up). */
function pagesOf(bytes: Buffer): Promise<number> {
  let pages = pageCounts.get(bytes);
  if (!pages) {
    pages = PDFDocument.load(bytes).then((pdf) => pdf.getPageCount());
    pageCounts.set(bytes, pages);
  }
  return pages;
}

type Plan = { target: ApplicationStatus | 'signed'; endedFrom: ApplicationStatus | null; last: Step };

function planOf(stage: ApplicationStage, endedFromOption: ApplicationStatus | undefined): Plan {
  const target: ApplicationStatus | 'signed' = ALIASES[stage] ?? (stage as ApplicationStatus | 'signed');
  const endedFrom =
    target === 'cancelled' || target === 'failed' || target === 'rejected'
      ? (endedFromOption ?? DEFAULT_ENDED_FROM[target] ?? 'awaiting_payment')
      : null;
  const last = (endedFrom ?? target) as Step;
  if (!ORDER.includes(last)) throw new Error(`buildApplication: cannot build towards ${stage}`);
  return { target, endedFrom, last };
}

const reachesIn = (plan: Plan) => (step: Step) => ORDER.indexOf(step) <= ORDER.indexOf(plan.last);

/**
 * An application at any stage, built as its owner and the others would have brought it there: the draft written in
 * one transaction through the applications repository, then every later step through the services that drive it
 * (submission, payment, the signatories' portal and identity steps, the request and acceptance, recording, identity
 * decisions, signatures, sealing), so the audit events, mails, notifications and ledger are the product's own.
 * From waiting_for_notary on, the app's clock must be inside service hours (or SERVICE_HOURS_ALWAYS_OPEN).
 */
export async function buildApplication<Owner extends Party = BuiltUser, Notary extends Party = BuiltNotary>(
  ctx: BuildContext,
  options: BuildApplicationOptions<Owner, Notary> = {},
): Promise<BuiltApplication<Owner, Notary>> {
  const reaches = reachesIn(planOf(options.status ?? 'draft', options.endedFrom));
  const owner =
    options.owner ?? ((await buildUser(ctx, { role: 'client', name: 'Asha Kulkarni' })) as Party as Owner);
  const notaryChoice = options.notaryChoice === undefined ? 'first_available' : options.notaryChoice;
  const notary =
    options.notary ??
    (notaryChoice === 'named'
      ? ((await buildNotary(ctx, {
          certificate: reaches('notarised') ? 'platform' : 'placeholder',
        })) as Party as Notary)
      : null);
  const draft = await writeDraft(ctx, { ...options, owner, notary, notaryChoice });
  const built: BuiltApplication<Owner, Notary> = {
    id: draft.id,
    status: 'draft',
    owner,
    notaryChoice,
    notary: notaryChoice === 'named' ? notary : null,
    signatories: draft.signatories,
    totalPaise: null,
    requestId: null,
  };
  return advanceApplication(ctx, built, { ...options, notary: notary ?? undefined });
}

export type AdvanceApplicationOptions<Notary extends Party = BuiltNotary> = Pick<
  BuildApplicationOptions,
  'status' | 'payWith' | 'recording' | 'endedFrom'
> & {
  /** Who takes the session, when the application has no notary yet. Default: one built for it. */
  notary?: Notary;
};

/**
 * Takes an application built earlier on to a later stage, the same way (for a test that does something between, e.g.
 * places signature boxes while it is ready). `built` is updated and returned.
 */
export async function advanceApplication<Owner extends Party, Notary extends Party>(
  ctx: BuildContext,
  built: BuiltApplication<Owner, Notary>,
  options: AdvanceApplicationOptions<Notary>,
): Promise<BuiltApplication<Owner, Notary>> {
  const plan = planOf(options.status ?? built.status, options.endedFrom);
  const reaches = reachesIn(plan);
  const from = ORDER.indexOf(built.status as Step);
  if (from < 0) throw new Error(`advanceApplication: ${built.id} is ${built.status}, which leads nowhere`);
  // Each step once: those the application has passed are skipped.
  const needs = (step: Step) => reaches(step) && ORDER.indexOf(step) > from;
  const { services } = ctx;
  const { owner } = built;
  const viewer = { userId: owner.id, role: owner.role };
  const ownerActor = { userId: owner.id, role: owner.role, ip: BUILDER_META.ipAddress };

  if (needs('awaiting_payment')) {
    const submitted = await services.applicationsService.submit({ id: built.id, viewer, actor: ownerActor });
    built.totalPaise = submitted.fee.totalPaise;
    built.status = 'awaiting_payment';
  }
  if (needs('awaiting_identity')) {
    await payApplication(ctx, {
      applicationId: built.id,
      owner,
      totalPaise: built.totalPaise ?? 0,
      payWith: options.payWith ?? 'gateway',
    });
    for (const signatory of built.signatories)
      signatory.token = await invitationTokenOf(ctx, signatory.email);
    built.status = 'awaiting_identity';
  }
  if (needs('ready')) {
    // The last signatory's identity submission moves the application to ready (identity.service).
    for (const signatory of built.signatories)
      await advanceSignatory(ctx, {
        token: signatory.token ?? '',
        email: signatory.email,
        to: 'identity_submitted',
      });
    built.status = 'ready';
  }
  if (needs('waiting_for_notary')) {
    built.notary ??=
      options.notary ??
      ((await buildNotary(ctx, {
        certificate: reaches('notarised') ? 'platform' : 'placeholder',
      })) as Party as Notary);
    // Only an online notary is offered a "first available" request (and told of it when it is made).
    if (built.notaryChoice !== 'named')
      await services.notariesService.setAvailability({
        userId: built.notary.id,
        availability: { isOnline: true },
      });
    const started = await services.sessionsService.start({
      applicationId: built.id,
      requester: { userId: owner.id, role: owner.role },
      ip: BUILDER_META.ipAddress,
    });
    built.requestId = started.requestId;
    built.status = 'waiting_for_notary';
  }
  const notaryId = built.notary?.id ?? '';
  if (needs('in_session')) {
    await services.sessionsService.accept({
      requestId: built.requestId ?? '',
      notaryUserId: notaryId,
      ip: BUILDER_META.ipAddress,
    });
    built.status = 'in_session';
  }
  if (built.status === 'in_session') {
    const recording = options.recording ?? (reaches('signed') ? 'started' : 'none');
    if (recording !== 'none' || reaches('signed'))
      await serverRecorded(ctx, {
        applicationId: built.id,
        participant: `user:${notaryId}`,
        storePart: recording !== 'media',
      });
    if (recording === 'browser') await browserRecorded(ctx, { applicationId: built.id, notaryId });
    if (reaches('signed')) {
      const signing = await services.signingService.state(built.id);
      for (const turn of signing.order.filter((o) => !o.signedAt))
        await signInSession(ctx, { applicationId: built.id, notaryId, signatoryId: turn.signatoryId });
    }
  }
  if (needs('notarised')) {
    await services.sealingService.seal({ applicationId: built.id, notaryId, ip: BUILDER_META.ipAddress });
    built.status = 'notarised';
  }
  if (plan.endedFrom)
    await endApplication(ctx, { built, to: plan.target as ApplicationStatus, from: plan.endedFrom });
  await settle(ctx);
  return built;
}

/** The wizard's steps, in one transaction: created, the document, the signatories, the notary choice and details. */
async function writeDraft(
  ctx: BuildContext,
  options: Omit<BuildApplicationOptions<Party, Party>, 'notary'> & {
    owner: Party;
    notary: Party | null;
    notaryChoice: 'first_available' | 'named' | null;
  },
) {
  const bytes = options.document === undefined ? await sampleDocument() : options.document;
  const document = bytes
    ? {
        stored: await ctx.blobStore.put({ body: bytes, prefix: 'application-documents' }),
        pages: await pagesOf(bytes),
        sha256: createHash('sha256').update(bytes).digest('hex'),
        sizeBytes: bytes.length,
      }
    : null;
  const details = options.details === null ? null : { ...DOCUMENT_DETAILS, ...options.details };
  const specs = options.signatories ?? [{ fullName: 'Priya Menon' }];
  const now = new Date();
  return ctx.db.transaction(async (tx) => {
    const row = await applicationsRepo.insertApplication(tx, options.owner.id);
    await applicationsRepo.insertEvent(tx, {
      applicationId: row.id,
      actorId: options.owner.id,
      actorRole: options.owner.role,
      ipAddress: BUILDER_META.ipAddress,
      fromStatus: null,
      toStatus: 'draft',
      reason: null,
    });
    await applicationsRepo.replaceSignatories(tx, {
      applicationId: row.id,
      signatories: specs.map((s, index) => ({
        fullName: s.fullName,
        email: (s.email ?? emailFor(s.fullName)).toLowerCase(),
        // Stored as the API stores it (+91 and ten digits), whatever spacing it is given in.
        mobile: indianMobileField.parse(s.mobile ?? '+91 98450 12345'),
        dateOfBirth: s.dateOfBirth ?? '1990-04-12',
        role: s.role ?? (index === 0 ? 'executant' : 'witness'),
        address: s.address === undefined ? `${index + 12} MG Road, Bengaluru 560001` : s.address,
      })),
    });
    await applicationsRepo.updateApplication(tx, row.id, {
      ...(document
        ? {
            document: {
              key: document.stored.key,
              fileName: options.fileName ?? 'affidavit.pdf',
              pages: document.pages,
              sizeBytes: document.sizeBytes,
              sha256: document.sha256,
              uploadedAt: now.toISOString(),
            },
          }
        : {}),
      ...(options.notaryChoice
        ? {
            notaryChoice: options.notaryChoice,
            notaryId: options.notaryChoice === 'named' ? (options.notary?.id ?? null) : null,
          }
        : {}),
      ...(details ?? {}),
      // A First Schedule document is submitted only once its warning is acknowledged.
      ...(details && isFirstScheduleType(details.documentType) && options.firstScheduleAcknowledged !== false
        ? { firstScheduleAcknowledgedAt: now }
        : {}),
      initialsOnEveryPage: options.initialsOnEveryPage ?? false,
    });
    const signatories = await applicationsRepo.listSignatories(tx, row.id);
    return {
      id: row.id,
      signatories: signatories.map(
        (s): BuiltSignatory => ({
          id: s.id,
          fullName: s.fullName,
          email: s.email,
          dateOfBirth: s.dateOfBirth,
          role: s.role as SignatoryRole,
          token: undefined,
        }),
      ),
    };
  });
}

/** Cancelled by the owner, failed (the notary ends the session, or support marks it), or rejected. */
async function endApplication(
  ctx: BuildContext,
  options: { built: BuiltApplication<Party, Party>; to: ApplicationStatus; from: ApplicationStatus },
) {
  const { built, to } = options;
  const { applicationsService, callService } = ctx.services;
  const owner = built.owner;
  if (to === 'cancelled')
    await applicationsService.cancel({
      id: built.id,
      viewer: { userId: owner.id, role: owner.role },
      actor: { userId: owner.id, role: owner.role, ip: BUILDER_META.ipAddress },
    });
  else if (to === 'failed' && options.from === 'in_session' && built.notary)
    await callService.fail({
      applicationId: built.id,
      notaryId: built.notary.id,
      reason: 'The call could not continue.',
      ip: BUILDER_META.ipAddress,
    });
  else
    await applicationsService.transition({
      id: built.id,
      to,
      actor: { userId: null, role: 'system', ip: null },
      reason: to === 'failed' ? 'A technical failure' : 'Rejected',
    });
  built.status = to;
}
