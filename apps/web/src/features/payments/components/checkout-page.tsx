import {
  Alert,
  Anchor,
  Badge,
  Button,
  Divider,
  Grid,
  Group,
  Loader,
  Paper,
  Skeleton,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import type { Application, ApplicationPayment } from '@mohar/contracts';
import { ArrowLeft, LockKeyhole, Wallet } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ApplicationStatusBadge } from '@/components/application/application-status-badge';
import { FeeBreakdownTable } from '@/components/application/fee-breakdown';
import { FormAlert } from '@/components/form-alert';
import { MessagePage } from '@/components/message-page';
import { paths } from '@/config/paths';
import { ApiError, failureMessage, hasErrorCode } from '@/lib/api-errors';
import { useApplication } from '@/lib/application';
import { formatInr } from '@/lib/format';
import { useApplicationPayment } from '../api/get-application-payment';
import { type CheckoutNotice, type CheckoutPhase, useCheckoutFlow } from '../hooks/use-checkout-flow';
import { amountDue, isWalletOnByDefault, walletToUse } from '../lib/checkout';
import { OrganisationPayment } from './organisation-payment';

const money = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

const isMissing = (error: unknown) =>
  error instanceof ApiError && (error.status === 404 || hasErrorCode(error, 'request.invalid'));

function BackToApplication({ id }: { id: string }) {
  const { t } = useTranslation('payments');
  return (
    <Anchor component={Link} to={paths.applications.view(id)} size="sm" style={{ alignSelf: 'flex-start' }}>
      <Group gap={4} component="span">
        <ArrowLeft size={16} aria-hidden="true" />
        {t('checkout.back')}
      </Group>
    </Anchor>
  );
}

function Notice({ notice, applicationId }: { notice: CheckoutNotice; applicationId: string }) {
  const { t } = useTranslation('payments');
  return (
    <FormAlert tone={notice.tone} data-testid="checkout-notice" data-tone={notice.tone}>
      <Stack gap={4} align="flex-start">
        <Text size="sm">{notice.message}</Text>
        {notice.showViewLink && (
          <Anchor component={Link} to={paths.applications.view(applicationId)} size="sm">
            {t('checkout.openApplication')}
          </Anchor>
        )}
      </Stack>
    </FormAlert>
  );
}

function CheckoutSkeleton() {
  const { t } = useTranslation('payments');
  return (
    <Grid gap="lg" role="status" aria-label={t('checkout.loading')} data-testid="checkout-loading">
      <Grid.Col span={{ base: 12, md: 7 }}>
        <Skeleton height={260} radius="md" />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Skeleton height={260} radius="md" />
      </Grid.Col>
    </Grid>
  );
}

/** Paid (or being confirmed): nothing to press any more while the application opens. */
function Finishing({ phase }: { phase: CheckoutPhase }) {
  const { t } = useTranslation('payments');
  return (
    <Paper withBorder radius="md" p="xl" data-testid="checkout-finishing">
      <Group gap="md" role="status" aria-live="polite">
        <Loader size="sm" aria-hidden="true" />
        <Text>{phase === 'confirming' ? t('checkout.confirming') : t('checkout.finishing')}</Text>
      </Group>
    </Paper>
  );
}

/** The application is not waiting for payment (paid meanwhile, reopened, cancelled): say where it stands. */
function NotAwaitingPayment({ application }: { application: Application }) {
  const { t } = useTranslation('payments');
  const { t: tApplications } = useTranslation('applications');
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} data-testid="checkout-not-payable">
      <Stack gap="sm" align="flex-start">
        <Group gap="sm">
          <Text fw={600}>{t('checkout.notAwaitingTitle')}</Text>
          <ApplicationStatusBadge status={application.status} />
        </Group>
        <Text>{tApplications(`statusSentence.${application.status}`)}</Text>
        <Button component={Link} to={paths.applications.view(application._id)} variant="default">
          {t('checkout.openApplication')}
        </Button>
      </Stack>
    </Paper>
  );
}

function SummaryRow(props: { label: string; value: string; strong?: boolean; testId?: string }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="md">
      <Text size={props.strong ? 'lg' : 'sm'} fw={props.strong ? 700 : 400}>
        {props.label}
      </Text>
      <Text
        size={props.strong ? 'xl' : 'sm'}
        fw={props.strong ? 700 : 400}
        style={money}
        data-testid={props.testId}
      >
        {props.value}
      </Text>
    </Group>
  );
}

/** The fee, the wallet switch, what is left to pay now and the button that pays it. */
function CheckoutForm(props: {
  application: Application;
  payment: ApplicationPayment;
  flow: ReturnType<typeof useCheckoutFlow>;
}) {
  const { t } = useTranslation('payments');
  const { payment, flow } = props;
  const balance = payment.walletBalancePaise ?? 0;
  const [walletChoice, setWalletChoice] = useState<boolean | null>(null);
  const isWalletOn = walletChoice ?? isWalletOnByDefault(balance);
  const totalPaise = payment.fee.totalPaise;
  const walletPaise = walletToUse({ totalPaise, balancePaise: balance, isWalletOn });
  const duePaise = amountDue({ totalPaise, walletPaise });
  const isPending = flow.phase !== 'idle';

  return (
    <Grid gap="lg" align="flex-start">
      <Grid.Col span={{ base: 12, md: 7 }}>
        <Paper
          withBorder
          radius="md"
          p={{ base: 'md', sm: 'lg' }}
          component="section"
          aria-labelledby="fee-heading"
        >
          <Stack gap="sm">
            <Title order={2} size="h4" id="fee-heading">
              {t('checkout.feeTitle')}
            </Title>
            <FeeBreakdownTable fee={payment.fee} />
          </Stack>
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Paper
          withBorder
          radius="md"
          p={{ base: 'md', sm: 'lg' }}
          component="section"
          aria-labelledby="pay-heading"
        >
          <Stack gap="md">
            <Group justify="space-between" gap="xs">
              <Title order={2} size="h4" id="pay-heading">
                {t('checkout.payTitle')}
              </Title>
              {payment.provider === 'sandbox' && (
                <Badge color="yellow" variant="light" data-testid="checkout-sandbox">
                  {t('checkout.sandboxBadge')}
                </Badge>
              )}
            </Group>
            <OrganisationPayment
              applicationId={props.application._id}
              disabled={isPending}
              onPaid={(serial) => void flow.paidElsewhere(serial)}
            />
            <Group gap="sm" wrap="nowrap" align="flex-start">
              <Wallet size={20} aria-hidden="true" style={{ flexShrink: 0, marginTop: 2 }} />
              <Switch
                checked={isWalletOn}
                disabled={balance === 0 || isPending}
                onChange={(event) => {
                  setWalletChoice(event.currentTarget.checked);
                  flow.startOver();
                }}
                label={t('checkout.useWallet', { amount: formatInr(balance) })}
                description={balance === 0 ? t('checkout.walletEmpty') : t('checkout.walletHint')}
                data-testid="wallet-toggle"
              />
            </Group>
            <Divider />
            <Stack gap={6}>
              <SummaryRow label={t('checkout.total')} value={formatInr(totalPaise)} />
              {walletPaise > 0 && (
                <SummaryRow
                  label={t('checkout.fromWallet')}
                  value={`− ${formatInr(walletPaise)}`}
                  testId="checkout-wallet-used"
                />
              )}
              <SummaryRow
                label={t('checkout.payNow')}
                value={formatInr(duePaise)}
                strong
                testId="checkout-amount-due"
              />
            </Stack>
            {flow.notice && <Notice notice={flow.notice} applicationId={props.application._id} />}
            <Button
              size="lg"
              fullWidth
              leftSection={<LockKeyhole size={18} aria-hidden="true" />}
              loading={isPending}
              onClick={() => void flow.pay(walletPaise)}
              data-testid="checkout-pay"
              data-amount-due={duePaise}
            >
              {duePaise === 0
                ? t('checkout.payFromWallet', { amount: formatInr(walletPaise) })
                : t('checkout.pay', { amount: formatInr(duePaise) })}
            </Button>
            <Text size="xs" c="dimmed">
              {duePaise === 0
                ? t('checkout.walletOnlyNote')
                : payment.provider === 'sandbox'
                  ? t('checkout.sandboxNote')
                  : t('checkout.razorpayNote')}
            </Text>
            <Text size="xs" c="dimmed">
              {t('checkout.policyPrefix')}{' '}
              <Anchor component={Link} to={paths.legal.refund()} size="xs" underline="always">
                {t('checkout.refundPolicy')}
              </Anchor>
            </Text>
          </Stack>
        </Paper>
      </Grid.Col>
    </Grid>
  );
}

/** /applications/:id/pay — the client pays a submitted application's fee (wallet first, the rest at the gateway). */
export function CheckoutPage() {
  const { t } = useTranslation('payments');
  const { id = '' } = useParams();
  const application = useApplication(id);
  const payment = useApplicationPayment(id);
  const flow = useCheckoutFlow(id);

  const heading = (
    <Stack gap={4}>
      <Title order={1}>{t('checkout.title')}</Title>
      {application.data && (
        <Text c="dimmed" style={{ overflowWrap: 'anywhere' }} data-testid="checkout-application-title">
          {application.data.title ?? t('untitled')}
        </Text>
      )}
    </Stack>
  );

  let body: ReactNode;
  if (flow.phase === 'confirming' || flow.phase === 'done') {
    body = <Finishing phase={flow.phase} />;
  } else if (application.isPending) {
    body = <CheckoutSkeleton />;
  } else if (application.isError) {
    if (isMissing(application.error))
      return (
        <div data-testid="checkout-not-found">
          <title>{`${t('checkout.notFoundTitle')} · Mohar`}</title>
          <MessagePage
            title={t('checkout.notFoundTitle')}
            body={t('checkout.notFoundBody')}
            actionLabel={t('checkout.allApplications')}
            actionTo={paths.applications.list()}
          />
        </div>
      );
    body = (
      <Alert color="red" variant="light" role="alert" title={t('checkout.loadFailed')}>
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{failureMessage(application.error, t('checkout.loadFailed'))}</Text>
          <Button size="xs" variant="default" onClick={() => void application.refetch()}>
            {t('retry')}
          </Button>
        </Stack>
      </Alert>
    );
  } else if (
    application.data.status !== 'awaiting_payment' ||
    !application.data.allowedActions.includes('pay')
  ) {
    body = (
      <Stack gap="md">
        {flow.notice && <Notice notice={flow.notice} applicationId={id} />}
        <NotAwaitingPayment application={application.data} />
      </Stack>
    );
  } else if (payment.isPending) {
    body = <CheckoutSkeleton />;
  } else if (payment.isError) {
    body = (
      <Alert color="red" variant="light" role="alert" title={t('checkout.loadFailed')}>
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{failureMessage(payment.error, t('checkout.loadFailed'))}</Text>
          <Button size="xs" variant="default" onClick={() => void payment.refetch()}>
            {t('retry')}
          </Button>
        </Stack>
      </Alert>
    );
  } else {
    body = <CheckoutForm application={application.data} payment={payment.data} flow={flow} />;
  }

  return (
    <Stack gap="lg" data-testid="checkout-page" data-phase={flow.phase}>
      <title>{`${t('checkout.title')} · Mohar`}</title>
      <BackToApplication id={id} />
      {heading}
      {body}
    </Stack>
  );
}
