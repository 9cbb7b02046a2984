import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ApplicationStatus, PortalAccess } from '@mohar/contracts';
import { useTranslation } from 'react-i18next';
import { SignatoryActFacts, SignatoryStageBadge } from '@/components/signatory-act';
import classes from './portal.module.css';

/**
 * Everyone who signs, in order, by first name, progress and what happened in the act (identity decision, signing
 * time, notarised) only: the server sends nothing more about others.
 */
export function ProgressList({
  signatories,
  status,
}: {
  signatories: PortalAccess['signatories'];
  status: ApplicationStatus;
}) {
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
            <Stack
              component="li"
              key={signatory.position}
              gap={2}
              data-testid="portal-signatory"
              data-progress={signatory.progress}
              data-you={signatory.isYou}
            >
              <Group justify="space-between" gap="xs" wrap="nowrap">
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
                <SignatoryStageBadge
                  progress={signatory.progress}
                  progressLabel={t(`progress.status.${signatory.progress}`)}
                  act={signatory.act}
                  status={status}
                  testId="portal-signatory-stage"
                />
              </Group>
              <SignatoryActFacts act={signatory.act} />
            </Stack>
          ))}
        </Stack>
      </Stack>
    </Paper>
  );
}
