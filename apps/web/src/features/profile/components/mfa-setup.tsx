import {
  Box,
  Button,
  Code,
  CopyButton,
  Group,
  Image,
  List,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { MfaSetupResponse } from '@mohar/contracts';
import { AUTH_ERROR_CODES, ERROR_CODES } from '@mohar/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/form-alert';
import { failureMessage, hasErrorCode } from '@/lib/api-errors';
import { validateForm } from '@/lib/form-validation';
import { useFailureFocus } from '@/lib/use-failure-focus';
import { mfaEnableRequest, useEnableMfa } from '../api/enable-mfa';
import { useSetupMfa } from '../api/setup-mfa';

/** The secret in groups of four, easier to type into an app by hand. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

/** Turning MFA on: a new secret (QR code and text), then a code from the app to prove it is set up. */
export function MfaSetup(props: { onEnabled: (recoveryCodes: string[]) => void }) {
  const { t } = useTranslation('profile');
  const setup = useSetupMfa();
  const enable = useEnableMfa();
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const { containerRef, focusFailure } = useFailureFocus<HTMLDivElement>();

  const start = () => {
    setFailure(null);
    setCode('');
    // The setup is started by a press, never on arrival: each call makes a new secret.
    setup.mutate(undefined, {
      onError: (error) => {
        setFailure(failureMessage(error, t('mfa.setupFailed')));
        focusFailure();
      },
    });
  };

  const onConfirm = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    const result = validateForm({ schema: mfaEnableRequest, values: { code }, fields: ['code'] });
    if (!result.ok) {
      setCodeError(result.errors.code);
      focusFailure();
      return;
    }
    enable.mutate(result.data, {
      onSuccess: (response) => props.onEnabled(response.recoveryCodes),
      onError: (error) => {
        const message = failureMessage(error, t('mfa.enableFailed'));
        if (
          hasErrorCode(error, AUTH_ERROR_CODES.mfaInvalidCode) ||
          hasErrorCode(error, ERROR_CODES.requestInvalid)
        )
          setCodeError(message);
        else setFailure(message);
        focusFailure();
      },
    });
  };

  return (
    <Stack gap="md" ref={containerRef}>
      {failure && <FormAlert tone="error">{failure}</FormAlert>}
      {setup.data ? (
        <SetupSteps
          secret={setup.data}
          code={code}
          codeError={codeError}
          isPending={enable.isPending}
          onCodeChange={(value) => {
            setCode(value);
            setCodeError(undefined);
          }}
          onSubmit={onConfirm}
          onRestart={start}
        />
      ) : (
        <Stack gap="sm" align="flex-start">
          <Text>{t('mfa.setupIntro')}</Text>
          <Button onClick={start} loading={setup.isPending}>
            {t('mfa.setupStart')}
          </Button>
        </Stack>
      )}
    </Stack>
  );
}

function SetupSteps(props: {
  secret: MfaSetupResponse;
  code: string;
  codeError: string | undefined;
  isPending: boolean;
  onCodeChange: (code: string) => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  onRestart: () => void;
}) {
  const { t } = useTranslation('profile');
  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Title order={3} size="h4">
          {t('mfa.step1')}
        </Title>
        <Text>{t('mfa.scan')}</Text>
        {/* A data: image, not injected SVG markup: the CSP allows data: images, and an <img> runs nothing. */}
        <Box bg="white" p="sm" w={232} style={{ borderRadius: 'var(--mantine-radius-sm)' }}>
          <Image
            src={`data:image/svg+xml;utf8,${encodeURIComponent(props.secret.qrSvg)}`}
            alt={t('mfa.qrAlt')}
            w={208}
            h={208}
          />
        </Box>
        <Text size="sm">{t('mfa.manual')}</Text>
        <Group gap="xs" wrap="wrap">
          <Code fz="md" data-testid="mfa-secret" style={{ overflowWrap: 'anywhere' }}>
            {grouped(props.secret.secret)}
          </Code>
          <CopyButton value={props.secret.secret}>
            {({ copied, copy }) => (
              <Button variant="default" size="xs" onClick={copy}>
                {copied ? t('mfa.copied') : t('mfa.copySecret')}
              </Button>
            )}
          </CopyButton>
        </Group>
        <List size="sm" c="dimmed">
          <List.Item>{t('mfa.apps')}</List.Item>
        </List>
      </Stack>
      <form onSubmit={props.onSubmit} noValidate aria-labelledby="mfa-confirm-heading">
        <Stack gap="sm" maw={360}>
          <Title order={3} size="h4" id="mfa-confirm-heading">
            {t('mfa.step2')}
          </Title>
          <TextInput
            label={t('mfa.codeLabel')}
            name="code"
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={6}
            required
            value={props.code}
            onChange={(event) => props.onCodeChange(event.currentTarget.value)}
            error={props.codeError}
          />
          <Group gap="sm">
            <Button type="submit" loading={props.isPending}>
              {t('mfa.enable')}
            </Button>
            <Button variant="subtle" onClick={props.onRestart}>
              {t('mfa.newSecret')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
