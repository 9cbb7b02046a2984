import { Table } from '@mantine/core';
import {
  CONSENT_WITHDRAWAL_NOTICE_DAYS,
  IDENTITY_RETENTION_DAYS,
  TERMS_LAST_UPDATED,
} from '@mohar/contracts';
import { paths } from '@/config/paths';
import classes from './legal.module.css';
import { LegalLink, LegalPage, type LegalSection } from './legal-page';

// Published together with the General Terms and Conditions, so it carries the same date.
const LAST_UPDATED = TERMS_LAST_UPDATED;
// The Notaries Rules, 1956 require a register of notarial acts; Mohar keeps register entries and their evidence 10 years.
const REGISTER_RETENTION_YEARS = 10;

type DataRow = { category: string; purpose: string; retention: string };

const dataRows: DataRow[] = [
  {
    category:
      'Account details: name, e-mail address, password (stored only as a secure hash), date of birth, role',
    purpose: 'To run your account, sign you in and confirm you are at least 18',
    retention: 'While your account is open; then only what the law requires us to keep',
  },
  {
    category: 'Contact details: mobile number and postal address',
    purpose: 'To reach you about your applications; the executant’s address is part of the notarial register',
    retention: `While your account is open; copies in register entries for ${REGISTER_RETENTION_YEARS} years`,
  },
  {
    category: 'Identity documents: Aadhaar front and back images, selfies and headshot copies',
    purpose: 'To verify each Signer before and during the session',
    retention: `${IDENTITY_RETENTION_DAYS} days after capture, then deleted. We keep a record that verification happened and its result`,
  },
  {
    category: 'Aadhaar number: the last 4 digits only (never the full number)',
    purpose: 'To tie the register entry to the identity document that was checked',
    retention: `${REGISTER_RETENTION_YEARS} years, with the register entry`,
  },
  {
    category:
      'Session recordings and the audit trail (who did what and when, IP addresses, document fingerprints)',
    purpose: 'Evidence of the notarial act, and to resolve disputes',
    retention: `${REGISTER_RETENTION_YEARS} years, with the register entry they support`,
  },
  {
    category: 'Notarial register entries',
    purpose: 'The Notaries Rules, 1956 require every notary to keep a register of notarial acts',
    retention: `${REGISTER_RETENTION_YEARS} years`,
  },
  {
    category: 'Payment records: amounts, receipts, wallet credits and debits (never full card numbers)',
    purpose: 'To take payments, issue receipts and refunds, and meet tax law',
    retention: 'As long as tax and accounting laws require',
  },
  {
    category: 'Support tickets: your message and our replies',
    purpose: 'To answer you and improve our help',
    retention: 'Until the request is resolved, and afterwards while needed to handle follow-ups',
  },
  {
    category: 'Newsletter e-mail address',
    purpose: 'To send the newsletter you asked for',
    retention: 'Until you unsubscribe',
  },
  {
    category: 'Technical logs: IP address, browser and device type, error reports',
    purpose: 'To keep the platform secure, prevent fraud and fix faults',
    retention: 'For a short period needed for security and troubleshooting',
  },
];

function DataTable() {
  return (
    // No minimum width: the columns wrap on a 375 px phone instead of scrolling, so nothing hides off-screen.
    <div className={classes.tableWrap}>
      <Table withTableBorder withColumnBorders verticalSpacing="sm" data-testid="privacy-data-table">
        <Table.Caption>What we collect, why, and how long we keep it</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Data</Table.Th>
            <Table.Th scope="col">Why we use it</Table.Th>
            <Table.Th scope="col">How long we keep it</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {dataRows.map((row) => (
            <Table.Tr key={row.category}>
              <Table.Th scope="row" fw={600}>
                {row.category}
              </Table.Th>
              <Table.Td>{row.purpose}</Table.Td>
              <Table.Td>{row.retention}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}

const sections: LegalSection[] = [
  {
    id: 'who-we-are',
    title: '1. Who we are',
    content: (
      <p>
        This policy explains how Mohar handles personal data when you visit the site, use an account, or take
        part in a notarisation as a Signer. For this data, Mohar is the Data Fiduciary under the Digital
        Personal Data Protection Act, 2023. Notaries who perform notarial acts also keep their own register,
        as the law requires.
      </p>
    ),
  },
  {
    id: 'data-we-collect',
    title: '2. Data we collect, why, and for how long',
    content: (
      <>
        <p>We collect only what we need to deliver a notarisation and keep the records the law requires.</p>
        <DataTable />
      </>
    ),
  },
  {
    id: 'aadhaar',
    title: '3. How we handle Aadhaar',
    content: (
      <ul>
        <li>We never store, display or log your full Aadhaar number. We keep the last 4 digits at most.</li>
        <li>
          We ask for your consent, and record it, before you upload Aadhaar images. You may use a masked
          Aadhaar.
        </li>
        <li>
          The images are encrypted and can be seen only by you, the notary assigned to your session while it
          runs, and our administrators when they record a reason.
        </li>
        <li>
          Images, selfies and headshot copies are deleted {IDENTITY_RETENTION_DAYS} days after capture. A
          record that verification happened, and its result, is kept.
        </li>
        <li>If you prefer, the notary can check another government-issued ID during the call instead.</li>
      </ul>
    ),
  },
  {
    id: 'sharing',
    title: '4. Who we share data with',
    content: (
      <>
        <ul>
          <li>the notary assigned to your application, for that application only;</li>
          <li>other Signers on the same application see your name, not your documents;</li>
          <li>our payment gateway, to process payments;</li>
          <li>
            service providers who host the platform and send our e-mails, under contracts that protect your
            data;
          </li>
          <li>courts and authorities, when the law requires it.</li>
        </ul>
        <p>We do not sell personal data, and we do not use it for advertising.</p>
      </>
    ),
  },
  {
    id: 'your-rights',
    title: '5. Your rights',
    content: (
      <>
        <p>Under the Digital Personal Data Protection Act, 2023 you have the right to:</p>
        <ul>
          <li>
            <strong>access</strong>: a summary of the personal data we hold about you and how we use it;
          </li>
          <li>
            <strong>correction</strong>: have inaccurate or incomplete data corrected or updated;
          </li>
          <li>
            <strong>erasure</strong>: have data deleted when it is no longer needed, unless the law requires
            us to keep it (for example register entries and payment records);
          </li>
          <li>
            <strong>grievance redressal</strong>: complain to our Grievance Officer, and then to the Data
            Protection Board of India if you are not satisfied;
          </li>
          <li>
            <strong>nomination</strong>: name someone to exercise these rights if you die or cannot act.
          </li>
        </ul>
        <p>
          To use any of these rights, write to us through{' '}
          <LegalLink to={paths.contact()}>Customer Support</LegalLink> and choose the topic “My account”.
        </p>
      </>
    ),
  },
  {
    id: 'consent-withdrawal',
    title: '6. Withdrawing consent',
    content: (
      <p>
        You can withdraw your consent at any time by giving {CONSENT_WITHDRAWAL_NOTICE_DAYS} days' written
        notice through <LegalLink to={paths.contact()}>Customer Support</LegalLink>. When the notice period
        ends, your account is deactivated and we stop processing your data, except the records listed above
        that the law requires us to keep. Withdrawing consent does not undo notarisations already completed.
      </p>
    ),
  },
  {
    id: 'cookies',
    title: '7. Cookies',
    content: (
      <p>
        We use only essential cookies and browser storage: a session cookie that keeps you signed in, and your
        preferences (language and light or dark mode). We use no advertising or tracking cookies, so there is
        nothing to opt out of.
      </p>
    ),
  },
  {
    id: 'security',
    title: '8. Security',
    content: (
      <p>
        Data is encrypted in transit (HTTPS) and at rest. Access is limited to the people who need it for your
        application, and every access to identity documents is logged. If a breach affects your data, we will
        tell you and the Data Protection Board of India as the law requires.
      </p>
    ),
  },
  {
    id: 'children',
    title: '9. Children',
    content: <p>Mohar is for people aged 18 and over. We do not knowingly collect data from children.</p>,
  },
  {
    id: 'grievance-officer',
    title: '10. Grievance Officer',
    content: (
      <p>
        Our Grievance Officer handles questions and complaints about personal data. Contact them through{' '}
        <LegalLink to={paths.contact()}>Customer Support</LegalLink>, choosing the topic “My account” and
        starting your message with “Grievance”. We will confirm receipt with a reference number.
      </p>
    ),
  },
  {
    id: 'changes',
    title: '11. Changes to this policy',
    content: (
      <p>
        We may update this policy. The date at the top shows the latest version, and we will tell you before a
        material change applies to you.
      </p>
    ),
  },
];

export function PrivacyPolicyPage() {
  return <LegalPage document="privacy" lastUpdated={LAST_UPDATED} sections={sections} />;
}
