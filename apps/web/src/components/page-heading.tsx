import { Stack, Text, Title } from '@mantine/core';

/** A screen's document title, its one h1 and the sentence under it. */
export function PageHeading({ title, intro }: { title: string; intro?: string }) {
  return (
    <>
      <title>{`${title} · Mohar`}</title>
      <Stack gap={4}>
        <Title order={1}>{title}</Title>
        {intro && (
          <Text c="dimmed" maw={760}>
            {intro}
          </Text>
        )}
      </Stack>
    </>
  );
}
