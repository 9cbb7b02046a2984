import { Anchor, Group, SimpleGrid, Stack, Title } from '@mantine/core';
import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageLoader } from '@/components/page-loader';
import { LoadFailure } from '@/components/query-states';
import { StepUpHostOnDemand } from '@/components/step-up-host-on-demand';
import { paths } from '@/config/paths';
import { failureMessage, hasErrorCode } from '@/lib/api-errors';
import { useAdminClient } from '../api/get-admin-client';
import { ClientActions } from './client-actions';
import {
  ApplicationsSection,
  AuditSection,
  NotificationsSection,
  ProfileSection,
  SessionsSection,
  WalletSection,
} from './client-sections';

/** /admin/clients/:id — one client: profile and actions, applications, wallet and ledger, devices, audit trail. */
export function AdminClientPage() {
  const { t } = useTranslation('admin-clients');
  const { id = '' } = useParams();
  const query = useAdminClient(id);
  const back = (
    <Anchor component={Link} to={paths.admin.clients()} size="sm">
      <Group gap={4} component="span">
        <ArrowLeft size={16} aria-hidden="true" />
        {t('detail.back')}
      </Group>
    </Anchor>
  );

  if (!query.isSuccess) {
    // A missing or malformed id will not appear by asking again: no retry then.
    const isMissing =
      hasErrorCode(query.error, 'admin.client_not_found') || hasErrorCode(query.error, 'request.not_found');
    return (
      <Stack gap="md">
        <title>{`${t('detail.titleFallback')} · Mohar`}</title>
        {back}
        {query.isPending ? (
          <PageLoader />
        ) : (
          <LoadFailure
            title={t('detail.failed')}
            message={isMissing ? t('detail.notFound') : failureMessage(query.error, t('detail.failed'))}
            retryLabel={t('retry')}
            onRetry={isMissing ? undefined : () => void query.refetch()}
          />
        )}
      </Stack>
    );
  }

  const detail = query.data;
  return (
    <Stack gap="md">
      <title>{`${detail.client.name} · ${t('title')} · Mohar`}</title>
      {back}
      <Title order={1} data-testid="admin-client-name">
        {detail.client.name}
      </Title>
      <ProfileSection detail={detail} />
      <ClientActions detail={detail} />
      <StepUpHostOnDemand />
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <ApplicationsSection detail={detail} />
        <WalletSection detail={detail} />
        <SessionsSection detail={detail} />
        <NotificationsSection detail={detail} />
        <AuditSection detail={detail} />
      </SimpleGrid>
    </Stack>
  );
}
