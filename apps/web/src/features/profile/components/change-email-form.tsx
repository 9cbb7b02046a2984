import { Button, Stack, TextInput } from '@mantine/core';
import { AUTH_ERROR_CODES } from '@mohar/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CurrentPasswordField } from '@/components/current-password-field';
import { FormAlert } from '@/components/form-alert';
import { useContractForm } from '@/lib/use-contract-form';
import { changeEmailRequest, useRequestEmailChange } from '../api/change-email';
import { SectionCard } from './section-card';

/** The refusals that are one field's problem. */
const FIELD_OF_CODE = {
  [AUTH_ERROR_CODES.passwordWrong]: 'currentPassword',
  [AUTH_ERROR_CODES.emailTaken]: 'newEmail',
  [AUTH_ERROR_CODES.emailSame]: 'newEmail',
} as const;

/** Change of e-mail (issue 26): a link goes to the new address; the change happens only when it is followed. */
export function ChangeEmailForm() {
  const { t } = useTranslation('profile');
  const change = useRequestEmailChange();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { form, onSubmit, showFailure, failure, containerRef } = useContractForm({
    schema: changeEmailRequest,
    initialValues: { newEmail: '', currentPassword: '' },
  });

  const onValid = onSubmit((request) =>
    change.mutate(request, {
      onSuccess: () => {
        setSentTo(request.newEmail);
        form.reset();
      },
      onError: (error) => showFailure(error, { fallback: t('email.failed'), codeFields: FIELD_OF_CODE }),
    }),
  );

  return (
    <SectionCard id="change-email-heading" title={t('email.title')} intro={t('email.intro')}>
      <form ref={containerRef} onSubmit={onValid} noValidate aria-labelledby="change-email-heading">
        <Stack gap="md" maw={420}>
          {failure && <FormAlert tone="error">{failure}</FormAlert>}
          {sentTo && <FormAlert tone="success">{t('email.sent', { email: sentTo })}</FormAlert>}
          <TextInput
            type="email"
            autoComplete="email"
            label={t('email.new')}
            name="newEmail"
            {...form.getInputProps('newEmail')}
          />
          <CurrentPasswordField
            label={t('email.password')}
            name="currentPassword"
            {...form.getInputProps('currentPassword')}
          />
          <Button type="submit" loading={change.isPending} style={{ alignSelf: 'flex-start' }}>
            {t('email.submit')}
          </Button>
        </Stack>
      </form>
    </SectionCard>
  );
}
