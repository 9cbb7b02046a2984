import {
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import type { BillingOverview, PlanVersion } from '@mohar/contracts';
import { TRIAL_LIMITS } from '@mohar/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FileDownloadButton } from '@/components/file-download-button';
import { FormAlert } from '@/components/form-alert';
import { SectionPanel } from '@/components/section-panel';
import { showToast } from '@/components/toast-host';
import { paths } from '@/config/paths';
import { failureMessage } from '@/lib/api-errors';
import { formatCalendarMonth, formatDateTime, formatInr } from '@/lib/format';
import { getInvoiceFile, useBillingOverview, useInvoices, useSubscribe } from '../api/billing';

const money = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/**
 * The organisation's "Plan and billing" (decision 0073), loaded after the rest of its page: the trial (Unpaid
 * Access) or plan with this month's use, the plans to subscribe to, and the monthly invoices for owners and admins.
 */
export function PlanAndBilling({ organisationId }: { organisationId: string }) {
  const { t } = useTranslation('organisations');
  const overview = useBillingOverview(organisationId);
  return (
    <SectionPanel labelledBy="organisation-billing">
      <Stack gap="md" data-testid="organisation-billing">
        <Title order={2} size="h3" id="organisation-billing">
          {t('billing.title')}
        </Title>
        {overview.isPending ? (
          <Skeleton height={140} radius="md" role="status" aria-label={t('loading')} />
        ) : overview.isError ? (
          <Alert color="red" variant="light" role="alert" title={t('billing.failed')}>
            <Stack gap="sm" align="flex-start">
              <Text size="sm">{failureMessage(overview.error, t('billing.failed'))}</Text>
              <Button size="xs" variant="default" onClick={() => void overview.refetch()}>
                {t('retry')}
              </Button>
            </Stack>
          </Alert>
        ) : (
          <>
            <Current overview={overview.data} />
            {overview.data.canManage && <Plans organisationId={organisationId} overview={overview.data} />}
            {overview.data.canManage && <Invoices organisationId={organisationId} />}
          </>
        )}
      </Stack>
    </SectionPanel>
  );
}

/** What the terms say happens to the trial: said before anyone subscribes. */
function TrialTerms() {
  const { t } = useTranslation('organisations');
  return (
    <FormAlert tone="info" data-testid="trial-terms">
      <Text size="sm">
        {t('billing.trialTerms')} <Link to={paths.legal.terms()}>{t('billing.termsLink')}</Link>
      </Text>
    </FormAlert>
  );
}

function Current({ overview }: { overview: BillingOverview }) {
  const { t } = useTranslation('organisations');
  const { status, trial, plan, pendingPlan, month } = overview;
  const inTrial = status === 'trial' || status === 'trial_over' || (status === 'pending' && !trial.endedAt);
  return (
    <Stack gap="xs" data-testid="billing-current" data-status={status}>
      <Group gap="xs">
        <Text fw={600}>{plan ? plan.name : t('billing.trialName')}</Text>
        <Badge
          variant="light"
          color={status === 'active' ? 'green' : status === 'trial_over' ? 'red' : 'blue'}
        >
          {t(`billing.status.${status}`)}
        </Badge>
      </Group>
      {inTrial && (
        <Text size="sm">
          {t('billing.trialUse', { used: trial.used, limit: trial.limit, days: TRIAL_LIMITS.days })}{' '}
          {status === 'trial_over'
            ? t('billing.trialOver', { date: formatDateTime(trial.endsAt) })
            : t('billing.trialEnds', { date: formatDateTime(trial.endsAt) })}
        </Text>
      )}
      {plan && (
        <Text size="sm">
          {t('billing.planUse', {
            used: month.used,
            included: month.included,
            month: formatCalendarMonth(month.month),
            price: formatInr(plan.overagePaise),
          })}
        </Text>
      )}
      {pendingPlan && <Text size="sm">{t('billing.pending', { plan: pendingPlan.name })}</Text>}
      {trial.endedAt && (
        <Text size="sm" c="dimmed">
          {t('billing.trialEnded', { date: formatDateTime(trial.endedAt) })}
        </Text>
      )}
      {!trial.endedAt && <TrialTerms />}
    </Stack>
  );
}

function Plans({ organisationId, overview }: { organisationId: string; overview: BillingOverview }) {
  const { t } = useTranslation('organisations');
  const { t: tCommon } = useTranslation();
  const subscribe = useSubscribe(organisationId);
  const choose = (plan: PlanVersion) => {
    const question = overview.trial.endedAt
      ? t('billing.confirmChange', { plan: plan.name, price: formatInr(plan.monthlyPaise) })
      : `${t('billing.confirmSubscribe', { plan: plan.name, price: formatInr(plan.monthlyPaise) })}\n${t('billing.trialTerms')}`;
    if (!window.confirm(question)) return;
    subscribe.mutate(plan.code, {
      onSuccess: (answer) => {
        if (answer.next.kind === 'redirect') {
          window.location.assign(answer.next.url);
          return;
        }
        void showToast({ color: 'green', message: t('billing.subscribed'), closeLabel: tCommon('close') });
      },
    });
  };
  if (overview.plans.length === 0) return <Text c="dimmed">{t('billing.noPlans')}</Text>;
  return (
    <Stack gap="xs">
      <Title order={3} size="h4">
        {t('billing.plansTitle')}
      </Title>
      {subscribe.isError && (
        <FormAlert tone="error">{failureMessage(subscribe.error, t('billing.subscribeFailed'))}</FormAlert>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm">
        {overview.plans.map((plan) => {
          const isCurrent = overview.status === 'active' && overview.plan?.code === plan.code;
          return (
            <Paper key={plan._id} withBorder radius="md" p="md" data-testid="billing-plan">
              <Stack gap={6}>
                <Text fw={600}>{plan.name}</Text>
                <Text size="lg" fw={700} style={money}>
                  {t('billing.perMonth', { price: formatInr(plan.monthlyPaise) })}
                </Text>
                <Text size="sm">{t('billing.included', { count: plan.includedNotarisations })}</Text>
                <Text size="sm" c="dimmed">
                  {t('billing.overage', { price: formatInr(plan.overagePaise) })}
                </Text>
                <Button
                  variant={isCurrent ? 'default' : 'filled'}
                  disabled={isCurrent}
                  loading={subscribe.isPending && subscribe.variables === plan.code}
                  onClick={() => choose(plan)}
                  aria-label={`${isCurrent ? t('billing.current') : t('billing.subscribe')}: ${plan.name}`}
                >
                  {isCurrent
                    ? t('billing.current')
                    : overview.plan
                      ? t('billing.switch')
                      : t('billing.subscribe')}
                </Button>
              </Stack>
            </Paper>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}

function Invoices({ organisationId }: { organisationId: string }) {
  const { t } = useTranslation('organisations');
  const invoices = useInvoices(organisationId, true);
  return (
    <Stack gap="xs">
      <Title order={3} size="h4">
        {t('billing.invoicesTitle')}
      </Title>
      {invoices.isError && (
        <FormAlert tone="error">{failureMessage(invoices.error, t('billing.invoicesFailed'))}</FormAlert>
      )}
      {invoices.data?.invoices.length === 0 && <Text c="dimmed">{t('billing.invoicesEmpty')}</Text>}
      {invoices.data && invoices.data.invoices.length > 0 && (
        <Table.ScrollContainer minWidth={480}>
          <Table data-testid="organisation-invoices">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('billing.invoiceMonth')}</Table.Th>
                <Table.Th>{t('billing.invoiceNumber')}</Table.Th>
                <Table.Th>{t('billing.invoiceTax')}</Table.Th>
                <Table.Th>{t('billing.invoiceTotal')}</Table.Th>
                <Table.Th>{t('billing.invoiceFile')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {invoices.data.invoices.map((invoice) => (
                <Table.Tr key={invoice._id}>
                  <Table.Td>{formatCalendarMonth(invoice.month)}</Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{invoice.number}</Table.Td>
                  <Table.Td style={money}>
                    {invoice.supply === 'intra_state'
                      ? t('billing.cgstSgst', {
                          cgst: formatInr(invoice.cgstPaise),
                          sgst: formatInr(invoice.sgstPaise),
                        })
                      : t('billing.igst', { igst: formatInr(invoice.igstPaise) })}
                  </Table.Td>
                  <Table.Td style={money}>{formatInr(invoice.totalPaise)}</Table.Td>
                  <Table.Td>
                    <FileDownloadButton
                      fetchFile={() => getInvoiceFile(organisationId, invoice._id)}
                      fileName={`Mohar-invoice-${invoice.number.replaceAll('/', '-')}.html`}
                      label={t('billing.download')}
                      ariaLabel={t('billing.downloadLabel', { number: invoice.number })}
                      failedTitle={t('billing.downloadFailed')}
                      size="xs"
                      testId="organisation-invoice-download"
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
