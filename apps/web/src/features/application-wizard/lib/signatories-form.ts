import {
  duplicateEmailIndexes,
  isAdultOn,
  MAX_SIGNATORIES,
  type Signatory,
  type SignatoryInput,
  type SignatoryRole,
  signatoryInput,
} from '@mohar/contracts';
import { z } from 'zod/mini';
import { translateValidation } from '@/lib/i18n';
import { describeIssue } from '@/lib/issue-text';

export const SIGNATORY_FIELDS = ['fullName', 'email', 'mobile', 'dateOfBirth', 'role'] as const;
export type SignatoryField = (typeof SIGNATORY_FIELDS)[number];

/** One row of the form. The mobile is the 10 digits after the +91 shown beside the field. */
export type SignatoryRow = {
  key: string;
  fullName: string;
  email: string;
  mobile: string;
  dateOfBirth: string;
  role: SignatoryRole;
};
export type RowErrors = Partial<Record<SignatoryField, string>>;
export type RowTouched = Partial<Record<SignatoryField, boolean>>;

/** The 10 digits after +91 (the form shows the prefix beside the field). */
export const localMobileOf = (mobile: string) => mobile.replace(/^\+91/, '');

export const emptyRow = (key: string): SignatoryRow => ({
  key,
  fullName: '',
  email: '',
  mobile: '',
  dateOfBirth: '',
  role: 'executant',
});

export const rowOfSignatory = (signatory: Signatory, key: string): SignatoryRow => ({
  key,
  fullName: signatory.fullName,
  email: signatory.email,
  mobile: localMobileOf(signatory.mobile),
  dateOfBirth: signatory.dateOfBirth,
  role: signatory.role,
});

/** "Add myself": the signed-in user's own details; a date of birth the account does not share stays empty. */
export const rowOfUser = (options: {
  user: { name: string; email: string; mobile: string; dateOfBirth?: string | null };
  key: string;
}): SignatoryRow => ({
  key: options.key,
  fullName: options.user.name,
  email: options.user.email,
  mobile: localMobileOf(options.user.mobile),
  dateOfBirth: options.user.dateOfBirth ?? '',
  role: 'executant',
});

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

export const hasEmail = (rows: readonly SignatoryRow[], email: string) =>
  email.trim() !== '' && rows.some((row) => sameEmail(row.email, email));

export const hasExecutant = (rows: readonly SignatoryRow[]) => rows.some((row) => row.role === 'executant');

export const canAddRow = (rows: readonly SignatoryRow[]) => rows.length < MAX_SIGNATORIES;

/**
 * Checks every row with the request's own schema, then the list rules: unique e-mails and 18 or older today (IST).
 * `signatories` is the request body when the whole list is valid, else null.
 */
export function validateSignatories(options: {
  rows: readonly SignatoryRow[];
  today: string;
  messages: { duplicateEmail: string; underAge: string };
}): { errors: RowErrors[]; signatories: SignatoryInput[] | null } {
  const parsed: SignatoryInput[] = [];
  const errors = options.rows.map((row): RowErrors => {
    const { key: _key, ...values } = row;
    const result = z.safeParse(signatoryInput, values);
    if (result.success) {
      parsed.push(result.data);
      return isAdultOn(result.data.dateOfBirth, options.today)
        ? {}
        : { dateOfBirth: options.messages.underAge };
    }
    const rowErrors: RowErrors = {};
    for (const issue of result.error.issues) {
      const field = issue.path[0];
      if (typeof field === 'string' && (SIGNATORY_FIELDS as readonly string[]).includes(field))
        rowErrors[field as SignatoryField] ??= describeIssue(issue);
    }
    return rowErrors;
  });
  for (const index of duplicateEmailIndexes(options.rows)) {
    const rowErrors = errors[index];
    if (rowErrors && !rowErrors.email) rowErrors.email = options.messages.duplicateEmail;
  }
  const isValid =
    options.rows.length >= 1 &&
    options.rows.length <= MAX_SIGNATORIES &&
    errors.every((rowErrors) => Object.keys(rowErrors).length === 0);
  return { errors, signatories: isValid ? parsed : null };
}

/**
 * The server's reasons (`signatories.2.dateOfBirth`, or `body.signatories.2.dateOfBirth` from request
 * validation) placed on the row and field they name; a reason about the whole list is returned apart.
 */
export function serverSignatoryErrorsOf(
  details: unknown,
  count: number,
): { rows: RowErrors[]; list: string | null } {
  const rows: RowErrors[] = Array.from({ length: count }, () => ({}));
  let list: string | null = null;
  if (!Array.isArray(details)) return { rows, list };
  for (const issue of details as Array<{ path?: unknown; message?: unknown }>) {
    if (typeof issue.path !== 'string' || typeof issue.message !== 'string') continue;
    const match = /^(?:body\.)?signatories(?:\.(\d+)(?:\.(\w+))?)?$/.exec(issue.path);
    if (!match) continue;
    const index = match[1] === undefined ? -1 : Number(match[1]);
    const field = match[2];
    const row = rows[index];
    if (row && field && (SIGNATORY_FIELDS as readonly string[]).includes(field))
      row[field as SignatoryField] ??= translateValidation(issue.message);
    else list ??= translateValidation(issue.message);
  }
  return { rows, list };
}

/** Errors shown now: a field's once it was touched (edited or left), every field once the step was checked. */
export function visibleRowErrors(options: {
  errors: readonly RowErrors[];
  touched: readonly RowTouched[];
  showAll: boolean;
}): RowErrors[] {
  return options.errors.map((rowErrors, index) => {
    if (options.showAll) return rowErrors;
    const touched = options.touched[index] ?? {};
    const out: RowErrors = {};
    for (const field of SIGNATORY_FIELDS)
      if (touched[field] && rowErrors[field]) out[field] = rowErrors[field];
    return out;
  });
}

export const hasRowErrors = (errors: readonly RowErrors[]) =>
  errors.some((rowErrors) => Object.values(rowErrors).some(Boolean));
