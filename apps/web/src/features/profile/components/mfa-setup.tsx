import { Box, Button, Code, CopyButton, Group, Image, List, Stack, Text, Title } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import type { MfaSetupResponse } from '@mohar/contracts';
import { AUTH_ERROR_CODES, ERROR_CODES } from '@mohar/contracts';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/form-alert';
import { OneTimeCodeField } from '@/components/one-time-code-field';
import { TitledForm } from '@/components/titled-form';
import { failureMessage } from '@/lib/api-errors';
import { useContractForm } from '@/lib/use-contract-form';
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
  // The failure message sits above both the start button and the code form.
  const failureFocus = useFailureFocus<HTMLDivElement>();
  const { form, onSubmit, showFailure, failure, setFailure, focusFailure } = useContractForm({
    schema: mfaEnableRequest,
    initialValues: { code: '' },
    failureFocus,
  });

  const start = () => {
    setFailure(null);
    form.reset();
    // The setup is started by a press, never on arrival: each call makes a new secret.
    setup.mutate(undefined, {
      onError: (error) => {
        setFailure(failureMessage(error, t('mfa.setupFailed')));
        focusFailure();
      },
    });
  };

  const onConfirm = onSubmit((request) =>
    enable.mutate(request, {
      onSuccess: (response) => props.onEnabled(response.recoveryCodes),
      onError: (error) =>
        showFailure(error, {
          fallback: t('mfa.enableFailed'),
          codeFields: { [AUTH_ERROR_CODES.mfaInvalidCode]: 'code', [ERROR_CODES.requestInvalid]: 'code' },
        }),
    }),
  );

  return (
    <Stack gap="md" ref={failureFocus.containerRef}>
      {failure && <FormAlert tone="error">{failure}</FormAlert>}
      {setup.data ? (
        <SetupSteps
          secret={setup.data}
          codeInputProps={form.getInputProps('code')}
          isPending={enable.isPending}
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
  codeInputProps: GetInputPropsReturnType;
  isPending: boolean;
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
      <TitledForm
        headingId="mfa-confirm-heading"
        title={t('mfa.step2')}
        heading={{ order: 3, size: 'h4' }}
        gap="sm"
        maw={360}
        onSubmit={props.onSubmit}
      >
        <OneTimeCodeField label={t('mfa.codeLabel')} maxLength={6} {...props.codeInputProps} />
        <Group gap="sm">
          <Button type="submit" loading={props.isPending}>
            {t('mfa.enable')}
          </Button>
          <Button variant="subtle" onClick={props.onRestart}>
            {t('mfa.newSecret')}
          </Button>
        </Group>
      </TitledForm>
    </Stack>
  );
}
