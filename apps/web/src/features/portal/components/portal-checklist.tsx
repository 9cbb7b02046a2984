import { Paper, Stack, Text, Title } from '@mantine/core';
import type { PortalAccess } from '@mohar/contracts';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useIdentityStatus } from '../api/identity';
import {
  currentStepOf,
  isChecklistComplete,
  PORTAL_STEPS,
  type PortalStep,
  stepStatesOf,
} from '../lib/portal-steps';
import { ConsentStep } from './consent-step';
import { EmailStep } from './email-step';
import { AadhaarStep, QrResult, SelfieStep } from './identity-steps';
import classes from './portal.module.css';
import { StepCard, stepHeadingId } from './step-card';

const OUTCOME_HEADING_ID = 'portal-outcome-heading';

/** What the closing word says once everything is sent: what happened in the act so far, else what comes next. */
function completeBodyKey(access: PortalAccess) {
  const { act } = access.signatory;
  if (access.application.status === 'notarised' && act.signedAt) return 'steps.completeNotarised';
  if (act.signedAt) return 'steps.completeSigned';
  if (act.identity === 'confirmed') return 'steps.completeConfirmed';
  if (act.identity === 'not_confirmed') return 'steps.completeNotConfirmed';
  return 'steps.completeBody';
}

/** A closing word once nothing is left to do here: consent declined, or everything sent. */
function Outcome(props: { kind: 'declined' | 'complete'; completeBody?: string }) {
  const { t } = useTranslation('portal');
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      className={classes.outcome}
      style={{
        '--outcome-accent':
          props.kind === 'declined' ? 'var(--mantine-color-yellow-6)' : 'var(--mantine-color-green-7)',
      }}
      role="status"
      data-testid={props.kind === 'declined' ? 'portal-declined' : 'portal-complete'}
    >
      <Stack gap="xs">
        <Title order={3} size="h5" id={OUTCOME_HEADING_ID} tabIndex={-1} className={classes.stepHeading}>
          {t(props.kind === 'declined' ? 'steps.declinedTitle' : 'steps.completeTitle')}
        </Title>
        <Text size="sm" data-testid="portal-outcome-body">
          {t(props.kind === 'declined' ? 'steps.declinedBody' : (props.completeBody ?? 'steps.completeBody'))}
        </Text>
      </Stack>
    </Paper>
  );
}

/** Once a step is done, keyboard and screen-reader users land on the next one (or on the closing word). */
function useFocusOnAdvance(current: PortalStep | null) {
  const previous = useRef(current);
  useEffect(() => {
    if (previous.current === current) return;
    previous.current = current;
    document.getElementById(current ? stepHeadingId(current) : OUTCOME_HEADING_ID)?.focus();
  }, [current]);
}

/** This signatory's steps, one open at a time, the finished ones ticked. */
export function PortalChecklist(props: { token: string; access: PortalAccess }) {
  const { t } = useTranslation('portal');
  const { signatory } = props.access;
  const { progress } = signatory;
  // Images are asked for once consent is given, and their result is shown once they are sent.
  const hasIdentity = !['pending', 'invited', 'email_confirmed', 'declined'].includes(progress);
  const identity = useIdentityStatus(props.token, hasIdentity);
  const uploaded = new Set(identity.data?.documents.map((document) => document.kind));
  const states = stepStatesOf(progress, uploaded);
  const current = currentStepOf(progress, uploaded);
  const isCollecting = progress === 'consented';
  useFocusOnAdvance(current);

  const bodies: Record<PortalStep, ReactNode> = {
    email:
      states.email === 'current' ? (
        <EmailStep token={props.token} email={signatory.email} />
      ) : (
        <Text size="sm" className={classes.wrap}>
          {t('steps.email.done', { email: signatory.email })}
        </Text>
      ),
    consent:
      states.consent === 'current' ? (
        <ConsentStep token={props.token} />
      ) : (
        <Text size="sm">
          {states.consent === 'upcoming'
            ? t('steps.consent.upcoming')
            : progress === 'declined'
              ? t('steps.consent.declined')
              : t('steps.consent.accepted')}
        </Text>
      ),
    // While collecting, the sides already sent can still be replaced until everything is submitted.
    aadhaar: isCollecting ? (
      <AadhaarStep token={props.token} status={identity.data} />
    ) : (
      <Stack gap="xs">
        <Text size="sm">{t(`steps.aadhaar.${states.aadhaar}`)}</Text>
        {/* Once the notary decided, "the notary will check" is history: only a verified QR still says something. */}
        {states.aadhaar === 'done' &&
          (!signatory.act.identity || identity.data?.qr?.outcome === 'verified') && (
            <QrResult qr={identity.data?.qr ?? null} />
          )}
      </Stack>
    ),
    selfie:
      states.selfie === 'current' ? (
        <SelfieStep token={props.token} status={identity.data} />
      ) : (
        <Text size="sm">{t(`steps.selfie.${states.selfie}`)}</Text>
      ),
  };

  return (
    <Stack component="section" gap="sm" aria-labelledby="portal-steps-heading">
      <Stack gap={2}>
        <Title order={2} size="h4" id="portal-steps-heading">
          {t('steps.title')}
        </Title>
        {current && (
          <Text size="sm" c="dimmed">
            {t('steps.intro')}
          </Text>
        )}
      </Stack>
      {progress === 'declined' && <Outcome kind="declined" />}
      {isChecklistComplete(progress) && (
        <Outcome kind="complete" completeBody={completeBodyKey(props.access)} />
      )}
      <Stack component="ol" gap="sm" className={classes.list}>
        {PORTAL_STEPS.map((step, index) => (
          <StepCard
            key={step}
            step={step}
            number={index + 1}
            state={states[step]}
            title={t(`steps.${step}.title`)}
          >
            {bodies[step]}
          </StepCard>
        ))}
      </Stack>
    </Stack>
  );
}
