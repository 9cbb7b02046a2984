import { Anchor, Badge, Group, Text } from '@mantine/core';
import type { Application, ApplicationEvent } from '@mohar/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FeeBreakdownTable } from '@/components/application/fee-breakdown';
import { paths } from '@/config/paths';
import { type PaymentState, paymentStateOf } from '../lib/application-view';
import { ViewSection } from './view-section';

const PAYMENT_COLOURS: Record<Exclude<PaymentState, 'unknown'>, string> = {
  quote: 'gray',
  awaiting: 'yellow',
  paid: 'green',
  not_paid: 'gray',
};

/** The fee line by line, and where payment stands (in words) for this status. */
export function FeeSection(props: { application: Application; events: ApplicationEvent[] | undefined }) {
  const { t } = useTranslation('applications');
  const { application } = props;
  const payment = paymentStateOf({ status: application.status, events: props.events });
  return (
    <ViewSection id="fee" title={t('payment.title')} testId="application-fee">
      {payment !== 'unknown' && (
        <Group gap="xs" data-testid="payment-state" data-state={payment}>
          <Badge color={PAYMENT_COLOURS[payment]} variant="light">
            {t(`payment.state.${payment}`)}
          </Badge>
          <Text size="sm">{t(`payment.sentence.${payment}`)}</Text>
        </Group>
      )}
      <FeeBreakdownTable fee={application.fee} />
      {payment === 'paid' && application.status === 'cancelled' && (
        <Text size="sm">
          {t('payment.refund')}{' '}
          <Anchor component={Link} to={paths.legal.refund()} size="sm">
            {t('payment.refundLink')}
          </Anchor>
        </Text>
      )}
    </ViewSection>
  );
}
