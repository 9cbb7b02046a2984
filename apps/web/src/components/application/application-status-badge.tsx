import { Badge, type BadgeProps } from '@mantine/core';
import type { ApplicationStatus } from '@mohar/contracts';
import { useTranslation } from 'react-i18next';

/**
 * Grey: not under way (draft, cancelled). Yellow: waiting on the client. Ink: moving through the process.
 * Green: done. Red: ended without a seal. The label always says it in words; colour only supports it.
 */
const COLOURS: Record<ApplicationStatus, string> = {
  draft: 'gray',
  awaiting_payment: 'yellow',
  awaiting_identity: 'yellow',
  ready: 'ink',
  waiting_for_notary: 'ink',
  in_session: 'ink',
  notarised: 'green',
  cancelled: 'gray',
  failed: 'red',
  rejected: 'red',
};

/** An application's status in words (`status.*` of the `applications` namespace, which the route must load). */
export function ApplicationStatusBadge({
  status,
  size,
}: {
  status: ApplicationStatus;
  size?: BadgeProps['size'];
}) {
  const { t } = useTranslation('applications');
  return (
    <Badge
      color={COLOURS[status]}
      variant="light"
      size={size}
      style={{ flexShrink: 0 }}
      data-testid="application-status"
      data-status={status}
    >
      {t(`status.${status}`)}
    </Badge>
  );
}
