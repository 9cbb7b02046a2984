import { Badge } from '@mantine/core';
import type { NotaryStatus } from '@mohar/contracts';
import { useTranslation } from 'react-i18next';

const COLOURS: Record<NotaryStatus, string> = {
  draft: 'gray',
  pending: 'yellow',
  verified: 'green',
  rejected: 'red',
  suspended: 'red',
};

/** A notary application's status in words (the `notaries` namespace must be loaded by the route). */
export function NotaryStatusBadge({ status }: { status: NotaryStatus }) {
  const { t } = useTranslation('notaries');
  return (
    <Badge color={COLOURS[status]} variant="light" data-testid="notary-status" data-status={status}>
      {t(`status.${status}`)}
    </Badge>
  );
}
