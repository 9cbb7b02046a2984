import { Button, Group, PinInput, Stack, Text } from '@mantine/core';
import { EMAIL_CODE, emailCodeVerifyRequest, PORTAL_STEP_ERROR_CODES } from '@mohar/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/form-alert';
import { failureMessage, hasErrorCode } from '@/lib/api-errors';
import { useCodeAutoSubmit } from '@/lib/code-auto-submit';
import { useContractForm } from '@/lib/use-contract-form';
import { useFailureFocus } from '@/lib/use-failure-focus';
import { useSendEmailCode } from '../api/send-email-code';
import { useVerifyEmailCode } from '../api/verify-email-code';
import { useCountdown } from '../hooks/use-countdown';
import { formatCountdown } from '../lib/countdown';
import { retryAfterSecondsOf } from '../lib/portal-errors';
import classes from './portal.module.css';

type Notice = { tone: 'success' | 'info'; text: string };

/**
 * Step 1: a 6-digit code to the signatory's address proves the link reached them. First the button that sends it,
 * then the code field with a paced "Send a new code". Wrong, expired and locked codes say so in the server's words.
 */
export function EmailStep(props: { token: string; email: string }) {
  const { t } = useTranslation('portal');
  const send = useSendEmailCode(props.token);
  const verify = useVerifyEmailCode(props.token);
  const [isEntering, setIsEntering] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [resendAt, setResendAt] = useState<number | null>(null);
  const secondsLeft = useCountdown(resendAt);
  const sendFocus = useFailureFocus<HTMLDivElement>();
  // Every problem here is said in the one message under the digits, not under a field.
  const codeForm = useContractForm({ schema: emailCodeVerifyRequest, initialValues: { code: '' } });
  const { failure, setFailure } = codeForm;
  const labelId = useId();
  const hintId = useId();
  const pinId = useId();
  // Mantine numbers the digits' ids from 1.
  const focusFirstDigit = () => requestAnimationFrame(() => document.getElementById(`${pinId}-1`)?.focus());

  const waitFor = (seconds: number) => setResendAt(Date.now() + seconds * 1000);

  const onSend = () => {
    if (send.isPending) return;
    setFailure(null);
    send.mutate(undefined, {
      onSuccess: (sent) => {
        setIsEntering(true);
        codeForm.form.reset();
        setNotice({ tone: 'success', text: sent.message });
        waitFor(sent.resendAfterSeconds);
        // From "Send a new code", which is now disabled: the digits are where to go next.
        if (isEntering) focusFirstDigit();
      },
      onError: (error) => {
        const retryAfter = retryAfterSecondsOf(error);
        if (hasErrorCode(error, PORTAL_STEP_ERROR_CODES.codeTooSoon) && retryAfter !== null) {
          // A code went out moments ago (this page was reloaded, or another tab asked): use that one.
          setIsEntering(true);
          setNotice({ tone: 'info', text: error.message });
          waitFor(retryAfter);
          return;
        }
        setNotice(null);
        setFailure(failureMessage(error, t('steps.email.sendFailed')));
        (isEntering ? codeForm.focusFailure : sendFocus.focusFailure)();
      },
    });
  };

  // The sixth digit sends the code (once; a refused code again only after an edit).
  const autoSubmit = useCodeAutoSubmit<HTMLDivElement>(codeForm.form.values.code);
  const onConfirm = codeForm.onSubmit(
    (request) => {
      if (verify.isPending) return;
      verify.mutate(request.code, {
        onError: (error) => {
          codeForm.form.reset();
          setNotice(null);
          setFailure(failureMessage(error, t('steps.email.verifyFailed')));
          codeForm.focusFailure();
        },
      });
    },
    () => setFailure(t('steps.email.incomplete')),
  );

  if (!isEntering) {
    return (
      <Stack gap="sm" ref={sendFocus.containerRef}>
        <Text>{t('steps.email.intro')}</Text>
        {failure && <FormAlert tone="error">{failure}</FormAlert>}
        <Button
          size="md"
          classNames={{
            root: `${classes.wrappingButton} ${classes.sendButton}`,
            label: classes.wrappingLabel,
          }}
          loading={send.isPending}
          onClick={onSend}
          data-testid="email-code-send"
        >
          {t('steps.email.send', { email: props.email })}
        </Button>
        <Button
          variant="subtle"
          style={{ alignSelf: 'flex-start' }}
          onClick={() => {
            setFailure(null);
            setIsEntering(true);
          }}
          data-testid="email-code-have"
        >
          {t('steps.email.haveCode')}
        </Button>
      </Stack>
    );
  }

  const canResend = secondsLeft === 0 && !send.isPending;
  return (
    <form ref={codeForm.containerRef} onSubmit={onConfirm} noValidate>
      <Stack gap="sm" ref={autoSubmit.ref}>
        {notice && (
          <FormAlert tone={notice.tone} className={classes.wrap} data-testid="email-code-notice">
            {notice.text}
          </FormAlert>
        )}
        <Stack gap={4}>
          <Text fw={600} id={labelId}>
            {t('steps.email.codeLabel')}
          </Text>
          <Text size="sm" c="dimmed" id={hintId}>
            {t('steps.email.codeHint', { minutes: EMAIL_CODE.ttlMinutes })}
          </Text>
        </Stack>
        <PinInput
          id={pinId}
          length={EMAIL_CODE.digits}
          type="number"
          oneTimeCode
          size="md"
          gap="xs"
          placeholder=""
          value={codeForm.form.values.code}
          onChange={(value) => {
            autoSubmit.onEdit();
            codeForm.form.setFieldValue('code', value);
            if (failure) setFailure(null);
          }}
          error={Boolean(failure)}
          disabled={verify.isPending}
          autoFocus
          role="group"
          aria-labelledby={labelId}
          aria-describedby={hintId}
          getInputProps={(index) => ({
            'aria-label': t('steps.email.digit', { number: index + 1, count: EMAIL_CODE.digits }),
          })}
          data-testid="email-code-input"
        />
        {failure && (
          <FormAlert tone="error" data-testid="email-code-error">
            {failure}
          </FormAlert>
        )}
        <Group gap="sm">
          <Button type="submit" size="md" loading={verify.isPending} data-testid="email-code-confirm">
            {t('steps.email.confirm')}
          </Button>
          <Button
            variant="default"
            size="md"
            disabled={!canResend}
            loading={send.isPending}
            onClick={onSend}
            className={classes.numeric}
            data-testid="email-code-resend"
          >
            {secondsLeft > 0
              ? t('steps.email.resendIn', { time: formatCountdown(secondsLeft) })
              : t('steps.email.resend')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
