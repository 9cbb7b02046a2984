import { Button } from '@mantine/core';
import type { Signatory } from '@mohar/contracts';
import { Send } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialogOnDemand as ConfirmDialog } from '@/components/confirm-dialog-on-demand';
import { showToast } from '@/components/toast-host';
import { failureMessage } from '@/lib/api-errors';
import { useResendInvitation } from '../api/resend-invitation';

/** The owner (or an admin) sends a signatory a new personal link, after saying that the old one stops working. */
export function ResendInvitationButton(props: { applicationId: string; signatory: Signatory }) {
  const { t } = useTranslation('applications');
  const { t: tCommon } = useTranslation();
  const resend = useResendInvitation(props.applicationId);
  const [isOpen, setIsOpen] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const { fullName } = props.signatory;

  const close = () => {
    setIsOpen(false);
    setFailure(null);
  };
  const onConfirm = () =>
    resend.mutate(props.signatory._id, {
      onSuccess: (result) => {
        close();
        void showToast({ color: 'green', message: result.message, closeLabel: tCommon('close') });
      },
      onError: (error) => setFailure(failureMessage(error, t('signatories.resendFailed'))),
    });

  return (
    <>
      <Button
        size="xs"
        variant="default"
        leftSection={<Send size={14} aria-hidden="true" />}
        style={{ alignSelf: 'flex-start' }}
        aria-label={t('signatories.resendFor', { name: fullName })}
        onClick={() => {
          setFailure(null);
          setIsOpen(true);
        }}
        data-testid="resend-invitation"
      >
        {t('signatories.resend')}
      </Button>
      <ConfirmDialog
        opened={isOpen}
        title={t('signatories.resendTitle', { name: fullName })}
        body={t('signatories.resendBody', { name: fullName })}
        confirmLabel={t('signatories.resendConfirm')}
        cancelLabel={t('signatories.resendKeep')}
        closeLabel={tCommon('close')}
        isPending={resend.isPending}
        failure={failure}
        confirmTestId="resend-invitation-confirm"
        onConfirm={onConfirm}
        onClose={close}
      />
    </>
  );
}
