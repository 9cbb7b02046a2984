import { z } from 'zod/mini';
import { mfaCodeField } from './auth.ts';
import { pageQuery } from './notaries.ts';

/**
 * The audit view (issue 22, decision 0054): every audited event of every module in one shape. The actions, each
 * `{record}.{what}`; a new audited action is added here first (the web app names each in both languages).
 */
export const AUDIT_ACTIONS = [
  'application.status_changed',
  'account.suspend',
  'account.reactivate',
  'account.end_sessions',
  'account.resend_verification',
  'notary.status_changed',
  'identity.image_read',
  'recording.read',
  'register.read',
  'auth.step_up',
  'seal.retry',
  'account.reset_mfa',
  'wallet.adjusted',
  'admin.invited',
  'admin.roles_changed',
  'admin.removed',
  'notary.availability_changed',
  'session.joined',
  'session.reconnected',
  'session.left',
  'session.removed',
  'session.identity_confirmed',
  'session.identity_not_confirmed',
  'session.recording_started',
  'session.recording_stopped',
  'session.recording_failed',
  'session.media_gap',
  'session.media_resumed',
  'session.signed',
  'session.ended_failed',
  'support.reply',
  'support.note',
  'support.status_changed',
  'support.assigned',
  'newsletter.mailing_sent',
  'newsletter.exported',
  'blog.category_changed',
  'blog.article_changed',
  'account.closed',
  'api_key.created',
  'api_key.revoked',
  'organisation.member_invited',
  'organisation.member_joined',
  'organisation.role_changed',
  'organisation.member_removed',
  'organisation.member_left',
] as const;
export const auditAction = z.enum(AUDIT_ACTIONS);
export type AuditAction = z.infer<typeof auditAction>;

const day = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'Use YYYY-MM-DD'));

/** GET /admin/audit (and audit.csv): free text, one action, one actor (e-mail or id), IST days from–to, pages. */
export const auditQuery = z.strictObject({
  search: z.optional(z.string().check(z.trim(), z.maxLength(100))),
  action: z.optional(auditAction),
  actor: z.optional(z.string().check(z.trim(), z.maxLength(254))),
  from: z.optional(day),
  to: z.optional(day),
  ...pageQuery,
});
export type AuditQuery = z.input<typeof auditQuery>;

export const auditEvent = z.object({
  _id: z.string(),
  createdAt: z.string(),
  /** Null for a signatory by their link, or the platform itself. */
  actor: z.nullable(z.object({ _id: z.string(), name: z.string(), email: z.string() })),
  actorRole: z.string(),
  actorAdminRoles: z.array(z.string()),
  action: auditAction,
  subjectType: z.string(),
  subjectId: z.string(),
  detail: z.nullable(z.string()),
  ipAddress: z.nullable(z.string()),
});
export type AuditEvent = z.infer<typeof auditEvent>;

/** The spec's paging shape: `events, totalPages, page`. */
export const auditResponse = z.object({
  events: z.array(auditEvent),
  totalPages: z.number(),
  page: z.number(),
});
export type AuditResponse = z.infer<typeof auditResponse>;

/** POST /auth/step-up: the password again, or (with MFA on) a code from the app. */
export const stepUpRequest = z.union([
  z.strictObject({ password: z.string().check(z.minLength(1, 'Enter your password'), z.maxLength(1024)) }),
  z.strictObject({ code: mfaCodeField }),
]);
export type StepUpRequest = z.input<typeof stepUpRequest>;

/** How long a proof of identity (sign-in, step-up) lets an admin do sensitive things without asking again. */
export const STEP_UP_MAX_AGE_MS = 5 * 60_000;
