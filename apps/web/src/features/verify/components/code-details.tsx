import { Alert, Button, Group, Loader, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { BadgeCheck, ShieldQuestionMark } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api-errors';
import { useVerification } from '../api/get-verification';
import { isUnknownCode } from '../lib/verify-errors';
import { VerificationDetailsList } from './verification-details';
import classes from './verify.module.css';

/** The code as it may be shown back: a long or odd one from a mistyped address is cut short. */
const shownCode = (raw: string) => (raw.length > 24 ? `${raw.slice(0, 24)}…` : raw);

function NotOurs({ code }: { code: string }) {
  const { t } = useTranslation('verify');
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      className={classes.panel}
      data-tone="unknown"
      component="section"
      aria-labelledby="verify-code-heading"
      data-testid="verify-code-not-found"
    >
      <Stack gap="sm">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon color="gray" variant="filled" size={40} radius="xl">
            <ShieldQuestionMark size={24} aria-hidden="true" />
          </ThemeIcon>
          <Title order={2} size="h3" id="verify-code-heading">
            {t('code.notFound')}
          </Title>
        </Group>
        <Text>{t('code.notFoundBody', { code: shownCode(code) })}</Text>
      </Stack>
    </Paper>
  );
}

/**
 * /verify/:code — what Mohar recorded for the document with this code (printed with a QR code on its certificate
 * page). `code` is null when the address holds nothing that could be a code; `rawCode` is what it holds.
 */
export function CodeDetails(props: { code: string | null; rawCode: string }) {
  const { t } = useTranslation('verify');
  const query = useVerification(props.code);

  if (props.code === null) return <NotOurs code={props.rawCode} />;

  if (query.isPending) {
    return (
      <Group role="status" gap="sm" py="md" data-testid="verify-code-loading">
        <Loader size="sm" aria-hidden="true" />
        <Text>{t('code.loading', { code: props.code })}</Text>
      </Group>
    );
  }

  if (query.isError) {
    if (isUnknownCode(query.error)) return <NotOurs code={props.code} />;
    const isRateLimited = query.error instanceof ApiError && query.error.status === 429;
    return (
      <Alert
        color="red"
        variant="light"
        role="alert"
        title={t('code.failed')}
        data-testid="verify-code-failed"
      >
        <Stack gap="sm" align="flex-start">
          {isRateLimited && <Text size="sm">{t('code.rateLimited')}</Text>}
          <Button size="xs" variant="default" onClick={() => void query.refetch()}>
            {t('code.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  }

  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      className={classes.panel}
      data-tone="genuine"
      component="section"
      aria-labelledby="verify-code-heading"
      data-testid="verify-code-details"
      data-code={query.data.code}
    >
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon color="green" variant="filled" size={40} radius="xl">
            <BadgeCheck size={24} aria-hidden="true" />
          </ThemeIcon>
          <Title order={2} size="h3" id="verify-code-heading">
            {t('code.found')}
          </Title>
        </Group>
        <Text>{t('code.foundBody', { code: query.data.code })}</Text>
        <VerificationDetailsList details={query.data} />
      </Stack>
    </Paper>
  );
}
