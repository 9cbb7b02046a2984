import { Text } from '@mantine/core';
import { failApplicationRequest } from '@mohar/contracts';
import { useTranslation } from 'react-i18next';
import { ReasonDialog } from '@/components/reason-dialog';

/** An admin marks an application failed: a required reason (at least 5 characters), kept in its history. */
export function MarkFailedDialog(props: {
  opened: boolean;
  isPending: boolean;
  failure: string | null;
  onConfirm: (reason: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('applications');
  const { t: tCommon } = useTranslation();
  return (
    <ReasonDialog
      {...props}
      title={t('actions.markFailedTitle')}
      intro={<Text>{t('actions.markFailedBody')}</Text>}
      label={t('actions.markFailedReason')}
      hint={t('actions.markFailedReasonHint')}
      schema={failApplicationRequest}
      translateIssue={({ code }) =>
        code === 'too_big' ? t('actions.markFailedTooLong', { max: 1000 }) : t('actions.markFailedShort')
      }
      fallback={t('actions.markFailedShort')}
      cancelLabel={t('actions.keep')}
      confirmLabel={t('actions.markFailedConfirm')}
      closeLabel={tCommon('close')}
      isDestructive
      testIds={{ form: 'mark-failed-dialog', field: 'mark-failed-reason', confirm: 'mark-failed-confirm' }}
    />
  );
}
