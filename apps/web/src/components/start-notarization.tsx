import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { Video } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/**
 * Shown once every signatory has proved their identity (the application is `ready`). Anyone may press it; what it
 * starts — requesting a notary for the live session — arrives with the session release, so until then the button
 * stays visible but disabled, and the text says why.
 */
export function StartNotarization() {
  const { t } = useTranslation();
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="start-heading"
      data-testid="start-notarization"
    >
      <Stack gap="sm" align="flex-start">
        <Title order={2} size="h4" id="start-heading">
          {t('startNotarization.title')}
        </Title>
        <Text>{t('startNotarization.ready')}</Text>
        <Button
          leftSection={<Video size={18} aria-hidden="true" />}
          disabled
          aria-describedby="start-note"
          data-testid="start-notarization-button"
        >
          {t('startNotarization.button')}
        </Button>
        <Text size="sm" c="dimmed" id="start-note">
          {t('startNotarization.notYet')}
        </Text>
      </Stack>
    </Paper>
  );
}
