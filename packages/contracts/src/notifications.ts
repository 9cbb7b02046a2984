import { z } from 'zod/mini';
import { pageQuery } from './notaries.ts';

/** What a notification tells of (issue 8). The text is in `message`; the kind picks an icon and the e-mail fallback. */
export const NOTIFICATION_KINDS = [
  'application_status',
  'payment_succeeded',
  'payment_failed',
  'invitations_sent',
  'signatory_verified',
  'all_signatories_ready',
  'notary_request',
  'notary_accepted',
  'notary_declined',
  'notary_joined',
  'service_open',
  'document_sealed',
  'refund_approved',
  'refund_rejected',
  'notary_verification',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/**
 * Which sentence a notification is (issue 23): the reader's screen writes it in its own language from the key and
 * the parameters; `message` keeps the English sentence (the spec's field).
 */
export const NOTICE_KEYS = [
  'payment_received',
  'all_ready',
  'status_changed',
  'payment_failed',
  'signatory_verified',
  'signatory_sent',
  'document_sealed',
  'notary_verified',
  'notary_rejected',
  'notary_suspended',
  'notary_reinstated',
  'notary_request',
  'notary_accepted',
  'service_open',
  'notary_declined',
  'notary_timeout',
  'refund_approved',
  'refund_rejected',
] as const;
export type NoticeKey = (typeof NOTICE_KEYS)[number];

export const noticeText = z.object({
  key: z.enum(NOTICE_KEYS),
  params: z.record(z.string(), z.string()),
});
export type NoticeText = z.infer<typeof noticeText>;

/**
 * A notification, as listed and as pushed. `userId` and `message` are the spec's fields; the message contains the
 * path `application-view/{id}` when it is about an application, whose id is also given as `applicationId`.
 */
export const notification = z.object({
  _id: z.string(),
  /** Strictly increasing: orders notifications made in the same instant (one change can cause several). */
  seq: z.number(),
  userId: z.string(),
  applicationId: z.nullable(z.string()),
  kind: z.enum(NOTIFICATION_KINDS),
  message: z.string(),
  /** The sentence as a key and parameters, for the reader's language; null for a free text (development helper). */
  text: z.optional(z.nullable(noticeText)),
  createdAt: z.string(),
  readAt: z.nullable(z.string()),
});
export type Notification = z.infer<typeof notification>;

const notificationId = z.string().check(z.regex(/^[0-9a-f-]{36}$/i));

export const notificationsQuery = z.strictObject({
  ...pageQuery,
  /** Only those after this one, oldest first: what a client missed while its connection was down. */
  after: z.optional(notificationId),
});
export type NotificationsQuery = z.input<typeof notificationsQuery>;

export const notificationsResponse = z.object({
  notifications: z.array(notification),
  unreadCount: z.number(),
  page: z.number(),
  totalPages: z.number(),
  total: z.number(),
});
export type NotificationsResponse = z.infer<typeof notificationsResponse>;

/** POST /notifications/read: some (by id) or all of the caller's notifications. */
export const markNotificationsReadRequest = z.union([
  z.strictObject({ ids: z.array(notificationId).check(z.minLength(1), z.maxLength(100)) }),
  z.strictObject({ all: z.literal(true) }),
]);
export type MarkNotificationsReadRequest = z.infer<typeof markNotificationsReadRequest>;
export const markNotificationsReadResponse = z.object({ updated: z.number(), unreadCount: z.number() });

/** POST /dev/notifications (development only): a test notification to oneself. */
export const devNotificationRequest = z.strictObject({
  text: z.string().check(z.trim(), z.minLength(1), z.maxLength(300)),
});

/**
 * Notification preferences (issue 26): per kind, in the feed and/or by e-mail. `security` and `legal` stand for the
 * account's own mails (sign-in, password, e-mail change; terms, consent) and, with the kinds listed beside them, can
 * never have their e-mail turned off: the profile shows them locked and the API refuses.
 */
export const PREFERENCE_KINDS = [...NOTIFICATION_KINDS, 'security', 'legal'] as const;
export type PreferenceKind = (typeof PREFERENCE_KINDS)[number];
export const LOCKED_EMAIL_KINDS: readonly PreferenceKind[] = [
  'security',
  'legal',
  'document_sealed',
  'notary_verification',
];

export const notificationPreference = z.object({
  kind: z.enum(PREFERENCE_KINDS),
  inApp: z.boolean(),
  email: z.boolean(),
  emailLocked: z.boolean(),
});
export type NotificationPreference = z.infer<typeof notificationPreference>;
export const notificationPreferencesResponse = z.object({ preferences: z.array(notificationPreference) });
export type NotificationPreferencesResponse = z.infer<typeof notificationPreferencesResponse>;

export const updateNotificationPreferencesRequest = z.strictObject({
  preferences: z
    .array(z.strictObject({ kind: z.enum(PREFERENCE_KINDS), inApp: z.boolean(), email: z.boolean() }))
    .check(z.minLength(1), z.maxLength(PREFERENCE_KINDS.length)),
});
export type UpdateNotificationPreferencesRequest = z.infer<typeof updateNotificationPreferencesRequest>;
