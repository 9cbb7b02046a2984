import { Alert, Anchor, Badge, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { Application, ApplicationPayment, Payment, Refund } from '@mohar/contracts';
import { RotateCcw } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { showToast } from '@/components/toast-host';
import { paths } from '@/config/paths';
import { failureMessage } from '@/lib/api-errors';
import { dialogOnDemand } from '@/lib/dialog-on-demand';
import { formatDateTime, formatInr } from '@/lib/format';
import { useApplicationPayment } from '../api/get-application-payment';
import { useRequestRefund } from '../api/request-refund';
import {
  hasPaymentDetails,
  PAYMENT_STATUS_COLOURS,
  paymentsNewestFirst,
  REFUND_STATUS_COLOURS,
  refundRequestStateOf,
} from '../lib/payment-view';
import { InvoiceButton } from './invoice-button';

// Fetched on first open, with Mantine's Modal and the reason form's zod check (decision 0025).
const RefundDialog = dialogOnDemand(() => import('./refund-dialog').then((m) => m.RefundDialog));

const money = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;
const ist = (iso: string) => `${formatDateTime(iso)} IST`;
const NOT_ALLOWED_ID = 'refund-not-allowed-reason';

function Section(props: { children: ReactNode }) {
  const { t } = useTranslation('payments');
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="payments-heading"
      data-testid="payment-section"
    >
      <Stack gap="sm">
        <Title order={2} size="h4" id="payments-heading">
          {t('section.title')}
        </Title>
        {props.children}
      </Stack>
    </Paper>
  );
}

/** One attempt: how much, from where, what became of it, and its receipt. */
function PaymentRow(props: { payment: Payment; canDownloadInvoice: boolean }) {
  const { t } = useTranslation('payments');
  const { payment } = props;
  const parts = [
    payment.walletPaise > 0 ? t('section.fromWallet', { amount: formatInr(payment.walletPaise) }) : null,
    payment.gatewayPaise > 0
      ? t(`section.byGateway.${payment.provider === 'razorpay' ? 'razorpay' : 'sandbox'}`, {
          amount: formatInr(payment.gatewayPaise),
        })
      : null,
  ].filter(Boolean);
  return (
    <Stack
      component="li"
      gap={4}
      py="xs"
      style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
      data-testid="payment-row"
      data-status={payment.status}
    >
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text fw={700} style={money}>
          {formatInr(payment.amountPaise)}
        </Text>
        <Badge color={PAYMENT_STATUS_COLOURS[payment.status]} variant="light" style={{ flexShrink: 0 }}>
          {t(`section.status.${payment.status}`)}
        </Badge>
      </Group>
      {parts.length > 0 && <Text size="sm">{parts.join(' · ')}</Text>}
      <Text size="sm" c="dimmed">
        {payment.paidAt
          ? t('section.paidAt', { date: ist(payment.paidAt) })
          : t('section.startedAt', { date: ist(payment.createdAt) })}
      </Text>
      {payment.failureReason && payment.status === 'failed' && (
        <Text size="sm">{t('section.failureReason', { reason: payment.failureReason })}</Text>
      )}
      {payment.receipt && (
        <Group justify="space-between" gap="xs">
          <Text size="sm">
            {t('section.receipt')}{' '}
            <Text span fw={600} style={money} data-testid="receipt-serial">
              {payment.receipt.serial}
            </Text>
          </Text>
          {props.canDownloadInvoice && (
            <InvoiceButton paymentId={payment._id} serial={payment.receipt.serial} />
          )}
        </Group>
      )}
    </Stack>
  );
}

/** Where a refund request stands, with the admin's reason when it was turned down. */
function RefundStatus({ refund, isOwner }: { refund: Refund; isOwner: boolean }) {
  const { t } = useTranslation('payments');
  const amount = formatInr(refund.amountPaise);
  return (
    <Stack gap={4} data-testid="refund-status" data-status={refund.status}>
      <Group gap="xs">
        <Text fw={600}>{t('refund.title')}</Text>
        <Badge color={REFUND_STATUS_COLOURS[refund.status]} variant="light">
          {t(`refund.status.${refund.status}`)}
        </Badge>
        {refund.status === 'requested' && refund.isOverdue && (
          <Badge color="red" variant="light">
            {t('refund.overdue')}
          </Badge>
        )}
      </Group>
      {refund.status === 'requested' && (
        <Text size="sm">
          {t('refund.requestedBody', { amount, date: ist(refund.requestedAt), due: ist(refund.dueAt) })}
        </Text>
      )}
      {refund.status === 'approved' && (
        <Text size="sm">
          {t('refund.approvedBody', { amount, date: ist(refund.decidedAt ?? refund.requestedAt) })}{' '}
          {isOwner && (
            <Anchor component={Link} to={paths.wallet()} size="sm" underline="always">
              {t('refund.openWallet')}
            </Anchor>
          )}
        </Text>
      )}
      {refund.status === 'rejected' && (
        <>
          <Text size="sm">
            {t('refund.rejectedBody', { amount, date: ist(refund.decidedAt ?? refund.requestedAt) })}
          </Text>
          {refund.decisionReason && (
            <Text size="sm" style={{ overflowWrap: 'anywhere' }} data-testid="refund-decision-reason">
              {t('refund.decisionReason', { reason: refund.decisionReason })}
            </Text>
          )}
        </>
      )}
      {refund.reason && (
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {t('refund.yourReason', { reason: refund.reason })}
        </Text>
      )}
    </Stack>
  );
}

/** The owner's "Request a refund": pressable when the server allows it, else disabled with the reason beside it. */
function RefundRequest({ applicationId, data }: { applicationId: string; data: ApplicationPayment }) {
  const { t } = useTranslation('payments');
  const { t: tCommon } = useTranslation();
  const request = useRequestRefund(applicationId);
  const [isOpen, setIsOpen] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const state = refundRequestStateOf(data);
  if (state.kind === 'hidden') return null;

  if (state.kind === 'not_allowed') {
    return (
      <Group gap="sm" align="center" wrap="wrap">
        <Button
          variant="default"
          leftSection={<RotateCcw size={16} aria-hidden="true" />}
          disabled
          aria-describedby={NOT_ALLOWED_ID}
          data-testid="refund-request"
        >
          {t('refund.request')}
        </Button>
        <Text size="sm" id={NOT_ALLOWED_ID} style={{ flex: '1 1 14rem' }} data-testid="refund-not-allowed">
          {state.reason ?? t('refund.notAllowed')}
        </Text>
      </Group>
    );
  }

  const onConfirm = (reason: string) =>
    request.mutate(reason, {
      onSuccess: (refund) => {
        setIsOpen(false);
        setFailure(null);
        void showToast({
          color: 'green',
          message: t('refund.requested', { due: ist(refund.dueAt) }),
          closeLabel: tCommon('close'),
        });
      },
      onError: (error) => setFailure(failureMessage(error, t('refund.failed'))),
    });

  return (
    <Stack gap="xs" align="flex-start">
      <Text size="sm">
        {state.deadline
          ? t('refund.allowedUntil', { amount: formatInr(state.amountPaise), deadline: ist(state.deadline) })
          : t('refund.allowed', { amount: formatInr(state.amountPaise) })}
      </Text>
      <Button
        variant="default"
        leftSection={<RotateCcw size={16} aria-hidden="true" />}
        onClick={() => {
          setFailure(null);
          setIsOpen(true);
        }}
        data-testid="refund-request"
      >
        {t('refund.request')}
      </Button>
      <RefundDialog
        key={isOpen ? 'open' : 'closed'}
        opened={isOpen}
        amountPaise={state.amountPaise}
        isPending={request.isPending}
        failure={failure}
        onConfirm={onConfirm}
        onClose={() => setIsOpen(false)}
      />
    </Stack>
  );
}

/**
 * Money on the application view: every payment attempt with its receipt and invoice, what was refunded, and the
 * refund — its status, or the owner's button to ask for one. Says nothing while there is nothing to say.
 */
export function PaymentSection({ application }: { application: Application }) {
  const { t } = useTranslation('payments');
  const payment = useApplicationPayment(application._id, { enabled: application.status !== 'draft' });

  if (application.status === 'draft') return null;
  if (payment.isPending) {
    // Before payment there is usually nothing to list: no placeholder that would then vanish.
    if (application.status === 'awaiting_payment') return null;
    return (
      <Section>
        <Stack gap="xs" role="status" aria-label={t('section.loading')}>
          <Skeleton height={18} width="60%" />
          <Skeleton height={56} />
        </Stack>
      </Section>
    );
  }
  if (payment.isError) {
    return (
      <Section>
        <Alert color="red" variant="light" role="alert">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{failureMessage(payment.error, t('section.failed'))}</Text>
            <Button size="xs" variant="default" onClick={() => void payment.refetch()}>
              {t('retry')}
            </Button>
          </Stack>
        </Alert>
      </Section>
    );
  }

  const data = payment.data;
  if (!hasPaymentDetails(data)) return null;
  const canDownloadInvoice = application.viewerRole === 'owner' || application.viewerRole === 'admin';
  const payments = paymentsNewestFirst(data.payments);
  return (
    <Section>
      {(data.paidPaise > 0 || data.refundedPaise > 0) && (
        <Group gap="lg" data-testid="payment-totals">
          <Text size="sm">
            {t('section.paid')}{' '}
            <Text span fw={700} style={money} data-testid="payment-paid">
              {formatInr(data.paidPaise)}
            </Text>
          </Text>
          {data.refundedPaise > 0 && (
            <Text size="sm">
              {t('section.refunded')}{' '}
              <Text span fw={700} style={money} data-testid="payment-refunded">
                {formatInr(data.refundedPaise)}
              </Text>
            </Text>
          )}
        </Group>
      )}
      {payments.length > 0 && (
        <Stack
          component="ul"
          gap={0}
          m={0}
          p={0}
          style={{ listStyle: 'none' }}
          aria-label={t('section.listLabel')}
        >
          {payments.map((item) => (
            <PaymentRow key={item._id} payment={item} canDownloadInvoice={canDownloadInvoice} />
          ))}
        </Stack>
      )}
      {data.refund && <RefundStatus refund={data.refund} isOwner={application.viewerRole === 'owner'} />}
      <RefundRequest applicationId={application._id} data={data} />
    </Section>
  );
}
