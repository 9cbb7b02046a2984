import { Alert, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import {
  APPLICATION_ERROR_CODES,
  type Application,
  type ApplicationMissingItem,
  type ApplicationStep,
  applicationMissing,
} from '@mohar/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { z } from 'zod/mini';
import { ApplicationDocumentPreview } from '@/components/application/application-document-preview';
import { FeeBreakdownTable } from '@/components/application/fee-breakdown';
import { FormAlert } from '@/components/form-alert';
import { OwnerSignaturePlaces } from '@/components/signature-places/owner-signature-places';
import { showToast } from '@/components/toast-host';
import { paths } from '@/config/paths';
import { errorMessage, failureMessage, hasErrorCode } from '@/lib/api-errors';
import { formatCalendarDate } from '@/lib/format';
import { applicationQueryKey } from '@/lib/query-keys';
import { useFailureFocus } from '@/lib/use-failure-focus';
import { useSubmitApplication } from '../api/submit-application';
import type { DraftSaver, SaveState } from '../lib/draft-saver';
import { DocumentSummary } from './document-summary';
import { MissingList } from './missing-list';
import { NotaryOption } from './notary-option';
import { ReviewSection } from './review-section';
import { StepFrame } from './step-frame';
import classes from './wizard.module.css';

const missingDetails = z.object({ missing: z.array(applicationMissing) });

type Failure = { message: string; missing: ApplicationMissingItem[] };

/** Step 5: everything entered, grouped by step, the fee, what is still missing, and Submit. */
export function ReviewStep(props: {
  application: Application;
  saver: DraftSaver;
  saveState: SaveState;
  onGoTo: (step: ApplicationStep) => void;
}) {
  const { t } = useTranslation('wizard');
  const { t: tCommon } = useTranslation();
  const { application } = props;
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const submit = useSubmitApplication();
  const [isFlushing, setIsFlushing] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  const { containerRef, focusFailure } = useFailureFocus<HTMLDivElement>();
  const isComplete = application.missing.length === 0;
  const hasUnsaved = props.saveState === 'error' || props.saveState === 'invalid';
  const id = application._id;

  const fail = (next: Failure) => {
    setFailure(next);
    focusFailure();
  };

  const onSubmit = async () => {
    setFailure(null);
    setIsFlushing(true);
    const isSaved = await props.saver.flush();
    setIsFlushing(false);
    if (!isSaved) {
      fail({ message: t('review.unsaved'), missing: [] });
      return;
    }
    submit.mutate(id, {
      onSuccess: (submitted) => {
        void showToast({ color: 'green', message: t('review.submitted'), closeLabel: tCommon('close') });
        void navigate(paths.applications.view(submitted._id), { replace: true });
      },
      onError: (error) => {
        if (
          hasErrorCode(error, APPLICATION_ERROR_CODES.incomplete) ||
          hasErrorCode(error, APPLICATION_ERROR_CODES.acknowledgementRequired)
        ) {
          const details = z.safeParse(missingDetails, error.details);
          void queryClient.invalidateQueries({ queryKey: applicationQueryKey(id) });
          fail({ message: errorMessage(error), missing: details.success ? details.data.missing : [] });
          return;
        }
        fail({ message: failureMessage(error, t('review.failed')), missing: [] });
      },
    });
  };

  const detailRows: Array<{ label: string; value: string | null }> = [
    {
      label: t('details.documentType'),
      value: application.documentType ? t(`documentTypes.${application.documentType}`) : null,
    },
    {
      label: t('details.notarialAct'),
      value: application.notarialAct ? t(`acts.${application.notarialAct}`) : null,
    },
    { label: t('details.title'), value: application.title },
    { label: t('details.description'), value: application.description },
    { label: t('details.language'), value: application.language },
    { label: t('details.purpose'), value: application.purpose },
  ];

  return (
    <StepFrame
      step="review"
      title={t('review.heading')}
      intro={t('review.intro')}
      onGoTo={props.onGoTo}
      next={<span />}
    >
      <Stack gap="md" ref={containerRef}>
        {!isComplete && (
          <Alert
            color="yellow"
            variant="light"
            title={t('review.missingTitle')}
            data-testid="review-incomplete"
          >
            <MissingList applicationId={id} missing={application.missing} />
          </Alert>
        )}

        <ReviewSection applicationId={id} step="document" title={t('steps.document')}>
          {application.document ? (
            <Stack gap="sm">
              <DocumentSummary document={application.document} />
              <ApplicationDocumentPreview
                applicationId={id}
                document={application.document}
                maxHeight={360}
              />
            </Stack>
          ) : (
            <Text c="dimmed">{t('review.noDocument')}</Text>
          )}
        </ReviewSection>

        <ReviewSection applicationId={id} step="notary" title={t('steps.notary')}>
          {application.notaryChoice === 'named' && application.notary ? (
            <NotaryOption notary={application.notary} />
          ) : application.notaryChoice === 'first_available' ? (
            <Stack gap={2}>
              <Text fw={600}>{t('notary.firstAvailable')}</Text>
              <Text size="sm" c="dimmed">
                {t('notary.firstAvailableHint')}
              </Text>
            </Stack>
          ) : (
            <Text c="dimmed">{t('review.noNotary')}</Text>
          )}
        </ReviewSection>

        <ReviewSection applicationId={id} step="signatories" title={t('steps.signatories')}>
          {application.signatories.length === 0 ? (
            <Text c="dimmed">{t('review.noSignatories')}</Text>
          ) : (
            <ul className={classes.plainList}>
              {application.signatories.map((signatory) => (
                <li key={signatory._id}>
                  <Stack gap={2} py={6}>
                    <Group gap="xs">
                      <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                        {signatory.fullName}
                      </Text>
                      <Badge variant="light" color={signatory.role === 'executant' ? 'ink' : 'gray'}>
                        {t(`signatories.roles.${signatory.role}`)}
                      </Badge>
                    </Group>
                    <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      {t('review.signatoryFacts', {
                        email: signatory.email,
                        mobile: signatory.mobile,
                        dateOfBirth: formatCalendarDate(signatory.dateOfBirth),
                      })}
                    </Text>
                  </Stack>
                </li>
              ))}
            </ul>
          )}
          {application.document && application.signatories.length > 0 && (
            <OwnerSignaturePlaces applicationId={id} document={application.document} />
          )}
        </ReviewSection>

        <ReviewSection applicationId={id} step="details" title={t('steps.details')}>
          <dl className={classes.summaryList}>
            {detailRows.map((row) => (
              <div key={row.label} style={{ display: 'contents' }}>
                <dt>{row.label}</dt>
                <dd>
                  {row.value ?? (
                    <Text span c="dimmed">
                      {t('review.notGiven')}
                    </Text>
                  )}
                </dd>
              </div>
            ))}
            <div style={{ display: 'contents' }}>
              <dt>{t('details.pages')}</dt>
              <dd>{application.document ? application.document.pages : t('review.notGiven')}</dd>
            </div>
            {application.isFirstSchedule && (
              <div style={{ display: 'contents' }}>
                <dt>{t('review.firstSchedule')}</dt>
                <dd>
                  {t(
                    application.firstScheduleAcknowledged ? 'review.acknowledged' : 'review.notAcknowledged',
                  )}
                </dd>
              </div>
            )}
          </dl>
        </ReviewSection>

        <Stack gap="sm" component="section" aria-labelledby="review-fee-heading">
          <Title order={3} size="h4" id="review-fee-heading">
            {t('review.fee')}
          </Title>
          <FeeBreakdownTable fee={application.fee} />
        </Stack>

        {failure && (
          <FormAlert tone="error" data-testid="submit-error">
            <Stack gap="xs">
              <Text size="sm">{failure.message}</Text>
              {failure.missing.length > 0 && <MissingList applicationId={id} missing={failure.missing} />}
            </Stack>
          </FormAlert>
        )}

        <Stack gap={6} align="flex-start">
          <Button
            size="md"
            onClick={() => void onSubmit()}
            disabled={!isComplete || hasUnsaved}
            loading={isFlushing || submit.isPending}
            aria-describedby="review-submit-note"
            data-testid="submit-application"
          >
            {t('review.submit')}
          </Button>
          <Text size="sm" c="dimmed" id="review-submit-note">
            {!isComplete
              ? t('review.completeFirst')
              : hasUnsaved
                ? t('review.unsaved')
                : t('review.submitNote')}
          </Text>
        </Stack>
      </Stack>
    </StepFrame>
  );
}
