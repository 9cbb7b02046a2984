import { Text } from '@mantine/core';
import { cancelApplicationRequest } from '@mohar/contracts';
import { useTranslation } from 'react-i18next';
import { ReasonDialog } from '@/components/reason-dialog';

const MAX_REASON = 500;

/** Cancel, with an optional reason that is kept in the application's history. */
export function CancelDialog(props: {
  opened: boolean;
  isPending: boolean;
  failure: string | null;
  onConfirm: (reason: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('applications');
  const { t: tCommon } = useTranslation();
  const hint = t('actions.cancelReasonHint', { max: MAX_REASON });
  return (
    <ReasonDialog
      {...props}
      title={t('actions.cancelTitle')}
      intro={<Text>{t('actions.cancelBody')}</Text>}
      label={t('actions.cancelReason')}
      hint={hint}
      required={false}
      maxLength={MAX_REASON}
      schema={cancelApplicationRequest}
      fallback={hint}
      cancelLabel={t('actions.keep')}
      confirmLabel={t('actions.cancelConfirm')}
      closeLabel={tCommon('close')}
      isDestructive
      testIds={{ form: 'cancel-dialog', field: 'cancel-reason', confirm: 'cancel-confirm' }}
    />
  );
}
