import { Text } from '@mantine/core';
import { refundRequestBody } from '@mohar/contracts';
import { useTranslation } from 'react-i18next';
import { ReasonDialog } from '@/components/reason-dialog';
import { formatInr } from '@/lib/format';

/** Asking for the fee back: the amount, where it goes and when, and an optional reason for the Mohar team. */
export function RefundDialog(props: {
  opened: boolean;
  amountPaise: number;
  isPending: boolean;
  failure: string | null;
  onConfirm: (reason: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('payments');
  const { t: tCommon } = useTranslation();
  const { amountPaise, ...rest } = props;
  return (
    <ReasonDialog
      {...rest}
      title={t('refund.dialogTitle')}
      intro={
        <>
          <Text>{t('refund.dialogAmount', { amount: formatInr(amountPaise) })}</Text>
          <Text size="sm">{t('refund.whereItGoes')}</Text>
        </>
      }
      label={t('refund.reasonLabel')}
      hint={t('refund.reasonHint', { max: 1000 })}
      required={false}
      schema={refundRequestBody}
      fallback={t('refund.reasonTooLong', { max: 1000 })}
      cancelLabel={t('refund.keep')}
      confirmLabel={t('refund.confirm')}
      closeLabel={tCommon('close')}
      testIds={{ form: 'refund-dialog', field: 'refund-reason', confirm: 'refund-confirm' }}
    />
  );
}
