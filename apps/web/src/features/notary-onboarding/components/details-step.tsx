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
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/form-alert';
import { showToast } from '@/components/toast-host';
import { failureMessage, formFieldErrorsOf, hasErrorCode } from '@/lib/api-errors';
import { type FieldErrors, hasFieldErrors, validateForm } from '@/lib/form-validation';
import { useFailureFocus } from '@/lib/use-failure-focus';
import { notaryDetailsRequest, useUpdateNotaryDetails } from '../api/update-notary-details';
import {
  DETAIL_FIELDS,
  type DetailField,
  type DetailsValues,
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
  const [values, setValues] = useState<DetailsValues>(saved);
  const [errors, setErrors] = useState<FieldErrors<DetailField>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const { containerRef, focusFailure } = useFailureFocus<HTMLFormElement>();
  const isDirty = hasUnsavedDetails(values, saved);
  const hasSavedAny = Object.values(saved).some((value) => value.length > 0);

  const setField = <F extends DetailField>(field: F, value: DetailsValues[F]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const save = (then?: () => void) => {
    setFailure(null);
    const body = detailsRequestOf(values, saved);
    const result = validateForm({ schema: notaryDetailsRequest, values: body, fields: DETAIL_FIELDS });
    const nextErrors: FieldErrors<DetailField> = result.ok ? {} : { ...result.errors };
    if (isCommissionLapsed({ commissionExpiresOn: values.commissionExpiresOn, today: todayInIndia() }))
      nextErrors.commissionExpiresOn ??= t('details.commissionLapsed');
    if (!result.ok || hasFieldErrors(nextErrors)) {
      setErrors(nextErrors);
      focusFailure();
      return;
    }
    update.mutate(result.data, {
      onSuccess: (notary) => {
        setValues(detailsValuesOf(notary));
        void showToast({ color: 'green', message: t('details.saved'), closeLabel: tCommon('close') });
        then?.();
      },
      onError: (error) => {
        const message = failureMessage(error, t('details.failed'));
        const fieldErrors = formFieldErrorsOf(error, DETAIL_FIELDS);
        if (hasErrorCode(error, NOTARY_ERROR_CODES.registrationTaken))
          fieldErrors.registrationNumber = message;
        setErrors(fieldErrors);
        if (!hasFieldErrors(fieldErrors)) setFailure(message);
        focusFailure();
      },
    });
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    save();
  };

  const onContinue = () => {
    if (isDirty) save(() => props.onGoTo('documents'));
    else props.onGoTo('documents');
  };

  return (
    <StepFrame
      step="details"
      title={t('details.heading')}
      intro={t('details.intro')}
      onGoTo={props.onGoTo}
      next={
        <Button onClick={onContinue} loading={update.isPending} data-testid="details-continue">
          {t('details.saveAndContinue')}
        </Button>
      }
    >
      <form ref={containerRef} onSubmit={onSubmit} noValidate aria-labelledby="onboarding-details-heading">
        <Stack gap="md">
          {failure && <FormAlert tone="error">{failure}</FormAlert>}
          <TextInput
            label={t('details.fullName')}
            name="fullName"
            autoComplete="name"
            required
            value={values.fullName}
            onChange={(event) => setField('fullName', event.currentTarget.value)}
            error={errors.fullName}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label={t('details.registrationNumber')}
              description={t('details.registrationNumberHint')}
              name="registrationNumber"
              autoCapitalize="characters"
              spellCheck={false}
              required
              value={values.registrationNumber}
              onChange={(event) => setField('registrationNumber', event.currentTarget.value)}
              error={errors.registrationNumber}
            />
            <TextInput
              label={t('details.commissionExpiresOn')}
              description={t('details.commissionExpiresOnHint')}
              name="commissionExpiresOn"
              type="date"
              required
              value={values.commissionExpiresOn}
              onChange={(event) => setField('commissionExpiresOn', event.currentTarget.value)}
              error={errors.commissionExpiresOn}
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
            onChange={(value) => setField('appointingGovernment', value ?? '')}
            error={errors.appointingGovernment}
            aria-invalid={errors.appointingGovernment ? true : undefined}
          />
          <TextInput
            label={t('details.areaOfPractice')}
            description={t('details.areaOfPracticeHint')}
            name="areaOfPractice"
            required
            value={values.areaOfPractice}
            onChange={(event) => setField('areaOfPractice', event.currentTarget.value)}
            error={errors.areaOfPractice}
          />
          <Textarea
            label={t('details.officeAddress')}
            name="officeAddress"
            autoComplete="street-address"
            required
            autosize
            minRows={3}
            value={values.officeAddress}
            onChange={(event) => setField('officeAddress', event.currentTarget.value)}
            error={errors.officeAddress}
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
            value={values.languages}
            onChange={(value) => setField('languages', value)}
            error={errors.languages}
            aria-invalid={errors.languages ? true : undefined}
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
