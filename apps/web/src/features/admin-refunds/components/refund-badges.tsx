import { Badge } from '@mantine/core';
import type { RefundStatus } from '@mohar/contracts';
import { useTranslation } from 'react-i18next';

/** Yellow: waiting for a decision. Green: credited to the wallet. Grey: refused. The word says it; colour helps. */
const COLOURS: Record<RefundStatus, string> = {
  requested: 'yellow',
  approved: 'green',
  rejected: 'gray',
};

export function RefundStatusBadge({ status }: { status: RefundStatus }) {
  const { t } = useTranslation('admin-refunds');
  return (
    <Badge color={COLOURS[status]} variant="light" style={{ flexShrink: 0 }} data-testid="refund-status">
      {t(`status.${status}`)}
    </Badge>
  );
}

/** Shade 9: white on the default filled red is under WCAG AA. */
export function OverdueBadge() {
  const { t } = useTranslation('admin-refunds');
  return (
    <Badge color="red.9" variant="filled" style={{ flexShrink: 0 }} data-testid="refund-overdue">
      {t('overdue')}
    </Badge>
  );
}
