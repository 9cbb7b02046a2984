import { Anchor, Group, List, Stack, Text, Title } from '@mantine/core';
import type { Application } from '@mohar/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApplicationStatusBadge } from '@/components/application/application-status-badge';
import { FormAlert } from '@/components/form-alert';
import { paths } from '@/config/paths';
import { formatInr, formatNotificationDate } from '@/lib/format';
import { missingText } from '@/lib/missing-text';
import { DetailList } from './view-section';

export const APPLICATION_TITLE_ID = 'application-title';

const istDateTime = (iso: string) => `${formatNotificationDate(iso)} IST`;

/** Title, status (badge and a plain sentence), what the document is, and when it was created and submitted. */
export function ViewHeader({ application }: { application: Application }) {
  const { t } = useTranslation('applications');
  const notGiven = t('view.notGiven');
  const rows: Array<[string, string]> = [
    [
      t('view.documentType'),
      application.documentType ? t(`documentType.${application.documentType}`) : notGiven,
    ],
    [t('view.notarialAct'), application.notarialAct ? t(`notarialAct.${application.notarialAct}`) : notGiven],
    [t('view.language'), application.language ?? notGiven],
    [t('view.purpose'), application.purpose ?? notGiven],
    [t('view.created'), istDateTime(application.createdAt)],
    [
      t('view.submitted'),
      application.submittedAt ? istDateTime(application.submittedAt) : t('view.notSubmitted'),
    ],
  ];
  if (application.viewerRole !== 'owner') rows.unshift([t('view.client'), application.ownerName]);

  return (
    <Stack gap="md" component="header">
      <Stack gap={6}>
        <Group gap="sm" align="center">
          {/* Focusable from script: after a change that removes the button that had focus, focus lands here. */}
          <Title
            order={1}
            id={APPLICATION_TITLE_ID}
            tabIndex={-1}
            style={{ overflowWrap: 'anywhere', outline: 'none' }}
            data-testid="application-title"
          >
            {application.title ?? t('untitled')}
          </Title>
          <ApplicationStatusBadge status={application.status} size="lg" />
        </Group>
        <Text size="lg" data-testid="application-status-sentence">
          {t(`statusSentence.${application.status}`)}
        </Text>
      </Stack>
      <DetailList rows={rows} testId="application-details" />
      {application.description && (
        <Stack gap={2}>
          <Text size="sm" fw={600}>
            {t('view.description')}
          </Text>
          <Text style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{application.description}</Text>
        </Stack>
      )}
    </Stack>
  );
}

/** A submitted application waits for payment: say what paying leads to (the Pay button is with the actions). */
export function PaymentNote({ application }: { application: Application }) {
  const { t } = useTranslation('applications');
  if (application.status !== 'awaiting_payment' || application.viewerRole !== 'owner') return null;
  return (
    <FormAlert tone="info" title={t('payment.noteTitle')} data-testid="payment-note">
      {t('payment.noteBody', { amount: formatInr(application.fee.totalPaise) })}
    </FormAlert>
  );
}

/** A draft's owner sees what still stands between the draft and submitting it, each linked to its step. */
export function MissingSteps({ application }: { application: Application }) {
  const { t } = useTranslation('applications');
  if (
    application.status !== 'draft' ||
    application.viewerRole !== 'owner' ||
    application.missing.length === 0
  )
    return null;
  return (
    <FormAlert tone="info" title={t('view.missingTitle')} data-testid="application-missing">
      <List size="sm" spacing={4}>
        {application.missing.map((item) => (
          <List.Item key={`${item.step}-${item.message}`}>
            <Anchor component={Link} to={paths.applications.edit(application._id, item.step)} size="sm">
              {missingText(item, t)}
            </Anchor>
          </List.Item>
        ))}
      </List>
    </FormAlert>
  );
}
