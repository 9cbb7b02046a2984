import type { ApplicationMissingItem } from '@mohar/contracts';
import { MIN_AGE_YEARS } from '@mohar/contracts/constants';
import type { TFunction } from 'i18next';

/**
 * What still stops a draft's submission, in the reader's language: worded by the item's code (the server's
 * `message` is its English for API clients), with the signatory an age item is about.
 */
export function missingText(item: ApplicationMissingItem, t: TFunction<'applications'>): string {
  return t(`missing.${item.code}`, { replace: { name: item.signatoryName ?? '', years: MIN_AGE_YEARS } });
}
