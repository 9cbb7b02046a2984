import { Button, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ONBOARDING_STEPS, type OnboardingStep } from '../lib/steps';

/** The heading each step opens with; the stepper moves focus to it when the step changes. */
export const stepHeadingId = (step: OnboardingStep) => `onboarding-${step}-heading`;

/** One step's content: its heading and intro (`<step>.heading`, `<step>.intro`), the step itself, then Back and Next. */
export function StepFrame(props: {
  step: OnboardingStep;
  children: ReactNode;
  onGoTo: (step: OnboardingStep) => void;
  /** Replaces the plain Next button (the details step saves first). */
  next?: ReactNode;
}) {
  const { t } = useTranslation('onboarding');
  const index = ONBOARDING_STEPS.indexOf(props.step);
  const previous = ONBOARDING_STEPS[index - 1];
  const following = ONBOARDING_STEPS[index + 1];
  return (
    <Stack gap="lg" component="section" aria-labelledby={stepHeadingId(props.step)} pt="md">
      <Stack gap={4}>
        <Title order={2} size="h3" id={stepHeadingId(props.step)} tabIndex={-1}>
          {t(`${props.step}.heading`)}
        </Title>
        <Text c="dimmed">{t(`${props.step}.intro`)}</Text>
      </Stack>
      {props.children}
      <Group justify="space-between" gap="sm">
        {previous ? (
          <Button variant="default" onClick={() => props.onGoTo(previous)}>
            {t('steps.back')}
          </Button>
        ) : (
          <span />
        )}
        {props.next ??
          (following && (
            <Button onClick={() => props.onGoTo(following)}>
              {t('steps.next', { step: t(`steps.${following}`) })}
            </Button>
          ))}
      </Group>
    </Stack>
  );
}
