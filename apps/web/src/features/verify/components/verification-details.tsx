import { Code, List } from '@mantine/core';
import type { VerificationDetails } from '@mohar/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format';
import classes from './verify.module.css';

/** Label–value pairs as a description list: one column on phones, more where there is room; `wide` rows span all. */
function DetailList(props: { rows: Array<[string, ReactNode, 'wide'?]>; testId?: string }) {
  return (
    <dl
      style={{
        display: 'grid',
        gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 14rem), 1fr))',
        gap: 'var(--mantine-spacing-sm) var(--mantine-spacing-lg)',
        margin: 0,
      }}
      data-testid={props.testId}
    >
      {props.rows.map(([label, value, width]) => (
        <div key={label} style={width === 'wide' ? { gridColumn: '1 / -1' } : undefined}>
          <dt style={{ fontWeight: 600, fontSize: 'var(--mantine-font-size-sm)' }}>{label}</dt>
          <dd style={{ margin: 0, overflowWrap: 'anywhere' }}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** What Mohar recorded when it sealed a document: who notarised it, when, what, for whom, and its fingerprint. */
export function VerificationDetailsList(props: { details: VerificationDetails; testId?: string }) {
  const { t } = useTranslation('verify');
  const { details } = props;
  const notRecorded = t('details.notRecorded');
  const signatories =
    details.signatories.length === 0 ? (
      notRecorded
    ) : (
      <List size="sm" spacing={2} listStyleType="none" p={0} data-testid="verify-signatories">
        {details.signatories.map((name, index) => (
          // Short names ("Asha V.") can repeat, so the position keeps the keys apart.
          // biome-ignore lint/suspicious/noArrayIndexKey: the list is fixed for a sealed document.
          <List.Item key={`${index}-${name}`}>{name}</List.Item>
        ))}
      </List>
    );
  return (
    <DetailList
      testId={props.testId}
      rows={[
        [t('details.notary'), details.notaryName || notRecorded],
        [
          t('details.registration'),
          <span key="registration" className={classes.numeric}>
            {details.registrationNumber || notRecorded}
          </span>,
        ],
        [
          t('details.date'),
          <time key="date" dateTime={details.notarisedAt} className={classes.numeric}>
            {t('details.dateValue', { date: formatDateTime(details.notarisedAt) })}
          </time>,
        ],
        [
          t('details.act'),
          details.notarialAct
            ? t(`notarialAct.${details.notarialAct}`, { defaultValue: details.notarialAct })
            : notRecorded,
        ],
        [
          t('details.documentType'),
          details.documentType
            ? t(`documentType.${details.documentType}`, { defaultValue: details.documentType })
            : notRecorded,
        ],
        [t('details.signatories'), signatories],
        [t('details.code'), <Code key="code">{details.code}</Code>],
        [
          t('details.sha256'),
          <Code key="sha" className={classes.hash} data-testid="verify-sha256">
            {details.sealedSha256}
          </Code>,
          'wide',
        ],
      ]}
    />
  );
}
