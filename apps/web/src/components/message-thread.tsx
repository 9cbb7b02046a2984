import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { formatDateTime } from '@/lib/format';

export type ThreadEntry = {
  id: string;
  /** Who wrote it, as the reader should see it ("You", "Mohar support", an admin's name). */
  author: string;
  body: string;
  createdAt: string;
  tone: 'customer' | 'team' | 'note';
  /** A label beside the author (e.g. "Internal note"). */
  badge?: string;
};

const BACKGROUND = {
  customer: 'var(--mantine-color-body)',
  team: 'var(--mantine-primary-color-light)',
  note: 'var(--mantine-color-yellow-light)',
} as const;

/** A support conversation, oldest first, as a list a screen reader reads in order (the console and the customer's). */
export function MessageThread(props: { entries: ThreadEntry[]; label: string; testId?: string }) {
  return (
    <Stack component="ol" gap="sm" p={0} m={0} aria-label={props.label} data-testid={props.testId}>
      {props.entries.map((entry) => (
        <Paper
          component="li"
          key={entry.id}
          withBorder
          radius="md"
          p="md"
          style={{ listStyle: 'none', background: BACKGROUND[entry.tone] }}
          data-testid={`thread-${entry.tone}`}
        >
          <Group justify="space-between" gap="xs" mb={6} wrap="wrap">
            <Group gap="xs">
              <Text fw={600} size="sm">
                {entry.author}
              </Text>
              {entry.badge && (
                <Badge size="sm" color="yellow" variant="light">
                  {entry.badge}
                </Badge>
              )}
            </Group>
            <Text size="xs" c="dimmed" component="time" dateTime={entry.createdAt}>
              {formatDateTime(entry.createdAt)}
            </Text>
          </Group>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {entry.body}
          </Text>
        </Paper>
      ))}
    </Stack>
  );
}
