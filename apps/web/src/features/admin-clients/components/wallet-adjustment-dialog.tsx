import { Button, Group, Modal, SegmentedControl, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { ADMIN_ERROR_CODES, WALLET_ADJUSTMENT_MAX_PAISE } from '@mohar/contracts';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/form-alert';
import { showToast } from '@/components/toast-host';
import { formatInr } from '@/lib/format';
import { rupeesToPaise } from '@/lib/rupees';
import { useContractForm } from '@/lib/use-contract-form';
import { useWalletAdjustment, walletAdjustmentRequest } from '../api/client-actions';

type Direction = 'credit' | 'debit';

/** The form's text as the request: rupees read exactly into paise, negative for a debit (NaN when unreadable). */
export const adjustmentRequestOf = (values: { direction: Direction; amount: string; reason: string }) => {
  const paise = rupeesToPaise(values.amount);
  return {
    amountPaise: paise === null ? Number.NaN : values.direction === 'debit' ? -paise : paise,
    reason: values.reason,
  };
};

/**
 * Finance's correction of a client's wallet: credit or debit, an amount in rupees, and the reason the client reads in
 * their ledger. The server refuses a debit beyond the balance; the dialog says what the balance is up front.
 */
export function WalletAdjustmentDialog(props: {
  clientId: string;
  name: string;
  balancePaise: number;
  onClose: () => void;
}) {
  const { t } = useTranslation('admin-clients');
  const { t: tCommon } = useTranslation();
  const adjust = useWalletAdjustment(props.clientId);
  const { form, onSubmit, showFailure, failure, containerRef } = useContractForm({
    schema: walletAdjustmentRequest,
    // The amount first: a problem the contract finds in `amountPaise` (no field of the form) lands on it.
    initialValues: { amount: '', direction: 'credit' as Direction, reason: '' },
    toRequest: adjustmentRequestOf,
    check: (values): { amount?: string } => {
      const paise = rupeesToPaise(values.amount);
      return paise === null || paise === 0 || paise > WALLET_ADJUSTMENT_MAX_PAISE
        ? { amount: t('actions.wallet.amountInvalid') }
        : {};
    },
    translate: (issue) =>
      t(issue.field === 'reason' ? 'actions.wallet.reasonShort' : 'actions.wallet.amountInvalid'),
  });
  const onValid = onSubmit((request) => {
    if (adjust.isPending) return;
    adjust.mutate(request, {
      onSuccess: (answer) => {
        void showToast({
          color: 'green',
          message: t('actions.wallet.done', { name: props.name, balance: formatInr(answer.balancePaise) }),
          closeLabel: tCommon('close'),
        });
        props.onClose();
      },
      onError: (error) =>
        showFailure(error, {
          fallback: t('actions.failed'),
          codeFields: { [ADMIN_ERROR_CODES.walletWouldGoNegative]: 'amount' },
        }),
    });
  });

  return (
    <Modal
      opened
      onClose={props.onClose}
      title={t('actions.wallet.title', { name: props.name })}
      centered
      closeButtonProps={{ 'aria-label': tCommon('close') }}
    >
      <form ref={containerRef} onSubmit={onValid} noValidate data-testid="wallet-adjustment-form">
        <Stack gap="md">
          <Text size="sm">{t('actions.wallet.body', { balance: formatInr(props.balancePaise) })}</Text>
          {failure && <FormAlert tone="error">{failure}</FormAlert>}
          <Stack gap={4}>
            <Text size="sm" fw={500} id="wallet-adjustment-direction">
              {t('actions.wallet.direction')}
            </Text>
            <SegmentedControl
              aria-labelledby="wallet-adjustment-direction"
              data={[
                { value: 'credit', label: t('actions.wallet.credit') },
                { value: 'debit', label: t('actions.wallet.debit') },
              ]}
              {...form.getInputProps('direction')}
            />
          </Stack>
          <TextInput
            label={t('actions.wallet.amount')}
            description={t('actions.wallet.amountHint')}
            leftSection="₹"
            inputMode="decimal"
            autoComplete="off"
            required
            data-autofocus
            data-testid="wallet-adjustment-amount"
            {...form.getInputProps('amount')}
          />
          <Textarea
            label={t('actions.wallet.reasonLabel')}
            description={t('actions.wallet.reasonHint')}
            required
            autosize
            minRows={2}
            maxLength={200}
            data-testid="wallet-adjustment-reason"
            {...form.getInputProps('reason')}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={props.onClose}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit" loading={adjust.isPending} data-testid="wallet-adjustment-confirm">
              {t(
                form.values.direction === 'debit'
                  ? 'actions.wallet.confirmDebit'
                  : 'actions.wallet.confirmCredit',
              )}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
