import { Table } from '@mantine/core';
import {
  CONSENT_WITHDRAWAL_NOTICE_DAYS,
  GRIEVANCE_OFFICER,
  IDENTITY_RETENTION_DAYS,
  MIN_AGE_YEARS,
  TERMS_LAST_UPDATED,
} from '@mohar/contracts';
import { useTranslation } from 'react-i18next';
import classes from './legal.module.css';
import { LegalPage } from './legal-page';

// The Notaries Rules, 1956 require a register of notarial acts; Mohar keeps register entries and their evidence 10 years.
const REGISTER_RETENTION_YEARS = 10;

// Published together with the General Terms and Conditions, so it carries the same date. Texts: legal.json `privacy`.
const VALUES = {
  identityDays: IDENTITY_RETENTION_DAYS,
  registerYears: REGISTER_RETENTION_YEARS,
  noticeDays: CONSENT_WITHDRAWAL_NOTICE_DAYS,
  minAge: MIN_AGE_YEARS,
  grievanceName: GRIEVANCE_OFFICER.name,
  grievanceEmail: GRIEVANCE_OFFICER.email,
  grievanceDays: GRIEVANCE_OFFICER.responseDays,
};

type DataRow = { category: string; purpose: string; retention: string };

function DataTable() {
  const { t } = useTranslation('legal');
  const rows = t('privacy.table.rows', { returnObjects: true, ...VALUES }) as unknown;
  return (
    // No minimum width: the columns wrap on a 375 px phone instead of scrolling, so nothing hides off-screen.
    <div className={classes.tableWrap}>
      <Table withTableBorder withColumnBorders verticalSpacing="sm" data-testid="privacy-data-table">
        <Table.Caption>{t('privacy.table.caption')}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('privacy.table.data')}</Table.Th>
            <Table.Th scope="col">{t('privacy.table.purpose')}</Table.Th>
            <Table.Th scope="col">{t('privacy.table.retention')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(Array.isArray(rows) ? (rows as DataRow[]) : []).map((row) => (
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

export function PrivacyPolicyPage() {
  return (
    <LegalPage document="privacy" lastUpdated={TERMS_LAST_UPDATED} values={VALUES} table={<DataTable />} />
  );
}
