import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { Video } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { AppLink } from '@/components/app-link';
import { paths } from '@/config/paths';

/** The notary of a live session, back on its application page: one way into the call. */
export function NotarySessionLink(props: { applicationId: string }) {
  const { t } = useTranslation('applications');
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      data-testid="notary-session-link"
    >
      <Stack gap="sm" align="flex-start">
        <Title order={2} size="h4">
          {t('view.liveSession.title')}
        </Title>
        <Text>{t('view.liveSession.body')}</Text>
        <Button
          component={AppLink}
          to={paths.session.notary(props.applicationId)}
          leftSection={<Video size={18} aria-hidden="true" />}
        >
          {t('view.liveSession.join')}
        </Button>
      </Stack>
    </Paper>
  );
}
