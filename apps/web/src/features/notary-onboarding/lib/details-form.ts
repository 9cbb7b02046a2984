import type { NotaryProfile } from '@mohar/contracts';

export const DETAIL_FIELDS = [
  'fullName',
  'registrationNumber',
  'appointingGovernment',
  'areaOfPractice',
  'commissionExpiresOn',
  'officeAddress',
  'languages',
] as const;
export type DetailField = (typeof DETAIL_FIELDS)[number];

export type DetailsValues = {
  fullName: string;
  registrationNumber: string;
  appointingGovernment: string;
  areaOfPractice: string;
  commissionExpiresOn: string;
  officeAddress: string;
  languages: string[];
};

type TextField = Exclude<DetailField, 'languages'>;
const TEXT_FIELDS = DETAIL_FIELDS.filter((field): field is TextField => field !== 'languages');

/** The form as the saved application fills it (empty where nothing is saved yet). */
export function detailsValuesOf(profile: NotaryProfile): DetailsValues {
  return {
    fullName: profile.fullName ?? '',
    registrationNumber: profile.registrationNumber ?? '',
    appointingGovernment: profile.appointingGovernment ?? '',
    areaOfPractice: profile.areaOfPractice ?? '',
    commissionExpiresOn: profile.commissionExpiresOn ?? '',
    officeAddress: profile.officeAddress ?? '',
    languages: [...profile.languages],
  };
}

/**
 * The PATCH body (save and resume): every field that has a value, and every saved field that was emptied (the
 * contract then says it cannot be empty, rather than the old value silently staying). Untouched empty fields are
 * left out, so a half-filled form saves.
 */
export function detailsRequestOf(values: DetailsValues, saved: DetailsValues): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const field of TEXT_FIELDS) {
    const value = values[field].trim();
    if (value !== '' || saved[field] !== '') body[field] = value;
  }
  if (values.languages.length > 0 || saved.languages.length > 0) body.languages = values.languages;
  return body;
}

/** Whether the form differs from what is saved (for the "saved" / "unsaved changes" status). */
export function hasUnsavedDetails(values: DetailsValues, saved: DetailsValues): boolean {
  return (
    TEXT_FIELDS.some((field) => values[field].trim() !== saved[field]) ||
    values.languages.length !== saved.languages.length ||
    values.languages.some((language, index) => saved.languages[index] !== language)
  );
}

/** A commission that has already lapsed cannot be used to practise: caught here, before the server is asked. */
export function isCommissionLapsed(options: { commissionExpiresOn: string; today: string }): boolean {
  return options.commissionExpiresOn !== '' && options.commissionExpiresOn < options.today;
}
