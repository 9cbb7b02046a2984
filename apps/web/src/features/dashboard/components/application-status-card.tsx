import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { NotaryProfile } from '@mohar/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NotaryStatusBadge } from '@/components/notary/notary-status-badge';
import { paths } from '@/config/paths';

/** The button that leads on from each status. */
function nextStepKey(profile: NotaryProfile): string {
  switch (profile.status) {
    case 'draft':
      return profile.submittedAt === null && profile.missing.length === 6
        ? 'notary.start'
        : 'notary.continue';
    case 'rejected':
      return 'notary.correct';
    default:
      return 'notary.view';
  }
}

/** Where the notary's application stands, in a badge and a sentence, with the way on to the onboarding screen. */
export function ApplicationStatusCard({ profile }: { profile: NotaryProfile }) {
  const { t } = useTranslation('dashboard');
  const isLapsed = profile.status === 'verified' && !profile.canTakeWork;
  const sentence = isLapsed
    ? 'notary.statusSentence.verifiedLapsed'
    : `notary.statusSentence.${profile.status}`;
  const isActionFirst = profile.status === 'draft' || profile.status === 'rejected';
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'xl' }}
      component="section"
      aria-labelledby="application-status-heading"
      data-testid="application-status-card"
    >
      <Stack gap="sm" align="flex-start">
        <Group gap="sm">
          <Title order={2} size="h3" id="application-status-heading">
            {t('notary.applicationTitle')}
          </Title>
          <NotaryStatusBadge status={profile.status} />
        </Group>
        <Text>{t(sentence)}</Text>
        {profile.status === 'draft' && profile.missing.length > 0 && (
          <Text size="sm" c="dimmed">
            {t('notary.statusSentence.draftMissing', { count: profile.missing.length })}
          </Text>
        )}
        {profile.statusReason && (profile.status === 'rejected' || profile.status === 'suspended') && (
          <Text size="sm" fw={600}>
            {t('notary.reason', { reason: profile.statusReason })}
          </Text>
        )}
        <Button
          component={Link}
          to={paths.notary.onboarding()}
          variant={isActionFirst ? 'filled' : 'default'}
          data-testid="application-link"
        >
          {t(nextStepKey(profile))}
        </Button>
      </Stack>
    </Paper>
  );
}
