import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { SectionPanel } from '@/components/section-panel';

/**
 * A titled panel of a console record page (a client's, a notary's); `empty` is said instead of the children when
 * there is nothing to list, `aside` sits by the title (a total, a badge).
 */
export function TitledSection(props: {
  id: string;
  title: string;
  aside?: ReactNode;
  empty?: string | false;
  children?: ReactNode;
}) {
  return (
    <SectionPanel labelledBy={props.id} testId={props.id} p="md">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={2} size="h4" id={props.id}>
            {props.title}
          </Title>
          {props.aside}
        </Group>
        {props.empty ? <Text size="sm">{props.empty}</Text> : props.children}
      </Stack>
    </SectionPanel>
  );
}
