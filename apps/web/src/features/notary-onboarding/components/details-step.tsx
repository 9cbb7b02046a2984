import {
  Button,
  Group,
  MultiSelect,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import {
  APPOINTING_GOVERNMENTS,
  NOTARY_ERROR_CODES,
  NOTARY_LANGUAGES,
  type NotaryProfile,
  todayInIndia,
} from '@mohar/contracts';
import { Check } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { DateField } from '@/components/date-field';
import { FormAlert } from '@/components/form-alert';
import { NameField } from '@/components/name-field';
import { RegistrationNumberField } from '@/components/notary/registration-number-field';
import { showToast } from '@/components/toast-host';
import { useContractForm } from '@/lib/use-contract-form';
import { notaryDetailsRequest, useUpdateNotaryDetails } from '../api/update-notary-details';
import {
  detailsRequestOf,
  detailsValuesOf,
  hasUnsavedDetails,
  isCommissionLapsed,
} from '../lib/details-form';
import type { OnboardingStep } from '../lib/steps';
import { StepFrame } from './step-frame';

/** Step 1: the details on the certificate of practice. Saves any subset; "Save and continue" moves on. */
export function DetailsStep(props: { profile: NotaryProfile; onGoTo: (step: OnboardingStep) => void }) {
  const { t } = useTranslation('onboarding');
  const { t: tCommon } = useTranslation();
  const update = useUpdateNotaryDetails();
  const saved = detailsValuesOf(props.profile);
  const { form, onSubmit, showFailure, failure, containerRef } = useContractForm({
    schema: notaryDetailsRequest,
    initialValues: saved,
    toRequest: (values) => detailsRequestOf(values, saved),
    check: (values): { commissionExpiresOn?: string } =>
      isCommissionLapsed({ commissionExpiresOn: values.commissionExpiresOn, today: todayInIndia() })
        ? { commissionExpiresOn: t('details.commissionLapsed') }
        : {},
  });
  const { values } = form;
  const isDirty = hasUnsavedDetails(values, saved);
  const hasSavedAny = Object.values(saved).some((value) => value.length > 0);

  const save = (then?: () => void) =>
    onSubmit((request) =>
      update.mutate(request, {
        onSuccess: (notary) => {
          form.setValues(detailsValuesOf(notary));
          void showToast({ color: 'green', message: t('details.saved'), closeLabel: tCommon('close') });
          then?.();
        },
        onError: (error) =>
          showFailure(error, {
            fallback: t('details.failed'),
            codeFields: { [NOTARY_ERROR_CODES.registrationTaken]: 'registrationNumber' },
          }),
      }),
    );

  const onContinue = () => {
    if (isDirty) save(() => props.onGoTo('documents'))();
    else props.onGoTo('documents');
  };

  return (
    <StepFrame
      step="details"
      onGoTo={props.onGoTo}
      next={
        <Button onClick={onContinue} loading={update.isPending} data-testid="details-continue">
          {t('details.saveAndContinue')}
        </Button>
      }
    >
      <form ref={containerRef} onSubmit={save()} noValidate aria-labelledby="onboarding-details-heading">
        <Stack gap="md">
          {failure && <FormAlert tone="error">{failure}</FormAlert>}
          <NameField label={t('details.fullName')} name="fullName" {...form.getInputProps('fullName')} />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <RegistrationNumberField
              label={t('details.registrationNumber')}
              description={t('details.registrationNumberHint')}
              required
              {...form.getInputProps('registrationNumber')}
            />
            <DateField
              label={t('details.commissionExpiresOn')}
              description={t('details.commissionExpiresOnHint')}
              name="commissionExpiresOn"
              required
              {...form.getInputProps('commissionExpiresOn')}
            />
          </SimpleGrid>
          <Select
            label={t('details.appointingGovernment')}
            description={t('details.appointingGovernmentHint')}
            placeholder={t('details.appointingGovernmentPlaceholder')}
            name="appointingGovernment"
            required
            searchable
            nothingFoundMessage={t('details.noGovernment')}
            data={[...APPOINTING_GOVERNMENTS]}
            value={values.appointingGovernment || null}
            onChange={(value) => form.setFieldValue('appointingGovernment', value ?? '')}
            error={form.errors.appointingGovernment}
            aria-invalid={form.errors.appointingGovernment ? true : undefined}
          />
          <TextInput
            label={t('details.areaOfPractice')}
            description={t('details.areaOfPracticeHint')}
            name="areaOfPractice"
            required
            {...form.getInputProps('areaOfPractice')}
          />
          <Textarea
            label={t('details.officeAddress')}
            name="officeAddress"
            autoComplete="street-address"
            required
            autosize
            minRows={3}
            {...form.getInputProps('officeAddress')}
          />
          <MultiSelect
            label={t('details.languages')}
            description={t('details.languagesHint')}
            placeholder={values.languages.length === 0 ? t('details.languagesPlaceholder') : undefined}
            name="languages"
            required
            searchable
            maxValues={10}
            data={[...NOTARY_LANGUAGES]}
            {...form.getInputProps('languages')}
            aria-invalid={form.errors.languages ? true : undefined}
          />
          <Group gap="md">
            <Button type="submit" variant="default" loading={update.isPending} data-testid="details-save">
              {t('details.save')}
            </Button>
            <Text size="sm" role="status" data-testid="details-save-state" c={isDirty ? undefined : 'dimmed'}>
              {isDirty ? (
                t('details.unsaved')
              ) : !hasSavedAny ? null : (
                <Group gap={4} component="span">
                  <Check size={16} aria-hidden="true" />
                  {t('details.allSaved')}
                </Group>
              )}
            </Text>
          </Group>
        </Stack>
      </form>
    </StepFrame>
  );
}
