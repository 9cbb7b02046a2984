import { Alert, Button, NativeSelect, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { SUPPORT_TOPICS, type SupportTicketResponse } from '@mohar/contracts';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrorsOf } from '@/lib/api-client';
import { CLIENT_ERROR_CODES, errorMessage, hasErrorCode } from '@/lib/api-errors';
import { useCreateTicket } from '../api/create-ticket';
import {
  type FieldErrors,
  isTicketField,
  type TicketField,
  type TicketFormValues,
  type TranslateIssue,
  validateTicket,
} from '../lib/ticket-form';

const MESSAGE_MAX_CHARS = 5000;

export function ContactForm(props: {
  initialValues: TicketFormValues;
  onSent: (response: SupportTicketResponse) => void;
}) {
  const { t } = useTranslation('contact');
  const createTicket = useCreateTicket();
  const [values, setValues] = useState(props.initialValues);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [focusRequest, setFocusRequest] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);

  // After a failed submit, move focus to the first field that needs attention (keyboard and screen-reader users).
  useEffect(() => {
    if (focusRequest === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusRequest]);

  const translateIssue: TranslateIssue = ({ field, code, message }) =>
    t(`errors.${field}.${code}`, { defaultValue: message });

  const setField = (field: TicketField) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = validateTicket(values, translateIssue);
    if (!result.ok) {
      setErrors(result.errors);
      setFocusRequest((n) => n + 1);
      return;
    }
    setErrors({});
    createTicket.mutate(result.data, {
      onSuccess: props.onSent,
      onError: (error) => {
        // A 400 from the server names the fields it refused: show those beside the fields, not in a banner.
        // Server paths name the request part too ("body.email"); the field is the last segment.
        const known: FieldErrors = {};
        for (const [path, message] of Object.entries(fieldErrorsOf(error))) {
          const field = path.split('.').pop() ?? '';
          if (isTicketField(field)) known[field] ??= message;
        }
        setErrors(known);
        if (Object.keys(known).length > 0) setFocusRequest((n) => n + 1);
      },
    });
  };

  const hasFieldErrors = Object.values(errors).some(Boolean);
  const failure = createTicket.error;
  const showAlert = createTicket.isError && !hasFieldErrors;

  return (
    <form
      ref={formRef}
      onSubmit={onSubmit}
      noValidate
      data-testid="contact-form"
      aria-describedby="contact-required"
    >
      <Stack gap="md">
        <Text size="sm" id="contact-required">
          {t('form.required')}
        </Text>
        {showAlert && (
          <Alert color="red" variant="light" title={t('errors.sendFailedTitle')} role="alert">
            <Stack gap={4}>
              <Text size="sm">
                {hasErrorCode(failure, CLIENT_ERROR_CODES.network)
                  ? t('errors.network')
                  : errorMessage(failure)}
              </Text>
              <Text size="sm">{t('errors.textKept')}</Text>
            </Stack>
          </Alert>
        )}
        <TextInput
          label={t('form.name')}
          name="name"
          autoComplete="name"
          required
          value={values.name}
          onChange={(event) => setField('name')(event.currentTarget.value)}
          error={errors.name}
        />
        <TextInput
          label={t('form.email')}
          description={t('form.emailDescription')}
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          value={values.email}
          onChange={(event) => setField('email')(event.currentTarget.value)}
          error={errors.email}
        />
        <TextInput
          label={t('form.phone')}
          description={t('form.phoneDescription')}
          name="phone"
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          placeholder="+91 98765 43210"
          value={values.phone}
          onChange={(event) => setField('phone')(event.currentTarget.value)}
          error={errors.phone}
        />
        <NativeSelect
          label={t('form.topic')}
          name="topic"
          required
          value={values.topic}
          onChange={(event) => setField('topic')(event.currentTarget.value)}
          error={errors.topic}
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
          value={values.message}
          onChange={(event) => setField('message')(event.currentTarget.value)}
          error={errors.message}
        />
        <Button type="submit" size="md" loading={createTicket.isPending} style={{ alignSelf: 'flex-start' }}>
          {t('form.submit')}
        </Button>
      </Stack>
    </form>
  );
}
