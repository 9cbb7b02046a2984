import { Container, Stack, Text, Title } from '@mantine/core';
import { useMatches } from 'react-router';

/**
 * Placeholder for screens whose feature has not landed yet (accounts, the signatory portal).
 * Each is replaced by its feature's own page; the routes already exist so links and bookmarks work.
 */
export function ComingSoonPage() {
  const handle = useMatches().at(-1)?.handle as { title?: string } | undefined;
  const title = handle?.title ?? 'Coming soon';
  return (
    <Container size="sm" py={80}>
      <title>{`${title} · Mohar`}</title>
      <Stack gap="sm" ta="center">
        <Title order={1}>{title}</Title>
        <Text c="dimmed" size="lg">
          This part of Mohar opens soon. Meanwhile you can read our resources or contact support.
        </Text>
      </Stack>
    </Container>
  );
}
