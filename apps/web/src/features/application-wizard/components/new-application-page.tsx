import { Alert, Button, Center, Container, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { failureMessage } from '@/lib/api-errors';
import { useCreateApplication } from '../api/create-application';

/** /applications/new — starts one draft, then continues in the wizard (the new page replaces this one in history). */
export function NewApplicationPage() {
  const { t } = useTranslation('wizard');
  const navigate = useNavigate();
  const create = useCreateApplication();
  // Effects run twice in development (StrictMode); one visit must create one draft.
  const hasStarted = useRef(false);

  const start = () =>
    create.mutate(undefined, {
      onSuccess: (application) => void navigate(paths.applications.edit(application._id), { replace: true }),
    });

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per visit, guarded above.
  useEffect(() => {
    if (hasStarted.current) return;
    hasStarted.current = true;
    start();
  }, []);

  return (
    <Container size="md" px={0}>
      <title>{`${t('title')} · Mohar`}</title>
      <Stack gap="lg">
        <Title order={1}>{t('title')}</Title>
        {create.isError ? (
          <Alert color="red" variant="light" role="alert" title={t('create.failedTitle')}>
            <Stack gap="sm" align="flex-start">
              <Text size="sm">{failureMessage(create.error, t('create.failed'))}</Text>
              <Group gap="sm">
                <Button size="xs" onClick={start} loading={create.isPending}>
                  {t('retry')}
                </Button>
                <Button size="xs" variant="default" component={Link} to={paths.applications.list()}>
                  {t('create.backToList')}
                </Button>
              </Group>
            </Stack>
          </Alert>
        ) : (
          <Center h={240} role="status" aria-live="polite">
            <Group gap="sm">
              <Loader size="sm" aria-hidden="true" />
              <Text>{t('create.starting')}</Text>
            </Group>
          </Center>
        )}
      </Stack>
    </Container>
  );
}
