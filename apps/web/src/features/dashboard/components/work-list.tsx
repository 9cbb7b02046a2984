import { Alert, Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SectionPanel } from '@/components/section-panel';

export type WorkItem = { id: string; title: string; detail: string; actionLabel: string; href: string };

/**
 * A dashboard card of the person's own work: each item with its next action, linking to where it is done. While
 * loading, placeholders; on failure, a quiet line with a retry; with nothing to list, the empty sentence.
 */
export function WorkList(props: {
  id: string;
  title: string;
  items: WorkItem[] | undefined;
  isError: boolean;
  onRetry: () => void;
  empty: ReactNode;
  footer?: ReactNode;
  testId: string;
}) {
  const { t } = useTranslation('dashboard');
  return (
    <SectionPanel labelledBy={props.id} testId={props.testId}>
      <Stack gap="sm">
        <Title order={2} size="h3" id={props.id}>
          {props.title}
        </Title>
        {props.items === undefined && props.isError ? (
          <Alert color="gray" variant="light" role="status">
            <Group justify="space-between" gap="sm">
              <Text size="sm">{t('work.loadFailed')}</Text>
              <Button size="xs" variant="default" onClick={props.onRetry}>
                {t('work.retry')}
              </Button>
            </Group>
          </Alert>
        ) : props.items === undefined ? (
          <Stack gap="xs" role="status" aria-label={t('work.loading')}>
            <Skeleton height={44} radius="sm" />
            <Skeleton height={44} radius="sm" />
          </Stack>
        ) : props.items.length === 0 ? (
          <Text>{props.empty}</Text>
        ) : (
          <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
            {props.items.map((item) => (
              <Group
                component="li"
                key={item.id}
                justify="space-between"
                gap="xs"
                wrap="wrap"
                data-testid="dashboard-work-item"
              >
                <Stack gap={0} style={{ minWidth: 0, flex: '1 1 14rem' }}>
                  <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {item.title}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {item.detail}
                  </Text>
                </Stack>
                <Button component={Link} to={item.href} size="xs" variant="light">
                  {item.actionLabel}
                </Button>
              </Group>
            ))}
          </Stack>
        )}
        {props.footer && <Group>{props.footer}</Group>}
      </Stack>
    </SectionPanel>
  );
}
