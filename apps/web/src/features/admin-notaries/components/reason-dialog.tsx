import { Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/form-alert';
import { validateForm } from '@/lib/form-validation';
import { useFailureFocus } from '@/lib/use-failure-focus';
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
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { containerRef, focusFailure } = useFailureFocus<HTMLFormElement>();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = validateForm({
      schema: notaryDecisionRequest,
      values: { reason },
      fields: ['reason'] as const,
      translate: () => t('actions.reasonShort'),
    });
    if (!result.ok) {
      setError(result.errors.reason ?? t('actions.reasonShort'));
      focusFailure();
      return;
    }
    props.onConfirm(result.data.reason);
  };

  const onClose = () => {
    setReason('');
    setError(null);
    props.onClose();
  };

  return (
    <Modal
      opened={props.opened}
      onClose={onClose}
      title={props.title}
      centered
      closeButtonProps={{ 'aria-label': tCommon('close') }}
    >
      <form ref={containerRef} onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          {props.failure && <FormAlert tone="error">{props.failure}</FormAlert>}
          <Textarea
            label={t('actions.reasonLabel')}
            description={t('actions.reasonHint')}
            required
            autosize
            minRows={3}
            maxLength={1000}
            value={reason}
            onChange={(event) => {
              setReason(event.currentTarget.value);
              setError(null);
            }}
            error={error}
            data-autofocus
            data-testid="decision-reason"
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('actions.cancel')}
            </Button>
            <Button
              type="submit"
              color="red.9"
              loading={props.isPending}
              data-testid="decision-reason-confirm"
            >
              {props.confirmLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
