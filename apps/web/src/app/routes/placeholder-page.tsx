import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useMatches } from 'react-router';
import type { PrivateScreen } from '@/app/access';
import { paths } from '@/config/paths';

/** A next step for screens whose feature has not landed, where one exists today. */
const NEXT_STEP: Partial<Record<PrivateScreen, string>> = {
  requests: paths.notary.onboarding(),
};

/**
 * A section of the signed-in area whose feature has not landed: an honest empty state (what will appear here and
 * what to do meanwhile), never invented data. The route's handle names the screen.
 */
export function PlaceholderPage() {
  const { t } = useTranslation('app');
  const handle = useMatches().at(-1)?.handle as { screen?: PrivateScreen } | undefined;
  const screen = handle?.screen;
  if (!screen) return null;
  const next = NEXT_STEP[screen];
  const title = t(`screens.${screen}.title`);
  return (
    <Stack gap="lg">
      <title>{`${title} · Mohar`}</title>
      <Title order={1}>{title}</Title>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} data-testid="empty-state">
        <Stack gap="sm" align="flex-start">
          <Text fw={600}>{t(`screens.${screen}.empty`)}</Text>
          <Text>{t(`screens.${screen}.meanwhile`)}</Text>
          {next && (
            <Button component={Link} to={next} variant="default">
              {t(`screens.${screen}.next`)}
            </Button>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
