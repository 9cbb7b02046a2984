import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/form-alert';

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
  const [reason, setReason] = useState('');

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    props.onConfirm(reason);
  };
  const onClose = () => {
    setReason('');
    props.onClose();
  };

  return (
    <Modal
      opened={props.opened}
      onClose={onClose}
      title={t('actions.cancelTitle')}
      centered
      closeButtonProps={{ 'aria-label': tCommon('close') }}
    >
      <form onSubmit={onSubmit} noValidate data-testid="cancel-dialog">
        <Stack gap="md">
          <Text>{t('actions.cancelBody')}</Text>
          {props.failure && <FormAlert tone="error">{props.failure}</FormAlert>}
          <Textarea
            label={t('actions.cancelReason')}
            description={t('actions.cancelReasonHint', { max: MAX_REASON })}
            autosize
            minRows={3}
            maxLength={MAX_REASON}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            data-autofocus
            data-testid="cancel-reason"
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('actions.keep')}
            </Button>
            <Button type="submit" color="red.9" loading={props.isPending} data-testid="cancel-confirm">
              {t('actions.cancelConfirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
