import {
  CLAIMS_WITHIN_YEARS,
  CONSENT_WITHDRAWAL_NOTICE_DAYS,
  DISPUTE_TALKS_BUSINESS_DAYS,
  MIN_AGE_YEARS,
  SESSION_MINUTES_TYPICAL,
  TERMS_EFFECTIVE_DATE,
  TERMS_LAST_UPDATED,
} from '@mohar/contracts';
import { paths } from '@/config/paths';
import { LegalLink, LegalPage, type LegalSection } from './legal-page';

// The legal prose is English only and kept here, next to its structure (decision: the English text governs).
const sections: LegalSection[] = [
  {
    id: 'about',
    title: '1. About these terms',
    content: (
      <>
        <p>
          These General Terms and Conditions (“Terms”) apply when you use Mohar, a platform for notarising
          documents online by live video with a certified notary. “Mohar”, “we” and “us” mean the operator of
          the platform; “you” means anyone who visits the site or uses an account.
        </p>
        <p>
          By creating an account, paying for a Transaction or joining a session, you accept these Terms
          together with our <LegalLink to={paths.legal.refund()}>Refund Policy</LegalLink> and{' '}
          <LegalLink to={paths.legal.privacy()}>Data Privacy Policy</LegalLink>. These Terms take effect on{' '}
          {TERMS_EFFECTIVE_DATE}.
        </p>
      </>
    ),
  },
  {
    id: 'eligibility',
    title: '2. Who can use Mohar',
    content: (
      <p>
        You must be at least {MIN_AGE_YEARS} years old and legally capable of entering into a binding contract
        under Indian law. Every Signer on a Document must meet the same test. If you act for a company or
        another person, you confirm that you are authorised to do so.
      </p>
    ),
  },
  {
    id: 'accounts',
    title: '3. Your account',
    content: (
      <ul>
        <li>Give accurate, current details and keep them up to date.</li>
        <li>Keep your password secret. You are responsible for what happens under your account.</li>
        <li>One account belongs to one person. Do not share it or let others sign in as you.</li>
        <li>
          Tell us at once through <LegalLink to={paths.contact()}>Customer Support</LegalLink> if you think
          someone else has used your account.
        </li>
        <li>
          We may suspend an account that breaks these Terms or puts other users at risk, and we will tell you
          why.
        </li>
      </ul>
    ),
  },
  {
    id: 'unpaid-access',
    title: '4. Unpaid Access',
    content: (
      <p>
        We may give free technical or trial access to parts of the platform (“Unpaid Access”). Unpaid Access
        ends automatically when a paid subscription starts. Data created during Unpaid Access may then be
        deleted, so keep your own copy of anything you need from it.
      </p>
    ),
  },
  {
    id: 'legal-standing',
    title: '5. What Mohar does, and what the law says',
    content: (
      <>
        <p>
          Mohar provides the technology: document upload, identity checks, the video session, electronic
          signing, payment and secure storage. The notarial act itself is performed by an independent notary
          appointed under the Notaries Act, 1952. The notary alone decides whether to notarise a Document.
        </p>
        <p>
          We want you to know the legal position plainly. No Indian statute yet expressly provides for remote
          notarisation by video. Courts and authorities have accepted e-notarised documents case by case, but
          a court, registrar, bank or other recipient may still refuse one. Before you rely on an e-notarised
          Document, check that its recipient will accept it.
        </p>
        <p>
          Documents listed in the First Schedule of the Information Technology Act, 2000 may not be accepted
          in electronic form at all. These include negotiable instruments other than cheques, powers of
          attorney, trusts, wills, and contracts for the sale or conveyance of immovable property. We show a
          warning for these and ask you to acknowledge it before you continue.
        </p>
        <p>
          We keep strong evidence of every act (the session recording, an audit trail, the notarial register
          entry and a digital signature), but we do not promise that any particular authority will accept a
          Document.
        </p>
      </>
    ),
  },
  {
    id: 'transactions',
    title: '6. Transactions',
    content: (
      <>
        <p>
          A “Transaction” is one request to notarise one Document, from upload to download. You start it, add
          the Signers and Document details, and pay the fee shown before you confirm. A typical session takes{' '}
          {SESSION_MINUTES_TYPICAL.min}–{SESSION_MINUTES_TYPICAL.max} minutes once the notary joins.
        </p>
        <p>
          A Transaction may end without a notarised Document: for example if a Signer cannot prove their
          identity or the notary declines. What happens to your fee then is set out in the{' '}
          <LegalLink to={paths.legal.refund()}>Refund Policy</LegalLink>.
        </p>
      </>
    ),
  },
  {
    id: 'documents',
    title: '7. Documents',
    content: (
      <ul>
        <li>
          You are responsible for the content of every Document you upload, and for having the right to use
          it.
        </li>
        <li>Documents must be lawful and must not be meant to deceive anyone.</li>
        <li>
          You allow us to store and process each Document only as needed to deliver the Transaction, keep the
          records the law requires, and resolve disputes.
        </li>
        <li>We do not give legal advice about what a Document says or whether it suits your purpose.</li>
      </ul>
    ),
  },
  {
    id: 'signers',
    title: '8. Signers',
    content: (
      <ul>
        <li>
          Each Signer proves their own identity, with their own Aadhaar card or another ID the notary accepts.
        </li>
        <li>
          Each Signer must appear live on video, alone, and sign willingly. No one may sign for another
          person.
        </li>
        <li>
          Each Signer receives a personal link to the portal. It must not be forwarded: anyone who uses it
          claims to be that Signer.
        </li>
        <li>
          The notary may stop a session if a Signer seems to be under pressure or is not who they say they
          are.
        </li>
      </ul>
    ),
  },
  {
    id: 'notaries',
    title: '9. Notaries',
    content: (
      <ul>
        <li>
          Notaries on Mohar are verified by us before they take work, and must hold a valid certificate of
          practice. A notary whose commission has expired cannot take sessions.
        </li>
        <li>
          Notaries act independently and remain bound by the Notaries Act, 1952 and the Notaries Rules, 1956,
          including the duty to keep a register of notarial acts.
        </li>
        <li>A notary may decline a Document, with a reason, for example if it is incomplete or unlawful.</li>
        <li>Notaries agree to separate terms covering their fees, conduct and use of the platform.</li>
      </ul>
    ),
  },
  {
    id: 'fees-and-refunds',
    title: '10. Fees, the wallet and refunds',
    content: (
      <p>
        Fees, including GST, are shown before you pay. You can pay from your Mohar wallet, through our payment
        gateway, or both. Refunds are made only to your Mohar wallet, never back to a bank account or card,
        and can be used to pay future fees. The conditions and time limits are in the{' '}
        <LegalLink to={paths.legal.refund()}>Refund Policy</LegalLink>.
      </p>
    ),
  },
  {
    id: 'acceptable-use',
    title: '11. Acceptable use',
    content: (
      <>
        <p>You must not:</p>
        <ul>
          <li>impersonate anyone, or use another person's identity documents;</li>
          <li>upload forged, unlawful or misleading Documents;</li>
          <li>record, copy or share a session or another person's data without permission;</li>
          <li>probe, overload or try to break into the platform, or get around its security;</li>
          <li>use the platform to harass anyone or for any purpose that breaks Indian law.</li>
        </ul>
        <p>
          We may end a session or suspend an account that breaks these rules, and report it where the law
          requires.
        </p>
      </>
    ),
  },
  {
    id: 'consent-withdrawal',
    title: '12. Withdrawing consent and closing your account',
    content: (
      <p>
        You may withdraw your consent to these Terms and to our processing of your data by giving us{' '}
        {CONSENT_WITHDRAWAL_NOTICE_DAYS} days' written notice through{' '}
        <LegalLink to={paths.contact()}>Customer Support</LegalLink>. When the notice period ends, your
        account is deactivated. Records the law requires us to keep, such as notarial register entries and
        payment records, are kept for the periods stated in our{' '}
        <LegalLink to={paths.legal.privacy()}>Data Privacy Policy</LegalLink>.
      </p>
    ),
  },
  {
    id: 'liability',
    title: '13. Liability',
    content: (
      <>
        <p>
          We run the platform with reasonable skill and care, but we cannot promise it will always be
          available or free of faults. We are not responsible for the notary's professional judgement, for
          whether a third party accepts a Document, or for losses caused by events outside our reasonable
          control.
        </p>
        <p>
          As far as the law allows, our total liability to you for any Transaction is limited to the fees you
          paid for that Transaction. Nothing in these Terms limits liability for fraud or for anything else
          that cannot be limited under Indian law.
        </p>
      </>
    ),
  },
  {
    id: 'disputes',
    title: '14. Disputes',
    content: (
      <>
        <p>
          If a dispute arises, write to us through{' '}
          <LegalLink to={paths.contact()}>Customer Support</LegalLink>. We will both try in good faith to
          settle it by discussion for {DISPUTE_TALKS_BUSINESS_DAYS} business days.
        </p>
        <p>
          If it is not settled in that time, it will be decided by arbitration before a sole arbitrator under
          the Arbitration and Conciliation Act, 1996. The seat of arbitration is New Delhi and the proceedings
          will be in English.
        </p>
        <p>
          Any claim must be brought within {CLAIMS_WITHIN_YEARS} year of the event it concerns, unless Indian
          law gives you longer.
        </p>
      </>
    ),
  },
  {
    id: 'governing-law',
    title: '15. Governing law',
    content: (
      <p>
        These Terms are governed by the laws of India. Subject to the arbitration clause above, the courts at
        New Delhi have jurisdiction.
      </p>
    ),
  },
  {
    id: 'changes',
    title: '16. Changes to these terms',
    content: (
      <p>
        We may update these Terms. The date at the top shows the latest version. If a change affects you
        materially, we will tell you by e-mail or in the app before it applies. Continuing to use Mohar after
        that means you accept the change.
      </p>
    ),
  },
  {
    id: 'contact',
    title: '17. Contact',
    content: (
      <p>
        Questions about these Terms? Write to us through{' '}
        <LegalLink to={paths.contact()}>Customer Support</LegalLink>.
      </p>
    ),
  },
];

export function TermsPage() {
  return (
    <LegalPage
      document="terms"
      lastUpdated={TERMS_LAST_UPDATED}
      effective={TERMS_EFFECTIVE_DATE}
      sections={sections}
    />
  );
}
