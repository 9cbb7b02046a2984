import { Alert, Button, Container, Divider, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { Application, ApplicationStep } from '@mohar/contracts';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { FormAlert } from '@/components/form-alert';
import { showToast } from '@/components/toast-host';
import { paths } from '@/config/paths';
import { ApiError, failureMessage } from '@/lib/api-errors';
import { useApplication } from '@/lib/application';
import { useDraftSaver } from '../hooks/use-draft-saver';
import { initialStep, stepHeadingId, stepOfParam } from '../lib/steps';
import { SaveStateIndicator } from './save-state-indicator';
import { DeleteDraftAction } from './wizard-actions';
import { WizardStepper } from './wizard-stepper';

function Wizard({ application }: { application: Application }) {
  const { t } = useTranslation('wizard');
  const { t: tCommon } = useTranslation();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const param = searchParams.get('step');
  // Where a draft opens without ?step=: decided once, so a save that completes a step does not move the page.
  const [opening] = useState(() => initialStep({ param: null, missing: application.missing }));
  const step = stepOfParam(param) ?? opening;
  const { saver, state } = useDraftSaver();
  const [isExiting, setIsExiting] = useState(false);
  const [isExitBlocked, setIsExitBlocked] = useState(false);

  // The step lives in the address, so Back and Forward move between steps; the opening step is written there too.
  useEffect(() => {
    if (!stepOfParam(param)) setSearchParams({ step: opening }, { replace: true, preventScrollReset: true });
  }, [param, opening, setSearchParams]);

  // On every step change (buttons, the stepper, Edit links, Back/Forward): send what waits to be saved, and
  // move focus to the new step's heading so keyboard and screen-reader users continue from there.
  const shownStep = useRef(step);
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    void saver.flush();
    document.getElementById(stepHeadingId(step))?.focus();
  }, [step, saver]);

  const onGoTo = (next: ApplicationStep) => {
    if (next === step) {
      document.getElementById(stepHeadingId(step))?.focus();
      return;
    }
    setSearchParams({ step: next }, { preventScrollReset: true });
  };

  const onSaveAndExit = async () => {
    setIsExitBlocked(false);
    setIsExiting(true);
    const isSaved = await saver.flush();
    setIsExiting(false);
    if (!isSaved) {
      setIsExitBlocked(true);
      return;
    }
    void showToast({ color: 'green', message: t('exit.saved'), closeLabel: tCommon('close') });
    void navigate(paths.applications.list());
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" gap="md">
        <Stack gap={4} style={{ minWidth: 0, flex: '1 1 18rem' }}>
          <Title order={1}>{t('title')}</Title>
          <Text c="dimmed">{t('intro')}</Text>
        </Stack>
        <Group gap="sm" wrap="wrap" justify="flex-end">
          <SaveStateIndicator state={state} onRetry={() => void saver.retry()} />
          <Button
            variant="default"
            onClick={() => void onSaveAndExit()}
            loading={isExiting}
            data-testid="save-and-exit"
          >
            {t('exit.action')}
          </Button>
        </Group>
      </Group>
      {isExitBlocked && (
        <FormAlert tone="warning" title={t('exit.blockedTitle')} data-testid="exit-blocked">
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{t(state === 'error' ? 'exit.blockedError' : 'exit.blockedInvalid')}</Text>
            <Group gap="sm">
              {state === 'error' && (
                <Button size="xs" onClick={() => void saver.retry()}>
                  {t('saveState.retry')}
                </Button>
              )}
              <Button size="xs" variant="default" component={Link} to={paths.applications.list()}>
                {t('exit.leaveAnyway')}
              </Button>
            </Group>
          </Stack>
        </FormAlert>
      )}
      <WizardStepper application={application} step={step} saver={saver} saveState={state} onGoTo={onGoTo} />
      <Divider />
      <DeleteDraftAction applicationId={application._id} saver={saver} />
    </Stack>
  );
}

function WizardSkeleton() {
  const { t } = useTranslation('wizard');
  return (
    <Stack gap="lg" role="status" aria-label={t('loading')} aria-busy="true">
      <Skeleton height={36} width="60%" />
      <Skeleton height={20} width="80%" />
      <Skeleton height={56} />
      <Skeleton height={240} />
    </Stack>
  );
}

/** /applications/:id/edit?step=… — the wizard for a draft, saved as it goes and resumable. */
export function ApplicationWizardPage() {
  const { t } = useTranslation('wizard');
  const { id = '' } = useParams();
  const application = useApplication(id);

  let content: ReactNode;
  if (application.isPending) content = <WizardSkeleton />;
  else if (application.isError) {
    content =
      application.error instanceof ApiError && application.error.status === 404 ? (
        <Stack gap="md" align="flex-start" data-testid="wizard-not-found">
          <Title order={1}>{t('notFound.title')}</Title>
          <Text>{t('notFound.body')}</Text>
          <Button component={Link} to={paths.applications.list()}>
            {t('notFound.action')}
          </Button>
        </Stack>
      ) : (
        <Stack gap="md">
          <Title order={1}>{t('title')}</Title>
          <Alert color="red" variant="light" role="alert" title={t('loadFailed')}>
            <Stack gap="sm" align="flex-start">
              <Text size="sm">{failureMessage(application.error, t('loadFailed'))}</Text>
              <Button size="xs" variant="default" onClick={() => void application.refetch()}>
                {t('retry')}
              </Button>
            </Stack>
          </Alert>
        </Stack>
      );
  } else if (application.data.status !== 'draft') {
    // The wizard edits drafts only; anything else is shown by the application view.
    content = <Navigate to={paths.applications.view(application.data._id)} replace />;
  } else content = <Wizard key={application.data._id} application={application.data} />;

  return (
    <Container size="md" px={0}>
      <title>{`${t('title')} · Mohar`}</title>
      {content}
    </Container>
  );
}
