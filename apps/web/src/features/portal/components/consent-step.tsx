import { Button, Group, List, Stack, Text, Title } from '@mantine/core';
import { CONSENT, CONSENT_TRANSLATIONS, PORTAL_STEP_ERROR_CODES } from '@mohar/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/form-alert';
import { ReasonDialog } from '@/components/reason-dialog';
import { failureMessage, hasErrorCode } from '@/lib/api-errors';
import { useFailureFocus } from '@/lib/use-failure-focus';
import { type ConsentAnswer, declineReasonSchema, useAnswerConsent } from '../api/answer-consent';

const MAX_REASON = 500;

/**
 * Step 2: what identity verification collects and why, in the contract's exact words, then agree or decline.
 * Declining asks for an optional reason in a dialog, since it cannot be changed from here afterwards.
 */
export function ConsentStep(props: { token: string }) {
  const { t } = useTranslation('portal');
  const { t: tCommon, i18n } = useTranslation();
  // The English text is the one agreed to; a reader in another language reads its translation, told that it is one.
  const translation = i18n.resolvedLanguage === 'hi' ? CONSENT_TRANSLATIONS.hi : null;
  const consent = translation ?? CONSENT;
  const answer = useAnswerConsent(props.token);
  const [failure, setFailure] = useState<string | null>(null);
  const [isOutdated, setIsOutdated] = useState(false);
  const [isDeclining, setIsDeclining] = useState(false);
  const { containerRef, focusFailure } = useFailureFocus<HTMLDivElement>();

  const onAnswer = (consent: ConsentAnswer) => {
    if (answer.isPending) return;
    setFailure(null);
    answer.mutate(consent, {
      onSuccess: () => setIsDeclining(false),
      onError: (error) => {
        setFailure(failureMessage(error, t('steps.consent.failed')));
        if (hasErrorCode(error, PORTAL_STEP_ERROR_CODES.consentOutdated)) {
          setIsOutdated(true);
          setIsDeclining(false);
        }
        if (consent.decision === 'accept' || hasErrorCode(error, PORTAL_STEP_ERROR_CODES.consentOutdated))
          focusFailure();
      },
    });
  };

  const pending = answer.isPending ? answer.variables?.decision : undefined;
  return (
    <Stack gap="md" ref={containerRef}>
      {translation && (
        <Text size="sm" c="dimmed" data-testid="consent-translation-notice">
          {t('steps.consent.translationNotice')}
        </Text>
      )}
      <Title order={4} size="h6">
        {consent.title}
      </Title>
      <List spacing="xs" size="sm" data-testid="consent-points">
        {consent.points.map((point) => (
          <List.Item key={point}>{point}</List.Item>
        ))}
      </List>
      <Text size="xs" c="dimmed">
        {t('steps.consent.version', { version: CONSENT.version })}
      </Text>
      {failure && !isDeclining && (
        <FormAlert tone={isOutdated ? 'warning' : 'error'} data-testid="consent-error">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{failure}</Text>
            {isOutdated && (
              <>
                <Text size="sm" fw={600}>
                  {t('steps.consent.outdatedAction')}
                </Text>
                <Button size="xs" variant="default" onClick={() => window.location.reload()}>
                  {t('steps.consent.reload')}
                </Button>
              </>
            )}
          </Stack>
        </FormAlert>
      )}
      <Group gap="sm">
        <Button
          size="md"
          loading={pending === 'accept'}
          disabled={isOutdated || pending === 'decline'}
          onClick={() => onAnswer({ decision: 'accept' })}
          data-testid="consent-accept"
        >
          {t('steps.consent.agree')}
        </Button>
        <Button
          size="md"
          variant="default"
          disabled={isOutdated || answer.isPending}
          onClick={() => {
            setFailure(null);
            setIsDeclining(true);
          }}
          data-testid="consent-decline"
        >
          {t('steps.consent.decline')}
        </Button>
      </Group>
      <ReasonDialog
        opened={isDeclining}
        title={t('steps.consent.declineTitle')}
        intro={<Text>{t('steps.consent.declineIntro')}</Text>}
        label={t('steps.consent.declineReason')}
        hint={t('steps.consent.declineReasonHint', { max: MAX_REASON })}
        required={false}
        schema={declineReasonSchema}
        fallback={t('steps.consent.declineTooLong', { max: MAX_REASON })}
        cancelLabel={t('steps.consent.keep')}
        confirmLabel={t('steps.consent.declineConfirm')}
        closeLabel={tCommon('close')}
        isDestructive
        isPending={pending === 'decline'}
        failure={isDeclining ? failure : null}
        testIds={{ field: 'consent-decline-reason', confirm: 'consent-decline-confirm' }}
        onConfirm={(reason) => onAnswer({ decision: 'decline', reason })}
        onClose={() => {
          setIsDeclining(false);
          setFailure(null);
        }}
      />
    </Stack>
  );
}
