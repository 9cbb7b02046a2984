import { Alert, Button, NativeSelect, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { SUPPORT_TOPICS, type SupportTicketResponse } from '@mohar/contracts';
import { useTranslation } from 'react-i18next';
import { EmailField } from '@/components/email-field';
import { NameField } from '@/components/name-field';
import { CLIENT_ERROR_CODES, hasErrorCode } from '@/lib/api-errors';
import { useContractForm } from '@/lib/use-contract-form';
import { supportTicketRequest, useCreateTicket } from '../api/create-ticket';
import type { TicketFormValues } from '../lib/ticket-form';

const MESSAGE_MAX_CHARS = 5000;

export function ContactForm(props: {
  initialValues: TicketFormValues;
  onSent: (response: SupportTicketResponse) => void;
}) {
  const { t } = useTranslation('contact');
  const createTicket = useCreateTicket();
  // Messages go through the page's translations by field and issue code, so Hindi visitors read Hindi.
  const { form, onSubmit, showFailure, failure, containerRef } = useContractForm({
    schema: supportTicketRequest,
    initialValues: props.initialValues,
    translate: ({ field, code, message }) => t(`errors.${field}.${code}`, { defaultValue: message }),
  });
  // A 400 from the server names the fields it refused: those show beside the fields, not in a banner.
  const onValid = onSubmit((request) =>
    createTicket.mutate(request, {
      onSuccess: props.onSent,
      onError: (error) => showFailure(error, { fallback: t('errors.sendFailedTitle') }),
    }),
  );

  return (
    <form
      ref={containerRef}
      onSubmit={onValid}
      noValidate
      data-testid="contact-form"
      aria-describedby="contact-required"
    >
      <Stack gap="md">
        <Text size="sm" id="contact-required">
          {t('form.required')}
        </Text>
        {failure && (
          <Alert color="red" variant="light" title={t('errors.sendFailedTitle')} role="alert">
            <Stack gap={4}>
              <Text size="sm">
                {hasErrorCode(createTicket.error, CLIENT_ERROR_CODES.network) ? t('errors.network') : failure}
              </Text>
              <Text size="sm">{t('errors.textKept')}</Text>
            </Stack>
          </Alert>
        )}
        <NameField label={t('form.name')} {...form.getInputProps('name')} />
        <EmailField
          label={t('form.email')}
          description={t('form.emailDescription')}
          {...form.getInputProps('email')}
        />
        <TextInput
          label={t('form.phone')}
          description={t('form.phoneDescription')}
          name="phone"
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          placeholder="+91 98765 43210"
          {...form.getInputProps('phone')}
        />
        <NativeSelect
          label={t('form.topic')}
          name="topic"
          required
          {...form.getInputProps('topic')}
          data={[
            { value: '', label: t('form.topicPlaceholder'), disabled: true },
            ...SUPPORT_TOPICS.map((topic) => ({ value: topic, label: t(`topics.${topic}`) })),
          ]}
        />
        <Textarea
          label={t('form.message')}
          description={t('form.messageDescription')}
          name="message"
          required
          autosize
          minRows={5}
          maxRows={14}
          maxLength={MESSAGE_MAX_CHARS}
          {...form.getInputProps('message')}
        />
        <Button type="submit" size="md" loading={createTicket.isPending} style={{ alignSelf: 'flex-start' }}>
          {t('form.submit')}
        </Button>
      </Stack>
    </form>
  );
}
