import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** One titled block of the profile screen; the title is an h2 the block is labelled by. */
export function SectionCard(props: { id: string; title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} component="section" aria-labelledby={props.id}>
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} size="h3" id={props.id}>
            {props.title}
          </Title>
          {props.intro && <Text c="dimmed">{props.intro}</Text>}
        </Stack>
        {props.children}
      </Stack>
    </Paper>
  );
}
