import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { NotaryProfile } from '@mohar/contracts';
import { CircleAlert, CircleCheck } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FormAlert } from '@/components/form-alert';
import { showToast } from '@/components/toast-host';
import { failureMessage } from '@/lib/api-errors';
import { useSubmitNotaryApplication } from '../api/submit-notary-application';
import { type OnboardingStep, REQUIRED_ITEMS } from '../lib/steps';
import { ApplicationSummary } from './application-summary';
import classes from './onboarding.module.css';
import { StepFrame } from './step-frame';

/** Step 5: what is complete and what is missing (each linked to its step), everything entered, and Submit. */
export function ReviewStep(props: { profile: NotaryProfile; onGoTo: (step: OnboardingStep) => void }) {
  const { t } = useTranslation('onboarding');
  const { t: tCommon } = useTranslation();
  const { profile } = props;
  const submit = useSubmitNotaryApplication();
  const [isConfirming, setIsConfirming] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const isComplete = profile.missing.length === 0;
  // Anything the server misses that this screen does not know by name is still shown.
  const unknown = profile.missing.filter((item) => !REQUIRED_ITEMS.some((entry) => entry.item === item));

  const onConfirm = () =>
    submit.mutate(undefined, {
      onSuccess: () => {
        setIsConfirming(false);
        void showToast({ color: 'green', message: t('review.submitted'), closeLabel: tCommon('close') });
      },
      onError: (error) => {
        setIsConfirming(false);
        setFailure(failureMessage(error, t('review.failed')));
      },
    });

  return (
    <StepFrame step="review" onGoTo={props.onGoTo} next={<span />}>
      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="review-checklist-heading">
        <Stack gap="sm">
          <Title order={3} size="h4" id="review-checklist-heading">
            {t('review.checklist')}
          </Title>
          <ul className={classes.checklist} data-testid="review-checklist">
            {REQUIRED_ITEMS.map((entry) => {
              const isMissing = profile.missing.includes(entry.item);
              const name = t(entry.labelKey);
              return (
                <li key={entry.item} data-state={isMissing ? 'missing' : 'complete'}>
                  <Group justify="space-between" gap="xs" py={6} wrap="wrap">
                    <Group gap="xs" wrap="nowrap">
                      {isMissing ? (
                        <CircleAlert size={18} color="var(--mantine-color-error)" aria-hidden="true" />
                      ) : (
                        <CircleCheck
                          size={18}
                          color="var(--mantine-color-green-light-color)"
                          aria-hidden="true"
                        />
                      )}
                      <Text>
                        {name}
                        {': '}
                        <Text span fw={600} c={isMissing ? 'var(--mantine-color-error)' : undefined}>
                          {t(isMissing ? 'review.missing' : 'review.complete')}
                        </Text>
                      </Text>
                    </Group>
                    {isMissing && (
                      <Button
                        variant="subtle"
                        size="compact-sm"
                        onClick={() => props.onGoTo(entry.step)}
                        aria-label={`${t('review.goTo', { step: t(`steps.${entry.step}`) })}: ${name}`}
                      >
                        {t('review.goTo', { step: t(`steps.${entry.step}`) })}
                      </Button>
                    )}
                  </Group>
                </li>
              );
            })}
            {unknown.map((item) => (
              <li key={item} data-state="missing">
                <Group gap="xs" py={6} wrap="nowrap">
                  <CircleAlert size={18} color="var(--mantine-color-error)" aria-hidden="true" />
                  <Text>
                    {item}
                    {': '}
                    <Text span fw={600} c="var(--mantine-color-error)">
                      {t('review.missing')}
                    </Text>
                  </Text>
                </Group>
              </li>
            ))}
          </ul>
        </Stack>
      </Paper>
      <ApplicationSummary profile={profile} />
      {failure && <FormAlert tone="error">{failure}</FormAlert>}
      <Stack gap={6} align="flex-start">
        <Button
          size="md"
          onClick={() => {
            setFailure(null);
            setIsConfirming(true);
          }}
          disabled={!isComplete}
          aria-describedby={isComplete ? undefined : 'review-missing-note'}
          data-testid="submit-application"
        >
          {t('review.submit')}
        </Button>
        {!isComplete && (
          <Text size="sm" id="review-missing-note">
            {t('review.missingNote')}
          </Text>
        )}
      </Stack>
      <ConfirmDialog
        opened={isConfirming}
        title={t('review.confirmTitle')}
        body={t('review.confirmBody')}
        confirmLabel={t('review.confirm')}
        cancelLabel={t('review.cancel')}
        closeLabel={tCommon('close')}
        isPending={submit.isPending}
        onClose={() => setIsConfirming(false)}
        onConfirm={onConfirm}
      />
    </StepFrame>
  );
}
