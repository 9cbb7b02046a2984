import { Button, Group, Stack, Text, Title } from '@mantine/core';
import type { ApplicationStep } from '@mohar/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { nextStepOf, previousStepOf, stepHeadingId } from '../lib/steps';

/** One step: its heading (focused when the step opens) and intro, the step itself, then Back and Next. */
export function StepFrame(props: {
  step: ApplicationStep;
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  onGoTo: (step: ApplicationStep) => void;
  /** Checks the step before moving on; false keeps the person here (the step shows why). */
  onNext?: () => boolean;
  /** Replaces Next (review submits instead). */
  next?: ReactNode;
}) {
  const { t } = useTranslation('wizard');
  const previous = previousStepOf(props.step);
  const following = nextStepOf(props.step);
  const onNext = () => {
    if (!following) return;
    if (props.onNext && !props.onNext()) return;
    props.onGoTo(following);
  };
  return (
    <Stack
      gap="lg"
      component="section"
      aria-labelledby={stepHeadingId(props.step)}
      pt="md"
      data-testid={`wizard-step-${props.step}`}
    >
      <Stack gap={4}>
        <Title order={2} size="h3" id={stepHeadingId(props.step)} tabIndex={-1}>
          {props.title}
        </Title>
        {props.intro && (
          <Text c="dimmed" maw={720}>
            {props.intro}
          </Text>
        )}
      </Stack>
      {props.children}
      <Group justify="space-between" gap="sm" mt="sm">
        {previous ? (
          <Button variant="default" onClick={() => props.onGoTo(previous)}>
            {t('nav.back')}
          </Button>
        ) : (
          <span />
        )}
        {props.next ??
          (following && (
            <Button onClick={onNext} data-testid="wizard-next">
              {t('nav.next', { step: t(`steps.${following}`) })}
            </Button>
          ))}
      </Group>
    </Stack>
  );
}
