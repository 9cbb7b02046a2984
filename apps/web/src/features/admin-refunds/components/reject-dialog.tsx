import { Text } from '@mantine/core';
import { rejectRefundRequest } from '@mohar/contracts';
import { useTranslation } from 'react-i18next';
import { ReasonDialog } from '@/components/reason-dialog';

/** Reject a refund: a required reason (at least 5 characters) the client will read. */
export function RejectDialog(props: {
  opened: boolean;
  clientName: string;
  amount: string;
  isPending: boolean;
  failure: string | null;
  onConfirm: (reason: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('admin-refunds');
  const { t: tCommon } = useTranslation();
  const { clientName, amount, ...rest } = props;
  return (
    <ReasonDialog
      {...rest}
      title={t('reject.title', { client: clientName })}
      intro={<Text>{t('reject.body', { amount, client: clientName })}</Text>}
      label={t('reject.reasonLabel')}
      hint={t('reject.reasonHint')}
      schema={rejectRefundRequest}
      translateIssue={({ code }) => (code === 'too_big' ? t('reject.reasonLong') : t('reject.reasonShort'))}
      fallback={t('reject.reasonShort')}
      cancelLabel={t('actions.cancel')}
      confirmLabel={t('reject.confirm')}
      closeLabel={tCommon('close')}
      isDestructive
      testIds={{ field: 'refund-reject-reason', confirm: 'refund-reject-confirm' }}
    />
  );
}
