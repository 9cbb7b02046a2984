import {
  Alert,
  Badge,
  Box,
  Button,
  Center,
  Divider,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import type { SandboxOrder } from '@mohar/contracts';
import { FlaskConical, LockKeyhole } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { FormAlert } from '@/components/form-alert';
import { paths } from '@/config/paths';
import { ApiError, failureMessage } from '@/lib/api-errors';
import { formatInr } from '@/lib/format';
import { useAbandonPayment } from '../api/abandon-payment';
import { useCompleteSandboxOrder, useSandboxOrder } from '../api/sandbox-order';
import { useVerifyPayment } from '../api/verify-payment';
import { usePaymentOutcome } from '../hooks/use-payment-outcome';
import classes from './payments.module.css';

const money = { fontVariantNumeric: 'tabular-nums' } as const;

type Step = 'idle' | 'paying' | 'failing' | 'cancelling';

/** The card in the middle of the dimmed window, as a gateway's modal sits over the merchant's page. */
function GatewayCard(props: { children: ReactNode; testId?: string }) {
  return (
    <Center mih="100dvh" p={{ base: 'sm', sm: 'xl' }} className={classes.gatewayBackdrop}>
      <Paper
        shadow="xl"
        radius="lg"
        withBorder
        w="100%"
        maw={420}
        p={{ base: 'md', sm: 'xl' }}
        data-testid={props.testId}
      >
        {props.children}
      </Paper>
    </Center>
  );
}

function SandboxBadge() {
  const { t } = useTranslation('payments');
  return (
    <Badge
      color="yellow"
      variant="light"
      size="lg"
      leftSection={<FlaskConical size={14} aria-hidden="true" />}
      styles={{ label: { textTransform: 'none' } }}
      data-testid="sandbox-badge"
    >
      {t('sandbox.badge')}
    </Badge>
  );
}

/** An order that is no longer open: paid already, failed or replaced. */
function OrderEnded({ order }: { order: SandboxOrder }) {
  const { t } = useTranslation('payments');
  const isPaid = order.status === 'paid' || order.status === 'credited_to_wallet';
  return (
    <Stack gap="md" data-testid="sandbox-ended" data-status={order.status}>
      <SandboxBadge />
      <Title order={1} size="h3">
        {isPaid ? t('sandbox.paidTitle') : t('sandbox.endedTitle')}
      </Title>
      <Text>{isPaid ? t('sandbox.paidBody') : t('sandbox.endedBody')}</Text>
      <Button component={Link} to={paths.applications.view(order.applicationId)}>
        {t('sandbox.openApplication')}
      </Button>
    </Stack>
  );
}

function OpenOrder({ order }: { order: SandboxOrder }) {
  const { t } = useTranslation('payments');
  const navigate = useNavigate();
  const outcome = usePaymentOutcome();
  const complete = useCompleteSandboxOrder();
  const verify = useVerifyPayment();
  const abandon = useAbandonPayment();
  const [step, setStep] = useState<Step>('idle');
  const [failure, setFailure] = useState<string | null>(null);
  const { orderId, applicationId } = order;

  const start = (next: Step) => {
    if (step !== 'idle') return false;
    setStep(next);
    setFailure(null);
    return true;
  };
  const stop = (error: unknown) => {
    setStep('idle');
    setFailure(failureMessage(error, t('sandbox.failed')));
  };

  const onPay = async () => {
    if (!start('paying')) return;
    try {
      const result = await complete.mutateAsync({ orderId, outcome: 'success' });
      if ('error' in result) {
        await abandon.mutateAsync({ orderId, reason: result.error.description });
        await outcome.onFailed({ applicationId });
        return;
      }
      const verified = await verify.mutateAsync(result);
      await outcome.onPaid({
        applicationId: verified.applicationId,
        receiptSerial: verified.payment.receipt?.serial ?? null,
      });
    } catch (error) {
      stop(error);
    }
  };

  const onFail = async () => {
    if (!start('failing')) return;
    try {
      const result = await complete.mutateAsync({ orderId, outcome: 'failure' });
      const reason = 'error' in result ? result.error.description : 'Payment failed';
      await abandon.mutateAsync({ orderId, reason });
      await outcome.onFailed({ applicationId });
    } catch (error) {
      stop(error);
    }
  };

  const onCancel = async () => {
    if (!start('cancelling')) return;
    try {
      await abandon.mutateAsync({ orderId, reason: 'The payer cancelled at the sandbox checkout' });
      await navigate(paths.applications.pay(applicationId));
    } catch (error) {
      stop(error);
    }
  };

  const isBusy = step !== 'idle';
  return (
    <Stack gap="md" data-testid="sandbox-checkout" data-step={step}>
      <Group justify="space-between" align="center" gap="xs">
        <Text fw={700} size="lg" data-testid="sandbox-merchant">
          {order.merchant}
        </Text>
        <SandboxBadge />
      </Group>
      <Stack gap={2}>
        <Title order={1} size="h5" fw={400} c="dimmed">
          {t('sandbox.heading')}
        </Title>
        {/* A figure, not a heading: a large bold <p> reads as one to assistive technology (p-as-heading). */}
        <Text component="div" fz={32} fw={700} style={money} data-testid="sandbox-amount">
          {formatInr(order.amountPaise)}
        </Text>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }} data-testid="sandbox-application">
          {t('sandbox.for', { title: order.applicationTitle ?? t('untitled') })}
        </Text>
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere', ...money }}>
          {t('sandbox.order', { orderId })}
        </Text>
      </Stack>
      <Divider />
      <Text size="sm">{t('sandbox.explain')}</Text>
      {failure && <FormAlert tone="error">{failure}</FormAlert>}
      <Stack gap="sm">
        <Button
          size="md"
          fullWidth
          leftSection={<LockKeyhole size={16} aria-hidden="true" />}
          loading={step === 'paying'}
          disabled={isBusy && step !== 'paying'}
          onClick={() => void onPay()}
          data-testid="sandbox-pay"
        >
          {t('sandbox.pay', { amount: formatInr(order.amountPaise) })}
        </Button>
        <Button
          size="md"
          variant="outline"
          color="red.9"
          // The theme's error colour meets WCAG AA in both colour modes; red 9 on the dark background does not.
          c="var(--mantine-color-error)"
          fullWidth
          loading={step === 'failing'}
          disabled={isBusy && step !== 'failing'}
          onClick={() => void onFail()}
          data-testid="sandbox-fail"
        >
          {t('sandbox.fail')}
        </Button>
        <Button
          variant="subtle"
          fullWidth
          loading={step === 'cancelling'}
          disabled={isBusy && step !== 'cancelling'}
          onClick={() => void onCancel()}
          data-testid="sandbox-cancel"
        >
          {t('sandbox.cancel')}
        </Button>
      </Stack>
    </Stack>
  );
}

/** /pay/sandbox/:orderId — the pretend gateway of the sandbox provider: pay, fail or go back, and no money moves. */
export function SandboxCheckoutPage() {
  const { t } = useTranslation('payments');
  const { orderId = '' } = useParams();
  const order = useSandboxOrder(orderId);

  let content: ReactNode;
  if (order.isPending) {
    content = (
      <Stack gap="md" role="status" aria-label={t('sandbox.loading')}>
        <Skeleton height={28} width="50%" />
        <Skeleton height={48} width="70%" />
        <Skeleton height={120} />
      </Stack>
    );
  } else if (order.isError) {
    const isMissing = order.error instanceof ApiError && order.error.status === 404;
    content = (
      <Stack gap="md" data-testid="sandbox-error">
        <SandboxBadge />
        <Title order={1} size="h3">
          {isMissing ? t('sandbox.notFoundTitle') : t('sandbox.loadFailed')}
        </Title>
        {isMissing ? (
          <Text>{t('sandbox.notFoundBody')}</Text>
        ) : (
          <Alert color="red" variant="light" role="alert">
            {failureMessage(order.error, t('sandbox.loadFailed'))}
          </Alert>
        )}
        <Group gap="sm">
          {!isMissing && (
            <Button variant="default" onClick={() => void order.refetch()}>
              {t('retry')}
            </Button>
          )}
          <Button component={Link} to={paths.applications.list()} variant={isMissing ? 'filled' : 'subtle'}>
            {t('checkout.allApplications')}
          </Button>
        </Group>
      </Stack>
    );
  } else if (order.data.status === 'created') {
    content = <OpenOrder order={order.data} />;
  } else {
    content = <OrderEnded order={order.data} />;
  }

  return (
    <Box>
      <title>{`${t('sandbox.title')} · Mohar`}</title>
      <GatewayCard testId="sandbox-page">{content}</GatewayCard>
    </Box>
  );
}
