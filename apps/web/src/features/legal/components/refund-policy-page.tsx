import {
  REFUND_CREDIT_BUSINESS_DAYS,
  REFUND_REQUEST_WINDOW_DAYS,
  TERMS_LAST_UPDATED,
} from '@mohar/contracts';
import { paths } from '@/config/paths';
import { LegalLink, LegalPage, type LegalSection } from './legal-page';

// Published together with the General Terms and Conditions, so it carries the same date.
const LAST_UPDATED = TERMS_LAST_UPDATED;

const sections: LegalSection[] = [
  {
    id: 'summary',
    title: '1. In short',
    content: (
      <ul>
        <li>If we could not deliver the service you paid for, you can ask for a refund.</li>
        <li>Ask within {REFUND_REQUEST_WINDOW_DAYS} days of the failed service.</li>
        <li>
          Approved refunds are credited to your Mohar wallet within {REFUND_CREDIT_BUSINESS_DAYS} business
          days.
        </li>
        <li>Refunds go only to your Mohar wallet. They are not reversed to a bank account, card or UPI.</li>
      </ul>
    ),
  },
  {
    id: 'failed-service',
    title: '2. What counts as a failed service',
    content: (
      <>
        <p>A service has failed when you paid and did not receive a notarised Document because:</p>
        <ul>
          <li>
            <strong>a technical failure</strong> on our side stopped the session from starting or finishing,
            for example the video call or signing could not work;
          </li>
          <li>
            <strong>the notary did not show up</strong>: no notary joined the session you requested within
            service hours;
          </li>
          <li>
            <strong>the notary declined</strong> to notarise the Document. The notary gives a reason, which
            you will see in your application.
          </li>
        </ul>
        <p>These are not failed services:</p>
        <ul>
          <li>a Signer did not join, or could not prove their identity;</li>
          <li>you cancelled after the notarised Document was issued, or changed your mind;</li>
          <li>
            a court, office or other recipient refused a Document that was notarised (see section 5 of the{' '}
            <LegalLink to={paths.legal.terms()}>General Terms and Conditions</LegalLink>).
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'how-to-request',
    title: '3. How to request a refund',
    content: (
      <>
        <p>
          Send your request within {REFUND_REQUEST_WINDOW_DAYS} days of the failed service. Requests made
          later cannot be accepted.
        </p>
        <ol>
          <li>
            Sign in, open the application in your Application List and choose{' '}
            <strong>Request a refund</strong>. The button tells you when a refund cannot be requested, and
            why.
          </li>
          <li>Tell us in a sentence what went wrong (optional).</li>
          <li>We confirm by e-mail that we have your request, with the date by which we will decide.</li>
        </ol>
        <p>
          If something stops you, write to <LegalLink to={paths.contact()}>Customer Support</LegalLink> with
          the topic “Payments and refunds” and the application reference.
        </p>
      </>
    ),
  },
  {
    id: 'review',
    title: '4. How we review it',
    content: (
      <p>
        We check the application's audit trail and session records. If the refund is approved, the amount is
        credited to your Mohar wallet within {REFUND_CREDIT_BUSINESS_DAYS} business days and we tell you by
        e-mail. If it is not approved, we tell you why.
      </p>
    ),
  },
  {
    id: 'wallet',
    title: '5. Refunds go to your wallet',
    content: (
      <>
        <p>
          Every refund is credited only to your Mohar wallet. We do not reverse refunds to a bank account,
          card, UPI or any other payment method.
        </p>
        <p>
          Your wallet balance can pay all or part of the fees for future notarisations. Your current balance
          and every credit and debit appear in your wallet.
        </p>
      </>
    ),
  },
  {
    id: 'questions',
    title: '6. Questions',
    content: (
      <p>
        If you are unsure whether you qualify, ask us through{' '}
        <LegalLink to={paths.contact()}>Customer Support</LegalLink> before the {REFUND_REQUEST_WINDOW_DAYS}
        -day window closes.
      </p>
    ),
  },
];

export function RefundPolicyPage() {
  return <LegalPage document="refund" lastUpdated={LAST_UPDATED} sections={sections} />;
}
