import {
  REFUND_CREDIT_BUSINESS_DAYS,
  REFUND_REQUEST_WINDOW_DAYS,
  TERMS_LAST_UPDATED,
} from '@mohar/contracts';
import { LegalPage } from './legal-page';

// Published together with the General Terms and Conditions, so it carries the same date. Texts: legal.json `refund`.
const VALUES = { windowDays: REFUND_REQUEST_WINDOW_DAYS, creditDays: REFUND_CREDIT_BUSINESS_DAYS };

export function RefundPolicyPage() {
  return <LegalPage document="refund" lastUpdated={TERMS_LAST_UPDATED} values={VALUES} />;
}
