import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/form-alert';
import { MobileNumberField } from '@/components/mobile-number-field';
import { NameField } from '@/components/name-field';
import { showToast } from '@/components/toast-host';
import { useCurrentUser } from '@/lib/current-user';
import { useContractForm } from '@/lib/use-contract-form';
import { updateProfileRequest, useUpdateProfile } from '../api/update-profile';
import { SectionCard } from './section-card';

/** The ten digits after +91, as typed into the field that shows the +91 beside it. */
const nationalNumber = (mobile: string) => mobile.replace(/^\+91/, '');

export function ProfileDetailsForm() {
  const { t } = useTranslation('profile');
  const { t: tCommon } = useTranslation();
  const user = useCurrentUser();
  const update = useUpdateProfile();
  const { form, onSubmit, showFailure, failure, containerRef } = useContractForm({
    schema: updateProfileRequest,
    initialValues: { name: user.name, mobile: nationalNumber(user.mobile) },
  });

  const onValid = onSubmit((request) =>
    update.mutate(request, {
      onSuccess: (response) => {
        form.setValues({ name: response.user.name, mobile: nationalNumber(response.user.mobile) });
        void showToast({ color: 'green', message: t('details.saved'), closeLabel: tCommon('close') });
      },
      onError: (error) => showFailure(error, { fallback: t('details.failed') }),
    }),
  );

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
      <form ref={containerRef} onSubmit={onValid} noValidate aria-labelledby="profile-details-heading">
        <Stack gap="md">
          {failure && <FormAlert tone="error">{failure}</FormAlert>}
          <NameField label={t('details.name')} {...form.getInputProps('name')} />
          <MobileNumberField
            label={t('details.mobile')}
            description={t('details.mobileHint')}
            {...form.getInputProps('mobile')}
          />
          <Button type="submit" loading={update.isPending} style={{ alignSelf: 'flex-start' }}>
            {t('details.save')}
          </Button>
        </Stack>
      </form>
    </SectionCard>
  );
}
