/** Business constants from the product spec (§9) and the domain notes. One source for server and web. */
export const MIN_AGE_YEARS = 18;
export const SERVICE_HOURS = { opensAt: '10:00', closesAt: '20:00', timeZone: 'Asia/Kolkata' } as const;
export const SESSION_MINUTES_TYPICAL = { min: 5, max: 10 } as const;
export const IDENTITY_RETENTION_DAYS = 90;
/** A signatory's personal link to the portal lasts this long (and ends with the application). */
export const INVITATION_TTL_DAYS = 7;
export const CONSENT_WITHDRAWAL_NOTICE_DAYS = 30;
export const REFUND_REQUEST_WINDOW_DAYS = 5;
export const REFUND_CREDIT_BUSINESS_DAYS = 5;
export const DISPUTE_TALKS_BUSINESS_DAYS = 30;
export const CLAIMS_WITHIN_YEARS = 1;
export const TERMS_EFFECTIVE_DATE = '01.01.2025';
export const TERMS_LAST_UPDATED = '03/01/2025';
export const TOAST_AUTO_CLOSE_MS = 5000;
export const INPUT_DEBOUNCE_MS = 500;
export const CAROUSEL_INTERVAL_MS = 5000;
export const COLLAPSE_ANIMATION_MS = 350;
export const META_DESCRIPTION_FALLBACK_CHARS = 150;
export const GST_RATE_PERCENT = 18;
export const TIME_ZONE = 'Asia/Kolkata';
/** IST is UTC+05:30 all year (India keeps no daylight saving): dates in India by plain arithmetic, without `Intl`. */
export const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;
/** Account rules (issue 3; OWASP ASVS level 2). */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const RECOVERY_CODE_COUNT = 10;
/** The terms a registration accepts; stored with the account. */
export const TERMS_VERSION = '2025-01-03';
export const EMAIL_VERIFICATION_TTL_HOURS = 48;
export const PASSWORD_RESET_TTL_MINUTES = 60;
/** A change of e-mail: the link to the new address lasts this long; the old address can undo it for UNDO days. */
export const EMAIL_CHANGE_CONFIRM_TTL_HOURS = 24;
export const EMAIL_CHANGE_UNDO_DAYS = 7;
/** Booked sessions (issue 26): slot length, how far ahead, and until when rescheduling or cancelling is free. */
export const BOOKING_SLOT_MINUTES = 30;
export const BOOKING_MAX_DAYS_AHEAD = 30;
export const BOOKING_FREE_CHANGE_HOURS = 2;
/** Nobody joined within this many minutes of the start: a no-show is recorded. */
export const BOOKING_NO_SHOW_MINUTES = 15;
/** Reminders go this many minutes before the start: 24 hours and 15 minutes. */
export const BOOKING_REMINDER_MINUTES = [1440, 15] as const;
/**
 * Wrong passwords (issue 19), counted across every server process: per account and address (so a stranger cannot
 * lock the owner out), and per account from anywhere (past which the owner is e-mailed a one-time sign-in link).
 */
export const LOGIN_LIMITS = {
  perAddress: 5,
  perAddressMinutes: 15,
  perAccount: 20,
  perAccountMinutes: 60,
  signInLinkMinutes: 15,
} as const;
/** The e-mailed code that confirms a signatory's address in the portal. */
export const EMAIL_CODE = {
  digits: 6,
  ttlMinutes: 10,
  maxAttempts: 5,
  resendAfterSeconds: 60,
  maxPerHour: 5,
} as const;

// Here rather than in notifications.ts (with zod's schemas): the signed-in shell's realtime client reads only these.
/** The realtime namespace's path and the one event it pushes to a user (spec §3: `new-notification`). */
export const REALTIME_PATH = '/api/v1/realtime';
export const NEW_NOTIFICATION_EVENT = 'new-notification';
/** A hint that one of the user's applications changed (a signatory moved on): `{ applicationId }`. */
export const APPLICATION_UPDATED_EVENT = 'application-updated';

/* People's rights over their data (issue 26). */
/** The privacy notice in force. A new version is asked for again at the next sign-in (a blocking dialog). */
export const PRIVACY_NOTICE_VERSION = '2026-11-28';
/** The newsletter's opt-in text (the subscribe box and its confirmation mail): its version in the consent trail. */
export const NEWSLETTER_CONSENT_VERSION = '2026-11-27';

/**
 * The grievance officer (DPDP Act §8(10), Rules 2025): named on the privacy page and in the profile. Their name is
 * the same in both languages; the designation is translated by the web app.
 */
export const GRIEVANCE_OFFICER = {
  name: 'Ananya Deshpande',
  email: 'grievance@mohar.in',
  /** Working days to answer a grievance. */
  responseDays: 30,
} as const;
