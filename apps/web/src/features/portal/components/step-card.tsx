import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Check, Minus } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PortalStep, StepState } from '../lib/portal-steps';
import classes from './portal.module.css';

export const stepHeadingId = (step: PortalStep) => `portal-step-${step}-heading`;

const MARKER_CLASSES: Record<StepState, string> = {
  done: classes.markerDone ?? '',
  current: classes.markerCurrent ?? '',
  upcoming: classes.markerUpcoming ?? '',
  skipped: classes.markerUpcoming ?? '',
};

function StepMarker(props: { state: StepState; number: number }) {
  const content =
    props.state === 'done' ? (
      <Check size={18} strokeWidth={3} />
    ) : props.state === 'skipped' ? (
      <Minus size={18} />
    ) : (
      props.number
    );
  return (
    <span className={`${classes.marker} ${MARKER_CLASSES[props.state]}`} aria-hidden="true">
      {content}
    </span>
  );
}

/** One step of the checklist: its number or tick, its title and state in words, and what it asks for now. */
export function StepCard(props: {
  step: PortalStep;
  number: number;
  state: StepState;
  title: string;
  children: ReactNode;
}) {
  const { t } = useTranslation('portal');
  const isCurrent = props.state === 'current';
  return (
    <Paper
      component="li"
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      className={isCurrent ? classes.currentStep : undefined}
      aria-current={isCurrent ? 'step' : undefined}
      data-testid="portal-step"
      data-step={props.step}
      data-state={props.state}
    >
      <Stack gap="sm">
        <Group gap="sm" wrap="nowrap" align="center">
          <StepMarker state={props.state} number={props.number} />
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Title
              order={3}
              size="h5"
              id={stepHeadingId(props.step)}
              tabIndex={-1}
              className={`${classes.stepHeading} ${classes.wrap}`}
            >
              {props.title}
            </Title>
            <Text
              size="sm"
              c={props.state === 'done' ? 'var(--mantine-color-green-light-color)' : 'dimmed'}
              fw={isCurrent ? 600 : 400}
            >
              {t(`steps.state.${props.state}`)}
            </Text>
          </Stack>
        </Group>
        {props.children}
      </Stack>
    </Paper>
  );
}
