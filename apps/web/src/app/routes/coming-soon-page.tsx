import { Container, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';

/**
 * Placeholder for screens whose feature has not landed yet (accounts, the signatory portal).
 * Each is replaced by its feature's own page; the routes already exist so links and bookmarks work.
 */
export function ComingSoonPage() {
  const { t } = useTranslation();
  const handle = useMatches().at(-1)?.handle as { titleKey?: string } | undefined;
  const title = t(`comingSoon.titles.${handle?.titleKey ?? 'default'}`);
  return (
    <Container size="sm" py={80}>
      <title>{`${title} · Mohar`}</title>
      <Stack gap="sm" ta="center">
        <Title order={1}>{title}</Title>
        <Text c="dimmed" size="lg">
          {t('comingSoon.body')}
        </Text>
      </Stack>
    </Container>
  );
}
