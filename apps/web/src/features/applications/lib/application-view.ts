import type { ApplicationAction, ApplicationEvent, ApplicationStatus } from '@mohar/contracts';

/** Statuses that come only after the fee is paid (domain.md's order: payment, identity, session, outcome). */
const PAID_STATUSES: readonly ApplicationStatus[] = [
  'awaiting_identity',
  'ready',
  'waiting_for_notary',
  'in_session',
  'notarised',
];
/** Where an application can end up whether or not it was paid: its history says which. */
const ENDED_STATUSES: readonly ApplicationStatus[] = ['cancelled', 'failed', 'rejected'];

export type PaymentState = 'quote' | 'awaiting' | 'paid' | 'not_paid' | 'unknown';

/**
 * What the fee panel says about payment: a draft shows a quote; once submitted it awaits payment; past that it is
 * paid. For an application that ended, its status history tells whether it was paid (unknown until it loads).
 */
export function paymentStateOf(options: {
  status: ApplicationStatus;
  events: readonly Pick<ApplicationEvent, 'toStatus'>[] | undefined;
}): PaymentState {
  const { status, events } = options;
  if (status === 'draft') return 'quote';
  if (status === 'awaiting_payment') return 'awaiting';
  if (PAID_STATUSES.includes(status)) return 'paid';
  if (!ENDED_STATUSES.includes(status) || !events) return 'unknown';
  return events.some((event) => PAID_STATUSES.includes(event.toStatus)) ? 'paid' : 'not_paid';
}

/**
 * The order actions appear in: carry on first (paying is the one next step), destructive last. An action the server
 * allows but this list does not know yet (a later release's) is left out rather than guessed at.
 */
export const ACTION_ORDER: readonly ApplicationAction[] = [
  'pay',
  'edit',
  'submit',
  'reopen',
  'cancel',
  'mark_failed',
  'delete',
];

export const actionsInOrder = (allowed: readonly ApplicationAction[]) =>
  ACTION_ORDER.filter((action) => allowed.includes(action));

/** Statuses in which signatories' links open (paid, until the session ends): a new link can be sent in these. */
const INVITATION_STATUSES: readonly ApplicationStatus[] = [
  'awaiting_identity',
  'ready',
  'waiting_for_notary',
  'in_session',
];

/** Whether the view offers "Send new link" for each signatory: to the owner or an admin, while links open. */
export const canResendInvitation = (options: {
  viewerRole: 'owner' | 'notary' | 'admin' | 'organisation';
  status: ApplicationStatus;
}) =>
  (options.viewerRole === 'owner' || options.viewerRole === 'admin') &&
  INVITATION_STATUSES.includes(options.status);

/** A SHA-256 fingerprint short enough to read and compare at a glance: first and last 8 hex digits. */
export function shortHash(sha256: string): string {
  const value = sha256.trim().toLowerCase();
  return value.length <= 20 ? value : `${value.slice(0, 8)}…${value.slice(-8)}`;
}

const ACTOR_ROLES = ['client', 'notary', 'admin', 'system'] as const;
export type ActorRole = (typeof ACTOR_ROLES)[number];

/** The role word for a timeline entry; an unknown role (a later kind of actor) shows no role rather than a code. */
export const actorRoleOf = (role: string | null): ActorRole | null =>
  (ACTOR_ROLES as readonly string[]).includes(role ?? '') ? (role as ActorRole) : null;

/** A file name for a downloaded PDF: the title in plain characters, else a fallback. */
export function pdfFileName(options: { title: string | null; fallback: string }): string {
  const base = (options.title ?? '')
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .replace(/\s+/g, '-')
    .slice(0, 80);
  return `${base || options.fallback}.pdf`;
}
