import { z } from 'zod/mini';
import { ADMIN_ROLES } from './admin-access.ts';
import { emailField, indianMobileField } from './common.ts';
import { MIN_AGE_YEARS, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants.ts';

export const USER_ROLES = ['client', 'notary', 'admin'] as const;
export const userRole = z.enum(USER_ROLES);
export type UserRole = z.infer<typeof userRole>;
export const adminRole = z.enum(ADMIN_ROLES);

/** The languages the product speaks: English and Hindi. */
export const LANGUAGE_CODES = ['en', 'hi'] as const;
export const languageCode = z.enum(LANGUAGE_CODES);
export type LanguageCode = z.infer<typeof languageCode>;

/** Roles a person may choose when registering; admins are created by the platform. */
export const REGISTRABLE_ROLES = ['client', 'notary'] as const;

/** Password policy (NIST SP 800-63B / ASVS 2.1): length only, no composition rules; the server also refuses common ones. */
export const passwordField = z
  .string({ message: 'Enter a password' })
  .check(
    z.minLength(PASSWORD_MIN_LENGTH, `Use at least ${PASSWORD_MIN_LENGTH} characters`),
    z.maxLength(PASSWORD_MAX_LENGTH, `Use at most ${PASSWORD_MAX_LENGTH} characters`),
  );

export const nameField = z
  .string({ message: 'Enter your full name' })
  .check(z.trim(), z.minLength(2, 'Enter your full name'), z.maxLength(100, 'Name is too long'));

/** Age in whole years on `today` (both YYYY-MM-DD); a birthday on 29 February counts from 1 March in other years. */
export function ageOn(dateOfBirth: string, today: string): number {
  const [by = 0, bm = 0, bd = 0] = dateOfBirth.split('-').map(Number);
  const [ty = 0, tm = 0, td = 0] = today.split('-').map(Number);
  const hadBirthday = tm > bm || (tm === bm && td >= bd);
  return ty - by - (hadBirthday ? 0 : 1);
}

// Made once: building a DateTimeFormat costs tens of microseconds, and every application view asks the date.
const IST_DATE = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' });

// IST is a whole number of minutes from UTC: within one UTC minute the date is the same, so it is formatted once a
// minute (the server asks it on every view of a notary's card).
let dateMinute = Number.NaN;
let date = '';

/** Today's date in India (YYYY-MM-DD): ages and deadlines follow IST, not the server's zone. */
export function todayInIndia(now: Date = new Date()): string {
  const minute = Math.floor(now.getTime() / 60_000);
  if (minute !== dateMinute) {
    date = IST_DATE.format(now);
    dateMinute = minute;
  }
  return date;
}

const isRealDate = (value: string) => {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
};

export const dateOfBirthField = z.string({ message: 'Enter your date of birth' }).check(
  z.regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter your date of birth'),
  z.refine(isRealDate, 'Enter a real date'),
  z.refine((value) => value > '1900-01-01', 'Enter your date of birth'),
  z.refine(
    (value) => ageOn(value, todayInIndia()) >= MIN_AGE_YEARS,
    `You must be ${MIN_AGE_YEARS} or older to use Mohar`,
  ),
);

const passwordsMatch = z.refine<{ password: string; confirmPassword: string }>(
  (value) => value.password === value.confirmPassword,
  { message: 'Passwords do not match', path: ['confirmPassword'] },
);

export const registerRequest = z
  .strictObject({
    name: nameField,
    email: emailField,
    mobile: indianMobileField,
    password: passwordField,
    confirmPassword: z.string({ message: 'Confirm your password' }),
    role: z.enum(REGISTRABLE_ROLES, { message: 'Choose client or notary' }),
    dateOfBirth: dateOfBirthField,
    termsAccepted: z.literal(true, { message: 'Accept the terms and conditions to register' }),
    /** The language of the screen the person registered on: their account's language from the start (issue 23). */
    language: z.optional(z.enum(LANGUAGE_CODES, { message: 'Choose English or Hindi' })),
  })
  .check(passwordsMatch);
export type RegisterRequest = z.input<typeof registerRequest>;

/** What the app knows about the signed-in user. Never a hash, never a token. */
export const sessionUser = z.object({
  _id: z.string(),
  role: userRole,
  name: z.string(),
  email: z.string(),
  mobile: z.string(),
  emailVerified: z.boolean(),
  mfaEnabled: z.boolean(),
  /** True when the user's role needs MFA (MFA_REQUIRED_ROLES) and it is not set up yet: only MFA setup is open. */
  mfaSetupRequired: z.boolean(),
  /** An admin's roles (issue 22; ADMIN_ROLES): what the console shows them. Empty for clients and notaries. */
  adminRoles: z.array(adminRole),
  /** The language the person chose (PATCH /profile/language); null until they choose: the web follows the browser. */
  language: z.nullable(languageCode),
});
export type SessionUser = z.infer<typeof sessionUser>;

export const userResponse = z.object({ user: sessionUser });
export type UserResponse = z.infer<typeof userResponse>;

/** GET /profile: the session user plus what only the profile needs (the wizard's "add myself" uses the birth date). */
export const profileResponse = z.object({
  user: z.extend(sessionUser, { dateOfBirth: z.nullable(z.string()) }),
});

export const loginRequest = z.strictObject({
  email: emailField,
  // Any length is checked against the hash: the policy applies when a password is set, not when one is tried.
  password: z
    .string({ message: 'Enter your password' })
    .check(z.minLength(1, 'Enter your password'), z.maxLength(1024)),
});
export type LoginRequest = z.input<typeof loginRequest>;

/** 200: either signed in (`user`) or a second step is needed (`mfaRequired`, then POST /login/mfa). */
export const loginResponse = z.union([
  z.object({ user: sessionUser, message: z.string() }),
  z.object({ mfaRequired: z.literal(true), message: z.string() }),
]);
export type LoginResponse = z.infer<typeof loginResponse>;

/** A 6-digit code from the authenticator app, or one of the recovery codes (xxxxx-xxxxx). */
export const mfaCodeField = z
  .string({ message: 'Enter the code' })
  .check(
    z.trim(),
    z.regex(/^(\d{6}|[a-z0-9]{5}-?[a-z0-9]{5})$/i, 'Enter the 6-digit code or a recovery code'),
  );

export const loginMfaRequest = z.strictObject({ code: mfaCodeField });
export type LoginMfaRequest = z.input<typeof loginMfaRequest>;

export const forgotPasswordRequest = z.strictObject({ email: emailField });
export type ForgotPasswordRequest = z.input<typeof forgotPasswordRequest>;

export const resetPasswordRequest = z
  .strictObject({
    password: passwordField,
    confirmPassword: z.string({ message: 'Confirm your password' }),
  })
  .check(passwordsMatch);
export type ResetPasswordRequest = z.input<typeof resetPasswordRequest>;

export const resendVerificationRequest = z.strictObject({ email: emailField });
export type ResendVerificationRequest = z.input<typeof resendVerificationRequest>;

export const updateProfileRequest = z.strictObject({
  name: z.optional(nameField),
  mobile: z.optional(indianMobileField),
});
export type UpdateProfileRequest = z.input<typeof updateProfileRequest>;

/** PATCH /profile/language: the signed-in person's own language, for every screen (issue 23). */
export const updateLanguageRequest = z.strictObject({
  language: z.enum(LANGUAGE_CODES, { message: 'Choose English or Hindi' }),
});
export type UpdateLanguageRequest = z.input<typeof updateLanguageRequest>;

export const changePasswordRequest = z
  .strictObject({
    currentPassword: z
      .string({ message: 'Enter your current password' })
      .check(z.minLength(1, 'Enter your current password'), z.maxLength(1024)),
    password: passwordField,
    confirmPassword: z.string({ message: 'Confirm your password' }),
  })
  .check(passwordsMatch);
export type ChangePasswordRequest = z.input<typeof changePasswordRequest>;

/** Change of e-mail (issue 26): the password proves it is the person; the link goes to the new address. */
export const changeEmailRequest = z.strictObject({
  newEmail: emailField,
  currentPassword: z
    .string({ message: 'Enter your current password' })
    .check(z.minLength(1, 'Enter your current password'), z.maxLength(1024)),
});
export type ChangeEmailRequest = z.input<typeof changeEmailRequest>;

export const activeSession = z.object({
  _id: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  ipAddress: z.nullable(z.string()),
  userAgent: z.nullable(z.string()),
  current: z.boolean(),
});
export type ActiveSession = z.infer<typeof activeSession>;
export const activeSessionsResponse = z.object({ data: z.array(activeSession) });
export type ActiveSessionsResponse = z.infer<typeof activeSessionsResponse>;

export const endSessionsResponse = z.object({ message: z.string(), ended: z.number() });
export type EndSessionsResponse = z.infer<typeof endSessionsResponse>;

/** Step 1 of MFA setup: a new secret to add to an authenticator app (also as a QR code, an SVG). */
export const mfaSetupResponse = z.object({ secret: z.string(), otpauthUrl: z.string(), qrSvg: z.string() });
export type MfaSetupResponse = z.infer<typeof mfaSetupResponse>;

export const mfaEnableRequest = z.strictObject({
  code: z
    .string({ message: 'Enter the 6-digit code' })
    .check(z.trim(), z.regex(/^\d{6}$/, 'Enter the 6-digit code')),
});
export type MfaEnableRequest = z.input<typeof mfaEnableRequest>;

/** Shown once: only hashes are kept. */
export const recoveryCodesResponse = z.object({ message: z.string(), recoveryCodes: z.array(z.string()) });
export type RecoveryCodesResponse = z.infer<typeof recoveryCodesResponse>;

export const mfaDisableRequest = z.strictObject({
  password: z
    .string({ message: 'Enter your password' })
    .check(z.minLength(1, 'Enter your password'), z.maxLength(1024)),
  code: mfaCodeField,
});
export type MfaDisableRequest = z.input<typeof mfaDisableRequest>;

export const mfaCodeRequest = z.strictObject({ code: mfaCodeField });

/** Development only: the mail outbox shown at /dev/mailbox. */
export const devMail = z.object({
  _id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  createdAt: z.string(),
});
export type DevMail = z.infer<typeof devMail>;
export const devMailboxResponse = z.object({ data: z.array(devMail) });
