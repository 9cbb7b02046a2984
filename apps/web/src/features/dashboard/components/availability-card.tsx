import { Group, Select, Stack, Switch, Text, Title } from '@mantine/core';
import { useInterval } from '@mantine/hooks';
import { NOTARY_ERROR_CODES, type NotaryProfile, workingHours } from '@mohar/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/form-alert';
import { SectionPanel } from '@/components/section-panel';
import { TitledForm } from '@/components/titled-form';
import { showToast } from '@/components/toast-host';
import { failureMessage } from '@/lib/api-errors';
import { useContractForm } from '@/lib/use-contract-form';
import { useSetAvailability } from '../api/set-availability';
import {
  availabilitySentence,
  checkWorkingHours,
  clockInIndia,
  END_OPTIONS,
  START_OPTIONS,
  type WorkingHoursProblem,
} from '../lib/availability';

/** IST now, moved on every minute, so the sentence stays true while the page is open. */
function useIndiaClock(): string {
  const [clock, setClock] = useState(() => clockInIndia(new Date()));
  const interval = useInterval(() => setClock(clockInIndia(new Date())), 30_000);
  // biome-ignore lint/correctness/useExhaustiveDependencies: start once; the hook's handle changes every render.
  useEffect(() => {
    interval.start();
    return interval.stop;
  }, []);
  return clock;
}

/** A verified notary's availability: the online switch with the state in words, and the working hours. */
export function AvailabilityCard({ profile }: { profile: NotaryProfile }) {
  const { t } = useTranslation('dashboard');
  const { t: tCommon } = useTranslation();
  const clock = useIndiaClock();
  const toggle = useSetAvailability();
  const saveHours = useSetAvailability();
  const [switchError, setSwitchError] = useState<string | null>(null);
  const hours = useContractForm({
    schema: workingHours,
    initialValues: profile.workingHours,
    translate: ({ code, message }) => (code === 'custom' ? t('availability.endBeforeStart') : message),
    // Inside service hours, end after start: the server's rule, put in this screen's words.
    check: (values): { to?: string } => {
      const problem = checkWorkingHours(values);
      return problem ? { to: problemText(problem) } : {};
    },
  });
  // While the switch's change is on its way, it shows the state asked for. Local state, set in the change handler
  // itself: the mutation's own pending state arrives a render later, and a controlled checkbox would flick back.
  const [asked, setAsked] = useState<boolean | null>(null);
  const isOnline = asked ?? profile.isOnline;
  const sentence = availabilitySentence({ isOnline, workingHours: profile.workingHours, clock });
  const problemText = (problem: WorkingHoursProblem) =>
    t(problem === 'end_before_start' ? 'availability.endBeforeStart' : 'availability.outsideServiceHours');

  const onToggle = (next: boolean) => {
    setSwitchError(null);
    setAsked(next);
    toggle.mutate(
      { isOnline: next },
      {
        // The cache holds the saved profile by now (the hook's onSuccess runs first).
        onSettled: () => setAsked(null),
        onSuccess: (notary) =>
          void showToast({
            color: 'green',
            message: t(notary.isOnline ? 'availability.goneOnline' : 'availability.goneOffline'),
            closeLabel: tCommon('close'),
          }),
        onError: (error) => setSwitchError(failureMessage(error, t('availability.failed'))),
      },
    );
  };

  const onSaveHours = hours.onSubmit((request) =>
    saveHours.mutate(
      { isOnline: profile.isOnline, workingHours: request },
      {
        onSuccess: (notary) => {
          hours.form.setValues(notary.workingHours);
          void showToast({
            color: 'green',
            message: t('availability.hoursSaved'),
            closeLabel: tCommon('close'),
          });
        },
        onError: (error) =>
          hours.showFailure(error, {
            fallback: t('availability.hoursFailed'),
            codeFields: { [NOTARY_ERROR_CODES.outsideServiceHours]: 'to' },
          }),
      },
    ),
  );

  return (
    <SectionPanel labelledBy="availability-heading" testId="availability-card">
      <Stack gap="md">
        <Title order={2} size="h3" id="availability-heading">
          {t('availability.title')}
        </Title>
        <Stack gap="xs">
          <Switch
            size="md"
            label={t('availability.switch')}
            checked={isOnline}
            disabled={!profile.canTakeWork && !profile.isOnline}
            onChange={(event) => onToggle(event.currentTarget.checked)}
            aria-describedby="availability-sentence"
            data-testid="availability-switch"
          />
          <Text
            id="availability-sentence"
            fw={600}
            role="status"
            aria-live="polite"
            c={isOnline ? 'var(--mantine-color-green-light-color)' : undefined}
            data-testid="availability-sentence"
          >
            {t(sentence.key, sentence.values)}
          </Text>
          {switchError && (
            <FormAlert tone="error" data-testid="availability-error">
              {switchError}
            </FormAlert>
          )}
        </Stack>
        <TitledForm
          headingId="working-hours-heading"
          title={t('availability.hoursTitle')}
          heading={{ order: 3, size: 'h4' }}
          intro={t('availability.hoursIntro')}
          isIntroDimmed
          failure={hours.failure}
          submit={{ label: t('availability.saveHours'), isPending: saveHours.isPending, variant: 'default' }}
          gap="sm"
          formRef={hours.containerRef}
          onSubmit={onSaveHours}
        >
          <Group gap="md" align="flex-start" wrap="wrap">
            <Select
              label={t('availability.from')}
              data={START_OPTIONS}
              value={hours.form.values.from}
              allowDeselect={false}
              onChange={(value) => {
                if (value) hours.form.setFieldValue('from', value);
                hours.form.clearFieldError('to');
              }}
              w={160}
              data-testid="working-hours-from"
            />
            <Select
              label={t('availability.to')}
              data={END_OPTIONS}
              allowDeselect={false}
              {...hours.form.getInputProps('to')}
              aria-invalid={hours.form.errors.to ? true : undefined}
              w={160}
              data-testid="working-hours-to"
            />
          </Group>
        </TitledForm>
      </Stack>
    </SectionPanel>
  );
}
