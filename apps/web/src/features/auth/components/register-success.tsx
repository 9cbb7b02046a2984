import { Button, Stack, Text, Title } from '@mantine/core';
import { EMAIL_VERIFICATION_TTL_HOURS } from '@mohar/contracts/constants';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { serverSentence } from '@/lib/i18n';

/** Replaces the form; focus moves to its heading so screen readers announce the outcome. */
export function RegisterSuccess(props: { message: string; email: string }) {
  const { t } = useTranslation('auth');
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);

  return (
    <Stack gap="md" data-testid="register-success">
      <Title order={2} size="h3" ref={headingRef} tabIndex={-1} style={{ outline: 'none' }}>
        {t('register.successTitle')}
      </Title>
      <Text fw={600}>{serverSentence(props.message, t('outcome.registered'))}</Text>
      <Text>{t('register.checkEmail', { email: props.email })}</Text>
      <Text size="sm" c="dimmed">
        {t('register.checkSpam', { hours: EMAIL_VERIFICATION_TTL_HOURS })}
      </Text>
      <Button component={Link} to={paths.auth.login()} size="md" style={{ alignSelf: 'flex-start' }}>
        {t('register.goToLogin')}
      </Button>
    </Stack>
  );
}
