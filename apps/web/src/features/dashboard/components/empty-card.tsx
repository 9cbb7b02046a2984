import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** An honest empty state: what will appear here, and what to do next. */
export function EmptyCard(props: { id: string; title: string; body: ReactNode; action?: ReactNode }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} component="section" aria-labelledby={props.id}>
      <Stack gap="sm" align="flex-start">
        <Title order={2} size="h3" id={props.id}>
          {props.title}
        </Title>
        <Text>{props.body}</Text>
        {props.action}
      </Stack>
    </Paper>
  );
}
