import { Badge, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/form-alert';
import { showToast } from '@/components/toast-host';
import { failureMessage, formFieldErrorsOf } from '@/lib/api-errors';
import { useCurrentUser } from '@/lib/current-user';
import { type FieldErrors, hasFieldErrors, validateForm } from '@/lib/form-validation';
import { useFailureFocus } from '@/lib/use-failure-focus';
import { updateProfileRequest, useUpdateProfile } from '../api/update-profile';
import { SectionCard } from './section-card';

const FIELDS = ['name', 'mobile'] as const;
type Field = (typeof FIELDS)[number];

/** The ten digits after +91, as typed into the field that shows the +91 beside it. */
const nationalNumber = (mobile: string) => mobile.replace(/^\+91/, '');

export function ProfileDetailsForm() {
  const { t } = useTranslation('profile');
  const { t: tCommon } = useTranslation();
  const user = useCurrentUser();
  const update = useUpdateProfile();
  const [values, setValues] = useState({ name: user.name, mobile: nationalNumber(user.mobile) });
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const { containerRef, focusFailure } = useFailureFocus<HTMLFormElement>();

  const setField = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    const result = validateForm({ schema: updateProfileRequest, values, fields: FIELDS });
    if (!result.ok) {
      setErrors(result.errors);
      focusFailure();
      return;
    }
    update.mutate(result.data, {
      onSuccess: (response) => {
        setValues({ name: response.user.name, mobile: nationalNumber(response.user.mobile) });
        void showToast({ color: 'green', message: t('details.saved'), closeLabel: tCommon('close') });
      },
      onError: (error) => {
        const fieldErrors = formFieldErrorsOf(error, FIELDS);
        setErrors(fieldErrors);
        if (!hasFieldErrors(fieldErrors)) setFailure(failureMessage(error, t('details.failed')));
        focusFailure();
      },
    });
  };

  return (
    <SectionCard id="profile-details-heading" title={t('details.title')}>
      <Stack gap={4}>
        <Text size="sm" fw={600}>
          {t('details.email')}
        </Text>
        <Group gap="xs">
          <Text style={{ overflowWrap: 'anywhere' }}>{user.email}</Text>
          {user.emailVerified && (
            <Badge color="green" variant="light">
              {t('details.verified')}
            </Badge>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          {t('details.emailFixed')}
        </Text>
      </Stack>
      <Stack gap={4}>
        <Text size="sm" fw={600}>
          {t('details.role')}
        </Text>
        <Text>{t(`roles.${user.role}`)}</Text>
      </Stack>
      <form ref={containerRef} onSubmit={onSubmit} noValidate aria-labelledby="profile-details-heading">
        <Stack gap="md">
          {failure && <FormAlert tone="error">{failure}</FormAlert>}
          <TextInput
            label={t('details.name')}
            name="name"
            autoComplete="name"
            required
            value={values.name}
            onChange={(event) => setField('name', event.currentTarget.value)}
            error={errors.name}
          />
          <TextInput
            label={t('details.mobile')}
            description={t('details.mobileHint')}
            name="mobile"
            type="tel"
            autoComplete="tel-national"
            inputMode="numeric"
            required
            leftSection={
              <Text size="sm" fw={600} aria-hidden>
                +91
              </Text>
            }
            leftSectionWidth={48}
            value={values.mobile}
            onChange={(event) => setField('mobile', event.currentTarget.value)}
            error={errors.mobile}
          />
          <Button type="submit" loading={update.isPending} style={{ alignSelf: 'flex-start' }}>
            {t('details.save')}
          </Button>
        </Stack>
      </form>
    </SectionCard>
  );
}
