import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { PortalAccess } from '@mohar/contracts';
import { useTranslation } from 'react-i18next';
import { SIGNATORY_PROGRESS_COLOURS } from '@/lib/signatory-progress';
import classes from './portal.module.css';

/** Everyone who signs, in order, by first name and progress only (the server sends nothing more about others). */
export function ProgressList({ signatories }: { signatories: PortalAccess['signatories'] }) {
  const { t } = useTranslation('portal');
  return (
    <Paper
      component="section"
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      aria-labelledby="portal-progress-heading"
    >
      <Stack gap="sm">
        <Title order={2} size="h4" id="portal-progress-heading">
          {t('progress.title')}
        </Title>
        <Stack component="ul" gap="xs" className={classes.list}>
          {signatories.map((signatory) => (
            <Group
              component="li"
              key={signatory.position}
              justify="space-between"
              gap="xs"
              wrap="nowrap"
              data-testid="portal-signatory"
              data-progress={signatory.progress}
              data-you={signatory.isYou}
            >
              <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
                <Text c="dimmed" className={classes.numeric}>
                  {t('progress.position', { position: signatory.position })}
                </Text>
                <Text fw={signatory.isYou ? 700 : 500} className={classes.wrap}>
                  {signatory.firstName}
                </Text>
                {signatory.isYou && (
                  <Badge
                    variant="outline"
                    color="ink"
                    size="sm"
                    style={{ flexShrink: 0 }}
                    styles={{ label: { textTransform: 'none' } }}
                  >
                    {t('progress.you')}
                  </Badge>
                )}
              </Group>
              <Badge
                variant="light"
                color={SIGNATORY_PROGRESS_COLOURS[signatory.progress]}
                style={{ flexShrink: 0 }}
                styles={{ label: { textTransform: 'none' } }}
              >
                {t(`progress.status.${signatory.progress}`)}
              </Badge>
            </Group>
          ))}
        </Stack>
      </Stack>
    </Paper>
  );
}
