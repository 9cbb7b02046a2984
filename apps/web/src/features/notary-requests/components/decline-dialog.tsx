import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ReasonDialog } from '@/components/reason-dialog';
import { DECLINE_REASON_MAX, declineRequestSchema } from '../api/decline-notary-request';

/** Declining needs a reason (3 to 500 characters). A named request goes back to the client; an open one stays open. */
export function DeclineDialog(props: {
  opened: boolean;
  isForMe: boolean;
  isPending: boolean;
  failure: string | null;
  onConfirm: (reason: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('requests');
  const { t: tCommon } = useTranslation();
  const { isForMe, ...dialog } = props;
  return (
    <ReasonDialog
      {...dialog}
      title={t('declineTitle')}
      intro={<Text>{isForMe ? t('declineIntroForYou') : t('declineIntroOpen')}</Text>}
      label={t('declineReason')}
      hint={t('declineReasonHint', { max: DECLINE_REASON_MAX })}
      schema={declineRequestSchema}
      translateIssue={({ code }) =>
        code === 'too_big' ? t('declineTooLong', { max: DECLINE_REASON_MAX }) : t('declineTooShort')
      }
      fallback={t('declineTooShort')}
      cancelLabel={t('keep')}
      confirmLabel={t('declineConfirm')}
      closeLabel={tCommon('close')}
      isDestructive
      testIds={{
        form: 'decline-request-dialog',
        field: 'decline-request-reason',
        confirm: 'decline-request-confirm',
      }}
    />
  );
}
