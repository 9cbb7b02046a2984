import {
  CLAIMS_WITHIN_YEARS,
  CONSENT_WITHDRAWAL_NOTICE_DAYS,
  DISPUTE_TALKS_BUSINESS_DAYS,
  MIN_AGE_YEARS,
  SESSION_MINUTES_TYPICAL,
  TERMS_EFFECTIVE_DATE,
  TERMS_LAST_UPDATED,
} from '@mohar/contracts';
import { LegalPage } from './legal-page';

// The texts are in locales/{en,hi}/legal.json (`terms`); the figures come from the shared constants.
const VALUES = {
  effectiveDate: TERMS_EFFECTIVE_DATE,
  minAge: MIN_AGE_YEARS,
  sessionMin: SESSION_MINUTES_TYPICAL.min,
  sessionMax: SESSION_MINUTES_TYPICAL.max,
  noticeDays: CONSENT_WITHDRAWAL_NOTICE_DAYS,
  talkDays: DISPUTE_TALKS_BUSINESS_DAYS,
  claimYears: CLAIMS_WITHIN_YEARS,
};

export function TermsPage() {
  return (
    <LegalPage
      document="terms"
      lastUpdated={TERMS_LAST_UPDATED}
      effective={TERMS_EFFECTIVE_DATE}
      values={VALUES}
    />
  );
}
