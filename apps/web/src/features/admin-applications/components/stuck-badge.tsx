import { Badge } from '@mantine/core';
import type { StuckReason } from '@mohar/contracts';
import { useTranslation } from 'react-i18next';

/** A stuck state in words (colour only supports it). */
export function StuckBadge({ reason }: { reason: StuckReason | null }) {
  const { t } = useTranslation('admin-applications');
  if (!reason) return null;
  return (
    <Badge color="red" variant="light" data-testid="admin-application-stuck">
      {t(`stuck.${reason}`)}
    </Badge>
  );
}
