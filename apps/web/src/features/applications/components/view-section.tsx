import { Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** One titled part of the application view (a landmark named by its heading). */
export function ViewSection(props: { id: string; title: string; children: ReactNode; testId?: string }) {
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby={`${props.id}-heading`}
      data-testid={props.testId}
    >
      <Stack gap="sm">
        <Title order={2} size="h4" id={`${props.id}-heading`}>
          {props.title}
        </Title>
        {props.children}
      </Stack>
    </Paper>
  );
}

/** Label–value pairs as a description list, one or two columns. */
export function DetailList(props: { rows: Array<[string, ReactNode]>; testId?: string }) {
  return (
    <dl
      style={{
        display: 'grid',
        gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 14rem), 1fr))',
        gap: 'var(--mantine-spacing-sm) var(--mantine-spacing-lg)',
        margin: 0,
      }}
      data-testid={props.testId}
    >
      {props.rows.map(([label, value]) => (
        <div key={label}>
          <dt style={{ fontWeight: 600, fontSize: 'var(--mantine-font-size-sm)' }}>{label}</dt>
          <dd style={{ margin: 0, overflowWrap: 'anywhere' }}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
