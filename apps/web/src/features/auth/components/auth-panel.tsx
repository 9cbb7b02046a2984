import { Container, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode, Ref } from 'react';

/** The frame of every account screen: one narrow card under the public navbar, its title as the page's h1. */
export function AuthPanel(props: {
  title: string;
  intro?: ReactNode;
  headingRef?: Ref<HTMLHeadingElement>;
  width?: number;
  children: ReactNode;
}) {
  return (
    <Container size={props.width ?? 480} px={{ base: 'sm', sm: 'md' }} py={{ base: 'xl', md: 56 }}>
      <title>{`${props.title} · Mohar`}</title>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
        <Stack gap="lg">
          <Stack gap={6}>
            {/* tabIndex -1: after a step changes, focus moves to the heading so screen readers start there. */}
            <Title order={1} ref={props.headingRef} tabIndex={-1} style={{ outline: 'none' }}>
              {props.title}
            </Title>
            {props.intro && <Text c="dimmed">{props.intro}</Text>}
          </Stack>
          {props.children}
        </Stack>
      </Paper>
    </Container>
  );
}
