import { Anchor, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { ApiError, failureMessage } from '@/lib/api-errors';
import { linkErrorCodeOf, linkErrorMessageOf } from '../lib/portal-errors';
import { PortalFrame } from './portal-frame';

/**
 * Why the page cannot show the application: a link that does not open (say so, with the server's reason and where
 * to get help; nothing of the application) or a passing failure (try again).
 */
export function PortalError(props: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation('portal');
  const linkCode = linkErrorCodeOf(props.error);
  const code = linkCode ?? (props.error instanceof ApiError ? props.error.code : 'unknown');
  const title = t(`error.titles.${linkCode ?? 'other'}`);
  const message = linkCode
    ? (linkErrorMessageOf(props.error) ?? t('error.linkInvalid'))
    : failureMessage(props.error, t('error.other'));

  return (
    <PortalFrame testId="portal-error" code={code} withHelp={false}>
      <title>{`${title} · Mohar`}</title>
      <Paper withBorder radius="md" p={{ base: 'lg', sm: 'xl' }}>
        <Stack gap="md" align="flex-start">
          <Title order={1} size="h2">
            {title}
          </Title>
          <Text size="lg" role={linkCode ? undefined : 'alert'}>
            {message}
          </Text>
          {linkCode ? (
            <Button component={Link} to={paths.contact()}>
              {t('error.help')}
            </Button>
          ) : (
            <>
              <Button onClick={props.onRetry}>{t('error.retry')}</Button>
              <Anchor component={Link} to={paths.contact()}>
                {t('error.help')}
              </Anchor>
            </>
          )}
        </Stack>
      </Paper>
    </PortalFrame>
  );
}
