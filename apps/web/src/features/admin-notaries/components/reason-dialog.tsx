import { useTranslation } from 'react-i18next';
import { ReasonDialog as BaseReasonDialog } from '@/components/reason-dialog';
import { notaryDecisionRequest } from '../api/reject-notary';

/** Reject or suspend: a required reason (at least 5 characters) the notary will read. */
export function ReasonDialog(props: {
  opened: boolean;
  title: string;
  confirmLabel: string;
  isPending: boolean;
  failure: string | null;
  onConfirm: (reason: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('admin-notaries');
  const { t: tCommon } = useTranslation();
  return (
    <BaseReasonDialog
      {...props}
      label={t('actions.reasonLabel')}
      hint={t('actions.reasonHint')}
      schema={notaryDecisionRequest}
      fallback={t('actions.reasonShort')}
      cancelLabel={t('actions.cancel')}
      closeLabel={tCommon('close')}
      isDestructive
      testIds={{ field: 'decision-reason', confirm: 'decision-reason-confirm' }}
    />
  );
}
