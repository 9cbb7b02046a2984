import { Alert, Button, Container, Group, Stack, Stepper, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { NotaryProfile } from '@mohar/contracts';
import { CircleCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NotaryStatusBadge } from '@/components/notary/notary-status-badge';
import { PageLoader } from '@/components/page-loader';
import { failureMessage } from '@/lib/api-errors';
import { isNotaryProfileEditable, useNotaryProfile } from '@/lib/notary-profile';
import { firstIncompleteStep, isStepComplete, ONBOARDING_STEPS, type OnboardingStep } from '../lib/steps';
import { ApplicationSummary } from './application-summary';
import { CertificateStep } from './certificate-step';
import { DetailsStep } from './details-step';
import { DocumentsStep } from './documents-step';
import { ReviewStep } from './review-step';
import { SealStep } from './seal-step';
import { StatusBanner } from './status-banner';
import { stepHeadingId } from './step-frame';

// Five labelled steps side by side need a wide screen; narrower ones list them one above the other.
const WIDE_QUERY = '(min-width: 75em)';

const STEP_COMPONENTS = {
  details: DetailsStep,
  documents: DocumentsStep,
  seal: SealStep,
  certificate: CertificateStep,
  review: ReviewStep,
} as const;

/** The stepper for a draft or rejected application; it opens at the first step with something missing. */
function OnboardingStepper(props: {
  profile: NotaryProfile;
  active: number;
  onActive: (index: number) => void;
}) {
  const { t } = useTranslation('onboarding');
  const { profile, active } = props;
  const isWide = useMediaQuery(WIDE_QUERY, false, { getInitialValueInEffect: false });
  const goTo = (step: OnboardingStep) => props.onActive(ONBOARDING_STEPS.indexOf(step));

  return (
    <Stepper
      active={active}
      onStepClick={props.onActive}
      allowNextStepsSelect
      keepMounted
      orientation={isWide ? 'horizontal' : 'vertical'}
      size="sm"
      data-testid="onboarding-stepper"
    >
      {ONBOARDING_STEPS.map((step, index) => {
        const isComplete =
          step === 'review' ? profile.status === 'pending' : isStepComplete(step, profile.missing);
        const StepComponent = STEP_COMPONENTS[step];
        // Mantine ticks every step before the current one; the ticks here follow what is really complete.
        const icon = isComplete ? <CircleCheck size={18} aria-hidden="true" /> : index + 1;
        return (
          <Stepper.Step
            key={step}
            label={t(`steps.${step}`)}
            description={
              step === 'review' && !isComplete
                ? t('steps.review_todo')
                : t(isComplete ? 'steps.done' : 'steps.todo')
            }
            icon={icon}
            completedIcon={icon}
            color={isComplete ? 'green' : undefined}
            aria-current={index === active ? 'step' : undefined}
            data-testid={`step-${step}`}
            data-complete={isComplete}
          >
            <StepComponent profile={profile} onGoTo={goTo} />
          </Stepper.Step>
        );
      })}
    </Stepper>
  );
}

function Application({ profile }: { profile: NotaryProfile }) {
  const { t } = useTranslation('onboarding');
  const isEditable = isNotaryProfileEditable(profile.status);
  const [active, setActive] = useState(() =>
    profile.status === 'rejected' ? 0 : firstIncompleteStep(profile.missing),
  );
  // Counts step changes asked for (0: none yet), so asking for the current step again still moves focus.
  const [moves, setMoves] = useState(0);

  // After a step change (not on first paint), focus the new step's heading so keyboard and screen-reader users
  // continue from there.
  useEffect(() => {
    if (moves === 0) return;
    const step = ONBOARDING_STEPS[active];
    if (step) document.getElementById(stepHeadingId(step))?.focus();
  }, [active, moves]);

  const onActive = (index: number) => {
    setActive(index);
    setMoves((n) => n + 1);
  };

  return (
    <Stack gap="lg">
      <StatusBanner profile={profile} onCorrect={() => onActive(0)} />
      {isEditable ? (
        <OnboardingStepper profile={profile} active={active} onActive={onActive} />
      ) : (
        <Stack gap="md">
          <Text c="dimmed">{t('banner.lockedNote')}</Text>
          <ApplicationSummary profile={profile} />
        </Stack>
      )}
    </Stack>
  );
}

/** /notary/onboarding — the notary's application to practise on Mohar, saved as it goes. */
export function OnboardingPage() {
  const { t } = useTranslation('onboarding');
  const profile = useNotaryProfile();
  return (
    <Container size="md" px={0}>
      <title>{`${t('title')} · Mohar`}</title>
      <Stack gap="lg">
        <Stack gap={4}>
          <Group gap="sm" align="center">
            <Title order={1}>{t('title')}</Title>
            {profile.data && <NotaryStatusBadge status={profile.data.status} />}
          </Group>
          {profile.data && isNotaryProfileEditable(profile.data.status) && (
            <Text c="dimmed">{t('intro')}</Text>
          )}
        </Stack>
        {profile.isPending && <PageLoader />}
        {profile.isError && (
          <Alert color="red" variant="light" role="alert" title={t('loadFailed')}>
            <Stack gap="sm" align="flex-start">
              <Text size="sm">{failureMessage(profile.error, t('loadFailed'))}</Text>
              <Button size="xs" variant="default" onClick={() => void profile.refetch()}>
                {t('retry')}
              </Button>
            </Stack>
          </Alert>
        )}
        {profile.data && <Application key={profile.data.status} profile={profile.data} />}
      </Stack>
    </Container>
  );
}
