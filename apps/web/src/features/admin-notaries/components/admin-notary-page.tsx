import { Alert, Anchor, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { NotaryDocumentKind, NotaryProfile } from '@mohar/contracts';
import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { DefinitionGrid } from '@/components/definition-grid';
import { DocumentPreview } from '@/components/notary/document-preview';
import { NotaryStatusBadge } from '@/components/notary/notary-status-badge';
import { SigningCertificateSummary } from '@/components/notary/signing-certificate-summary';
import { PageLoader } from '@/components/page-loader';
import { paths } from '@/config/paths';
import { failureMessage, hasErrorCode } from '@/lib/api-errors';
import { formatCalendarDate, formatNotificationDate } from '@/lib/format';
import { adminDocumentPath, useAdminNotary } from '../api/get-admin-notary';
import { DecisionPanel } from './decision-panel';
import { NotaryRecord } from './notary-record';

const DOCUMENT_KINDS: readonly NotaryDocumentKind[] = ['certificate', 'photo', 'signature'];

function Details({ notary }: { notary: NotaryProfile }) {
  const { t } = useTranslation('notaries');
  const { t: tAdmin } = useTranslation('admin-notaries');
  const notGiven = t('details.notGiven');
  const rows: Array<[string, string]> = [
    [t('details.fullName'), notary.fullName ?? notGiven],
    [t('details.email'), notary.email],
    [t('details.registrationNumber'), notary.registrationNumber ?? notGiven],
    [t('details.appointingGovernment'), notary.appointingGovernment ?? notGiven],
    [t('details.areaOfPractice'), notary.areaOfPractice ?? notGiven],
    [
      t('details.commissionExpiresOn'),
      notary.commissionExpiresOn ? formatCalendarDate(notary.commissionExpiresOn) : notGiven,
    ],
    [t('details.officeAddress'), notary.officeAddress ?? notGiven],
    [t('details.languages'), notary.languages.length > 0 ? notary.languages.join(', ') : notGiven],
    [t('details.submittedAt'), notary.submittedAt ? formatNotificationDate(notary.submittedAt) : notGiven],
    [t('details.verifiedAt'), notary.verifiedAt ? formatNotificationDate(notary.verifiedAt) : notGiven],
  ];
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="admin-details-heading">
      <Title order={2} size="h4" id="admin-details-heading" mb="sm">
        {tAdmin('detail.details')}
      </Title>
      <DefinitionGrid rows={rows} testId="admin-notary-details" />
    </Paper>
  );
}

function Documents({ notary }: { notary: NotaryProfile }) {
  const { t } = useTranslation('notaries');
  const { t: tAdmin } = useTranslation('admin-notaries');
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="admin-documents-heading">
      <Title order={2} size="h4" id="admin-documents-heading" mb="sm">
        {tAdmin('detail.documents')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
        {DOCUMENT_KINDS.map((kind) => (
          <Stack key={kind} gap={4}>
            <Text size="sm" fw={600}>
              {t(`documents.${kind}`)}
            </Text>
            <DocumentPreview
              path={adminDocumentPath({ id: notary._id, kind })}
              document={notary.documents[kind]}
              name={t(`documents.${kind}`)}
              maxHeight={240}
              testId={`admin-document-${kind}`}
            />
          </Stack>
        ))}
      </SimpleGrid>
    </Paper>
  );
}

/**
 * /admin/notaries/:id — one notary in full: the decision their status allows, the application, and their record
 * (acts, availability, payout statement, register).
 */
export function AdminNotaryPage() {
  const { t } = useTranslation('admin-notaries');
  const { t: tNotaries } = useTranslation('notaries');
  const { id = '' } = useParams();
  const query = useAdminNotary(id);
  const back = (
    <Anchor component={Link} to={paths.admin.notaries()} size="sm">
      <Group gap={4} component="span">
        <ArrowLeft size={16} aria-hidden="true" />
        {t('detail.back')}
      </Group>
    </Anchor>
  );

  if (query.isPending) {
    return (
      <Stack gap="md">
        <title>{`${t('detail.titleFallback')} · Mohar`}</title>
        {back}
        <PageLoader />
      </Stack>
    );
  }
  if (query.isError) {
    const isMissing =
      hasErrorCode(query.error, 'notaries.not_found') || hasErrorCode(query.error, 'request.invalid');
    return (
      <Stack gap="md">
        <title>{`${t('detail.titleFallback')} · Mohar`}</title>
        {back}
        <Title order={1}>{t('detail.titleFallback')}</Title>
        <Alert color="red" variant="light" role="alert" title={t('detail.failed')}>
          <Stack gap="sm" align="flex-start">
            <Text size="sm">
              {isMissing ? t('detail.notFound') : failureMessage(query.error, t('detail.failed'))}
            </Text>
            {!isMissing && (
              <Button size="xs" variant="default" onClick={() => void query.refetch()}>
                {t('retry')}
              </Button>
            )}
          </Stack>
        </Alert>
      </Stack>
    );
  }

  const notary = query.data;
  const name = notary.fullName ?? notary.email;
  return (
    <Stack gap="lg">
      <title>{`${name} · ${t('title')} · Mohar`}</title>
      {back}
      <Stack gap={4}>
        <Group gap="sm">
          <Title order={1} style={{ overflowWrap: 'anywhere' }}>
            {name}
          </Title>
          <NotaryStatusBadge status={notary.status} />
        </Group>
        {notary.statusReason && (notary.status === 'rejected' || notary.status === 'suspended') && (
          <Text fw={600} data-testid="admin-status-reason">
            {t('detail.reason', { reason: notary.statusReason })}
          </Text>
        )}
        {notary.status === 'verified' && !notary.canTakeWork && (
          <Text c="var(--mantine-color-error)">{t('detail.verifiedCommissionLapsed')}</Text>
        )}
      </Stack>
      <DecisionPanel notary={notary} name={name} />
      <Details notary={notary} />
      <Documents notary={notary} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Paper withBorder radius="md" p="md" component="section" aria-labelledby="admin-seal-heading">
          <Title order={2} size="h4" id="admin-seal-heading" mb="sm">
            {t('detail.seal')}
          </Title>
          <DocumentPreview
            path={adminDocumentPath({ id: notary._id, kind: 'seal' })}
            document={notary.documents.seal}
            name={tNotaries('documents.seal')}
            maxHeight={220}
            testId="admin-document-seal"
          />
        </Paper>
        <Paper withBorder radius="md" p="md" component="section" aria-labelledby="admin-certificate-heading">
          <Title order={2} size="h4" id="admin-certificate-heading" mb="sm">
            {t('detail.signingCertificate')}
          </Title>
          <SigningCertificateSummary certificate={notary.signingCertificate} />
        </Paper>
      </SimpleGrid>
      <NotaryRecord id={notary._id} />
    </Stack>
  );
}
