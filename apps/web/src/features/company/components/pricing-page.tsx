import { Alert, Anchor, Button, Container, Skeleton, Stack, Text, Title } from '@mantine/core';
import { REFUND_CREDIT_BUSINESS_DAYS, REFUND_REQUEST_WINDOW_DAYS } from '@mohar/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-errors';
import { usePricing } from '../api/get-pricing';
import { PageHeader } from './page-header';
import { PricingDetails } from './pricing-details';

export function PricingPage() {
  const { t } = useTranslation('company');
  const pricing = usePricing();
  return (
    <Container size="md" py={64}>
      <PageHeader
        title={t('pricing.title')}
        lead={t('pricing.lead')}
        metaDescription={t('pricing.metaDescription')}
      />
      {pricing.isPending ? (
        <Stack gap="lg" aria-busy="true">
          <Text size="sm" role="status">
            {t('pricing.loading')}
          </Text>
          <Skeleton height={120} radius="lg" />
          <Skeleton height={220} radius="lg" />
          <Skeleton height={180} radius="lg" />
        </Stack>
      ) : pricing.isError ? (
        <Alert color="red" variant="outline" title={t('pricing.errorTitle')} role="alert">
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{errorMessage(pricing.error)}</Text>
            <Button variant="default" onClick={() => void pricing.refetch()}>
              {t('pricing.retry')}
            </Button>
          </Stack>
        </Alert>
      ) : (
        <PricingDetails pricing={pricing.data} />
      )}
      <Stack gap="sm" mt={48}>
        <Title order={2} size="h3">
          {t('pricing.refunds.title')}
        </Title>
        <Text>
          {t('pricing.refunds.body', {
            window: REFUND_REQUEST_WINDOW_DAYS,
            days: REFUND_CREDIT_BUSINESS_DAYS,
          })}{' '}
          <Anchor component={Link} to={paths.legal.refund()} underline="always">
            {t('pricing.refunds.link')}
          </Anchor>
        </Text>
      </Stack>
    </Container>
  );
}
