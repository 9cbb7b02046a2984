import { Button } from '@mantine/core';
import type { Signatory } from '@mohar/contracts';
import { BellRing } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { showToast } from '@/components/toast-host';
import { failureMessage } from '@/lib/api-errors';
import { useRemindSignatory } from '../api/remind-signatory';

/**
 * The owner (or an admin) nudges a signatory who has not finished their steps. Nothing is replaced, so no
 * confirmation: the toast says what happened (or why not, e.g. reminded less than an hour ago).
 */
export function RemindSignatoryButton(props: { applicationId: string; signatory: Signatory }) {
  const { t } = useTranslation('applications');
  const { t: tCommon } = useTranslation();
  const remind = useRemindSignatory(props.applicationId);
  const { fullName } = props.signatory;
  const onClick = () =>
    remind.mutate(props.signatory._id, {
      onSuccess: () =>
        void showToast({
          color: 'green',
          message: t('signatories.remindDone', { name: fullName }),
          closeLabel: tCommon('close'),
        }),
      onError: (error) =>
        void showToast({
          color: 'red',
          message: failureMessage(error, t('signatories.remindFailed')),
          closeLabel: tCommon('close'),
        }),
    });

  return (
    <Button
      size="xs"
      variant="default"
      leftSection={<BellRing size={14} aria-hidden="true" />}
      style={{ alignSelf: 'flex-start' }}
      aria-label={t('signatories.remindFor', { name: fullName })}
      loading={remind.isPending}
      onClick={onClick}
      data-testid="remind-signatory"
    >
      {t('signatories.remind')}
    </Button>
  );
}
