import { Anchor, Group, Stack, Text } from '@mantine/core';
import type { ApplicationListItem } from '@mohar/contracts';
import { Link } from 'react-router';
import { ApplicationStatusBadge } from '@/components/application/application-status-badge';
import classes from '@/components/list-styles.module.css';
import { paths } from '@/config/paths';
import { formatCardDate, formatInr } from '@/lib/format';

/**
 * The newest applications of a client or a notary on their console page: each a link to the application's view with
 * its date, fee and status, then how many older ones there are (`more`, said only when some are not shown).
 */
export function RecentApplications(props: {
  items: ApplicationListItem[];
  total: number;
  untitled: string;
  more: (count: number) => string;
}) {
  const { items, total } = props;
  return (
    <>
      <Stack component="ul" gap="xs" className={classes.plainList}>
        {items.map((application) => (
          <li key={application._id}>
            <Group justify="space-between" gap="xs" wrap="wrap">
              <Stack gap={0}>
                <Anchor component={Link} to={paths.applications.view(application._id)} fw={600}>
                  {application.title || props.untitled}
                </Anchor>
                <Text size="xs" c="dimmed" className={classes.tabular}>
                  {formatCardDate(application.createdAt)} · {formatInr(application.totalPaise)}
                </Text>
              </Stack>
              <ApplicationStatusBadge status={application.status} />
            </Group>
          </li>
        ))}
      </Stack>
      {total > items.length && <Text size="sm">{props.more(total - items.length)}</Text>}
    </>
  );
}
