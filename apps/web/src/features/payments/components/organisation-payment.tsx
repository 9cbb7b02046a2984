import { Button, Divider, Stack, Text, Title } from '@mantine/core';
import type { OrganisationPaymentSource } from '@mohar/contracts';
import { Building2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/form-alert';
import { useOrganisationPaymentOptions, usePayForOrganisation } from '@/features/organisations/api/billing';
import { actingAs } from '@/lib/acting-as';
import { failureMessage } from '@/lib/api-errors';
import { formatInr } from '@/lib/format';

/**
 * Checkout of an organisation's application (decision 0073): pay from the organisation's wallet or count it against
 * its plan (or trial) instead of the card. Shown while acting for an organisation; the server decides what applies.
 */
export function OrganisationPayment(props: {
  applicationId: string;
  disabled: boolean;
  onPaid: (receiptSerial: string | null) => void;
}) {
  const { t } = useTranslation('payments');
  const options = useOrganisationPaymentOptions(props.applicationId, actingAs() !== null);
  const pay = usePayForOrganisation(props.applicationId);
  if (!options.data) return null;
  const { wallet, plan, feePaise } = options.data;
  const choose = (source: OrganisationPaymentSource) =>
    pay.mutate(source, { onSuccess: (answer) => props.onPaid(answer.payment.receipt?.serial ?? null) });
  const busy = pay.isPending || props.disabled;
  return (
    <Stack gap="xs" data-testid="organisation-payment">
      <Title order={3} size="h5">
        <Building2 size={16} aria-hidden="true" /> {t('organisation.title')}
      </Title>
      {pay.isError && (
        <FormAlert tone="error">{failureMessage(pay.error, t('organisation.failed'))}</FormAlert>
      )}
      <Button
        variant="light"
        disabled={!plan.refusal ? busy : true}
        loading={pay.isPending && pay.variables === 'plan'}
        onClick={() => choose('plan')}
        data-testid="organisation-pay-plan"
      >
        {plan.status === 'active' ? t('organisation.fromPlan') : t('organisation.fromTrial')}
      </Button>
      <Text size="xs" c="dimmed">
        {plan.refusal
          ? t(`organisation.refusal.${plan.refusal.replace('billing.', '')}`)
          : t('organisation.remaining', { count: plan.remaining })}
      </Text>
      <Button
        variant="light"
        disabled={!wallet.covers || busy}
        loading={pay.isPending && pay.variables === 'organisation_wallet'}
        onClick={() => choose('organisation_wallet')}
        data-testid="organisation-pay-wallet"
      >
        {t('organisation.fromWallet', { amount: formatInr(feePaise) })}
      </Button>
      <Text size="xs" c="dimmed">
        {wallet.covers
          ? wallet.balancePaise === null
            ? t('organisation.walletCovers')
            : t('organisation.walletBalance', { amount: formatInr(wallet.balancePaise) })
          : t('organisation.walletShort')}
      </Text>
      <Divider label={t('organisation.orCard')} labelPosition="center" />
    </Stack>
  );
}
