import { type Application, type ApplicationDraftRequest, applicationDraftRequest } from '@mohar/contracts';
import { z } from 'zod/mini';
import type { FieldErrors } from '@/lib/form-validation';
import { translateValidation } from '@/lib/i18n';
import { describeIssue, UNWORDED_ISSUE_MESSAGE } from '@/lib/issue-text';

export const DETAIL_FIELDS = [
  'documentType',
  'notarialAct',
  'title',
  'description',
  'language',
  'purpose',
] as const;
export type DetailField = (typeof DETAIL_FIELDS)[number];
export type DetailsValues = Record<DetailField, string> & { firstScheduleAcknowledged: boolean };

/** The longest description the contract takes (shown as a counter under the field). */
export const DESCRIPTION_MAX = 1000;

export function detailsValuesOf(application: Application): DetailsValues {
  return {
    documentType: application.documentType ?? '',
    notarialAct: application.notarialAct ?? '',
    title: application.title ?? '',
    description: application.description ?? '',
    language: application.language ?? '',
    purpose: application.purpose ?? '',
    firstScheduleAcknowledged: application.firstScheduleAcknowledged,
  };
}

/** One field checked alone with the request's schema: the parsed value, or the contract's message (translated). */
function checkField(
  field: DetailField,
  value: string,
): { ok: true; value: unknown } | { ok: false; message: string } {
  const result = z.safeParse(applicationDraftRequest, { [field]: value });
  if (result.success) return { ok: true, value: result.data[field] };
  // The notarial act's enum has no message of its own in the contract.
  if (field === 'notarialAct') return { ok: false, message: translateValidation('Choose the notarial act') };
  const [issue] = result.error.issues;
  return {
    ok: false,
    message: issue
      ? describeIssue(issue)
      : describeIssue({ code: 'custom', message: UNWORDED_ISSUE_MESSAGE }),
  };
}

/** Every field's problem (all of them are needed to submit). */
export function detailErrorsOf(values: DetailsValues): FieldErrors<DetailField> {
  const errors: FieldErrors<DetailField> = {};
  for (const field of DETAIL_FIELDS) {
    const result = checkField(field, values[field]);
    if (!result.ok) errors[field] = result.message;
  }
  return errors;
}

/**
 * What an autosave sends: the valid fields that differ from what the server holds, and the acknowledgement when it
 * changed. A field being fixed is left out until it is valid, so a half-typed value never replaces a good one.
 */
export function detailChangesOf(options: {
  values: DetailsValues;
  saved: DetailsValues;
}): ApplicationDraftRequest {
  const changes: Record<string, unknown> = {};
  for (const field of DETAIL_FIELDS) {
    const value = options.values[field];
    if (value.trim() === options.saved[field].trim()) continue;
    const result = checkField(field, value);
    if (result.ok) changes[field] = result.value;
  }
  if (options.values.firstScheduleAcknowledged !== options.saved.firstScheduleAcknowledged)
    changes.firstScheduleAcknowledged = options.values.firstScheduleAcknowledged;
  return changes as ApplicationDraftRequest;
}

export const hasChanges = (changes: ApplicationDraftRequest) => Object.keys(changes).length > 0;
