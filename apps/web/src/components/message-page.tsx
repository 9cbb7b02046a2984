import { Button, Container, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { AppLink } from '@/components/app-link';

/** A calm full-width message with one way forward: used by error and not-found screens. */
export function MessagePage(props: {
  title: string;
  body: ReactNode;
  actionLabel: string;
  actionTo: string;
}) {
  return (
    <Container size="sm" py={96}>
      <Stack align="center" ta="center" gap="md">
        <Title order={1}>{props.title}</Title>
        <Text c="dimmed" size="lg">
          {props.body}
        </Text>
        <Button component={AppLink} to={props.actionTo} size="md">
          {props.actionLabel}
        </Button>
      </Stack>
    </Container>
  );
}
