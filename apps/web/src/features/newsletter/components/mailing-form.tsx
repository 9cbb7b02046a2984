import { Alert, Button, Stack, Textarea, TextInput } from '@mantine/core';
import { type NewsletterMailingRequest, newsletterMailingRequest } from '@mohar/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { failureMessage } from '@/lib/api-errors';
import { useContractForm } from '@/lib/use-contract-form';
import { useSendMailing } from '../api/admin-newsletter';

/** Writes a mailing to confirmed subscribers; it goes out only after a confirmation (it cannot be called back). */
export function MailingForm() {
  const { t } = useTranslation('newsletter');
  const send = useSendMailing();
  const [pending, setPending] = useState<NewsletterMailingRequest | null>(null);
  const [sentTo, setSentTo] = useState<number | null>(null);
  const { form, onSubmit, containerRef } = useContractForm({
    schema: newsletterMailingRequest,
    initialValues: { subject: '', text: '' },
    translate: ({ field, code, message }) => t(`mailing.errors.${field}.${code}`, { defaultValue: message }),
  });
  return (
    <form
      ref={containerRef}
      noValidate
      onSubmit={onSubmit((request) => {
        setSentTo(null);
        setPending(request);
      })}
      data-testid="mailing-form"
    >
      <Stack gap="sm">
        {sentTo !== null && (
          <Alert color="teal" variant="light" role="status">
            {t('mailing.sent', { count: sentTo })}
          </Alert>
        )}
        <TextInput label={t('mailing.subject')} required maxLength={200} {...form.getInputProps('subject')} />
        <Textarea
          label={t('mailing.text')}
          description={t('mailing.textHint')}
          required
          autosize
          minRows={6}
          maxRows={20}
          maxLength={20_000}
          {...form.getInputProps('text')}
        />
        <Button type="submit" style={{ alignSelf: 'flex-start' }}>
          {t('mailing.submit')}
        </Button>
      </Stack>
      <ConfirmDialog
        opened={pending !== null}
        title={t('mailing.confirmTitle')}
        body={t('mailing.confirmBody', { subject: pending?.subject ?? '' })}
        confirmLabel={t('mailing.confirm')}
        cancelLabel={t('mailing.cancel')}
        closeLabel={t('mailing.cancel')}
        isPending={send.isPending}
        failure={send.error ? failureMessage(send.error, t('mailing.failed')) : undefined}
        onConfirm={() =>
          pending &&
          send.mutate(pending, {
            onSuccess: (answer) => {
              setPending(null);
              setSentTo(answer.recipients);
              form.reset();
            },
          })
        }
        onClose={() => {
          setPending(null);
          send.reset();
        }}
      />
    </form>
  );
}
