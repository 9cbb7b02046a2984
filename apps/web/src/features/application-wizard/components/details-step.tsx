import {
  Alert,
  Checkbox,
  Group,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import {
  type Application,
  type ApplicationStep,
  DOCUMENT_TYPES,
  isFirstScheduleType,
  NOTARIAL_ACTS,
  NOTARY_LANGUAGES,
} from '@mohar/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { TriangleAlert } from 'lucide-react';
import { type ChangeEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formFieldErrorsOf } from '@/lib/api-errors';
import type { FieldErrors } from '@/lib/form-validation';
import { useFailureFocus } from '@/lib/use-failure-focus';
import { updateApplication, updateApplicationOnExit } from '../api/update-application';
import {
  DESCRIPTION_MAX,
  DETAIL_FIELDS,
  type DetailField,
  type DetailsValues,
  detailChangesOf,
  detailErrorsOf,
  detailsValuesOf,
  hasChanges,
} from '../lib/details-form';
import type { DraftSaver } from '../lib/draft-saver';
import { refreshIfStale, storeApplication } from '../lib/store-application';
import { StepFrame } from './step-frame';
import classes from './wizard.module.css';

const CHANNEL = 'details';
type Touched = Partial<Record<DetailField | 'firstScheduleAcknowledged', boolean>>;

/** Step 4: what the document is and what the notary is asked to do. Saved field by field as it is typed. */
export function DetailsStep(props: {
  application: Application;
  saver: DraftSaver;
  onGoTo: (step: ApplicationStep) => void;
}) {
  const { t } = useTranslation('wizard');
  const { application, saver } = props;
  const queryClient = useQueryClient();
  const [values, setValues] = useState<DetailsValues>(() => detailsValuesOf(application));
  const [touched, setTouched] = useState<Touched>({});
  const [showAll, setShowAll] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors<DetailField>>({});
  const { containerRef, focusFailure } = useFailureFocus<HTMLDivElement>();
  // The newest answer from the server: a save sends only what still differs from it.
  const latest = useRef(application);
  latest.current = application;

  const errors = detailErrorsOf(values);
  const isFirstSchedule = isFirstScheduleType(
    (DOCUMENT_TYPES as readonly string[]).includes(values.documentType)
      ? (values.documentType as (typeof DOCUMENT_TYPES)[number])
      : null,
  );
  const shown = (field: DetailField) =>
    serverErrors[field] ?? (showAll || touched[field] ? errors[field] : undefined);
  const ackError =
    isFirstSchedule && !values.firstScheduleAcknowledged && (showAll || touched.firstScheduleAcknowledged)
      ? t('details.acknowledgeRequired')
      : undefined;

  const schedule = (next: DetailsValues) =>
    saver.schedule(CHANNEL, async ({ keepalive }) => {
      const saved = detailsValuesOf(latest.current);
      const changes = detailChangesOf({ values: next, saved });
      const nextErrors = detailErrorsOf(next);
      // A field changed into something the contract refuses is not sent; the form shows why.
      const holdsInvalid = DETAIL_FIELDS.some(
        (field) => next[field].trim() !== saved[field].trim() && nextErrors[field],
      );
      if (!hasChanges(changes)) return holdsInvalid ? 'invalid' : 'saved';
      if (keepalive) {
        await updateApplicationOnExit({ id: application._id, changes });
        return 'saved';
      }
      try {
        storeApplication(queryClient, await updateApplication({ id: application._id, changes }));
        return holdsInvalid ? 'invalid' : 'saved';
      } catch (error) {
        const fieldErrors = formFieldErrorsOf(error, DETAIL_FIELDS);
        if (Object.keys(fieldErrors).length > 0) {
          setServerErrors(fieldErrors);
          return 'invalid';
        }
        refreshIfStale({ queryClient, id: application._id, error });
        throw error;
      }
    });

  const setField = (field: DetailField | 'firstScheduleAcknowledged', value: string | boolean) => {
    const next = { ...values, [field]: value } as DetailsValues;
    // The server asks again for the acknowledgement when the type changes; so does the form.
    if (field === 'documentType' && value !== values.documentType) next.firstScheduleAcknowledged = false;
    setValues(next);
    if (field !== 'firstScheduleAcknowledged' && typeof value === 'string' && value.trim() !== '')
      setTouched((current) => ({ ...current, [field]: true }));
    if (field === 'firstScheduleAcknowledged')
      setTouched((current) => ({ ...current, firstScheduleAcknowledged: true }));
    if (field !== 'firstScheduleAcknowledged')
      setServerErrors((current) => ({ ...current, [field]: undefined }));
    schedule(next);
  };
  const touch = (field: DetailField) => setTouched((current) => ({ ...current, [field]: true }));

  const onNext = () => {
    setShowAll(true);
    const isComplete =
      Object.keys(errors).length === 0 &&
      !Object.values(serverErrors).some(Boolean) &&
      (!isFirstSchedule || values.firstScheduleAcknowledged);
    if (isComplete) return true;
    focusFailure();
    return false;
  };

  const text = (field: 'title' | 'purpose') => ({
    value: values[field],
    onChange: (event: ChangeEvent<HTMLInputElement>) => setField(field, event.currentTarget.value),
    onBlur: () => touch(field),
    error: shown(field),
  });

  return (
    <StepFrame
      step="details"
      title={t('details.heading')}
      intro={t('details.intro')}
      onGoTo={props.onGoTo}
      onNext={onNext}
    >
      <Stack gap="lg" ref={containerRef}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Select
            label={t('details.documentType')}
            placeholder={t('details.documentTypePlaceholder')}
            required
            data={DOCUMENT_TYPES.map((type) => ({ value: type, label: t(`documentTypes.${type}`) }))}
            value={values.documentType || null}
            onChange={(value) => setField('documentType', value ?? '')}
            onBlur={() => touch('documentType')}
            error={shown('documentType')}
            aria-invalid={shown('documentType') ? true : undefined}
            allowDeselect={false}
            data-testid="document-type"
          />
          <TextInput
            label={t('details.pages')}
            description={application.document ? t('details.pagesHint') : t('details.pagesMissing')}
            readOnly
            variant="filled"
            value={application.document ? String(application.document.pages) : '—'}
            data-testid="document-pages"
          />
        </SimpleGrid>
        <div aria-live="polite">
          {isFirstSchedule && (
            <Alert
              color="yellow"
              variant="light"
              icon={<TriangleAlert size={18} aria-hidden="true" />}
              title={t('details.firstScheduleTitle')}
              data-testid="first-schedule-warning"
            >
              <Stack gap="sm">
                <Text size="sm">{t('details.firstScheduleBody')}</Text>
                <Checkbox
                  label={t('details.acknowledge')}
                  required
                  checked={values.firstScheduleAcknowledged}
                  onChange={(event) => setField('firstScheduleAcknowledged', event.currentTarget.checked)}
                  error={ackError}
                  aria-invalid={ackError ? true : undefined}
                  data-testid="first-schedule-acknowledge"
                />
              </Stack>
            </Alert>
          )}
        </div>
        <Radio.Group
          label={t('details.notarialAct')}
          description={t('details.notarialActHint')}
          required
          value={values.notarialAct || null}
          onChange={(value) => setField('notarialAct', value)}
          error={shown('notarialAct')}
        >
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" mt="xs">
            {NOTARIAL_ACTS.map((act) => (
              <Radio.Card
                key={act}
                value={act}
                radius="md"
                className={classes.choiceCard}
                aria-invalid={shown('notarialAct') ? true : undefined}
                data-testid={`act-${act}`}
              >
                <Group gap="sm" wrap="nowrap" align="flex-start">
                  <Radio.Indicator aria-hidden="true" mt={2} />
                  <Stack gap={2}>
                    <Text span fw={600}>
                      {t(`acts.${act}`)}
                    </Text>
                    <Text span size="sm" c="dimmed">
                      {t(`actHints.${act}`)}
                    </Text>
                  </Stack>
                </Group>
              </Radio.Card>
            ))}
          </SimpleGrid>
        </Radio.Group>
        <TextInput
          label={t('details.title')}
          description={t('details.titleHint')}
          required
          maxLength={200}
          {...text('title')}
        />
        <Textarea
          label={t('details.description')}
          description={t('details.descriptionCount', {
            count: values.description.length,
            max: DESCRIPTION_MAX,
          })}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          required
          autosize
          minRows={3}
          maxLength={DESCRIPTION_MAX}
          value={values.description}
          onChange={(event) => setField('description', event.currentTarget.value)}
          onBlur={() => touch('description')}
          error={shown('description')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Select
            label={t('details.language')}
            placeholder={t('details.languagePlaceholder')}
            required
            searchable
            data={[...NOTARY_LANGUAGES]}
            value={values.language || null}
            onChange={(value) => setField('language', value ?? '')}
            onBlur={() => touch('language')}
            error={shown('language')}
            aria-invalid={shown('language') ? true : undefined}
            allowDeselect={false}
            nothingFoundMessage={t('details.noLanguage')}
          />
          <TextInput
            label={t('details.purpose')}
            description={t('details.purposeHint')}
            placeholder={t('details.purposePlaceholder')}
            required
            maxLength={300}
            {...text('purpose')}
          />
        </SimpleGrid>
      </Stack>
    </StepFrame>
  );
}
