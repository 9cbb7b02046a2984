import { Alert, Button, Stack, Text } from '@mantine/core';
import type { NotaryProfile } from '@mohar/contracts';
import { BadgeCheck, Clock, OctagonAlert, TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { formatNotificationDate } from '@/lib/format';

/** Where the application stands, in a sentence (brand: status is always visible). Draft has no banner. */
export function StatusBanner(props: { profile: NotaryProfile; onCorrect: () => void }) {
  const { t } = useTranslation('onboarding');
  const { profile } = props;
  const reason = profile.statusReason ? (
    <Text size="sm" fw={600} data-testid="status-reason">
      {t('banner.reason', { reason: profile.statusReason })}
    </Text>
  ) : null;
  // role="status": announced politely once, not as an error (the page opens with it).
  const common = { variant: 'light', role: 'status', 'data-testid': 'status-banner' } as const;
  switch (profile.status) {
    case 'pending':
      return (
        <Alert
          {...common}
          color="yellow"
          icon={<Clock aria-hidden="true" />}
          title={t('banner.pendingTitle')}
          data-status="pending"
        >
          {profile.submittedAt && (
            <Text size="sm">
              {t('banner.pendingBody', { date: formatNotificationDate(profile.submittedAt) })}
            </Text>
          )}
        </Alert>
      );
    case 'rejected':
      return (
        <Alert
          {...common}
          color="red"
          icon={<TriangleAlert aria-hidden="true" />}
          title={t('banner.rejectedTitle')}
          data-status="rejected"
        >
          <Stack gap="xs" align="flex-start">
            {reason}
            <Text size="sm">{t('banner.rejectedBody')}</Text>
            <Button size="xs" onClick={props.onCorrect}>
              {t('banner.rejectedAction')}
            </Button>
          </Stack>
        </Alert>
      );
    case 'verified':
      return (
        <Alert
          {...common}
          color="green"
          icon={<BadgeCheck aria-hidden="true" />}
          title={t('banner.verifiedTitle')}
          data-status="verified"
        >
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t('banner.verifiedBody')}</Text>
            <Button size="xs" variant="default" component={Link} to={paths.dashboard()}>
              {t('banner.verifiedAction')}
            </Button>
          </Stack>
        </Alert>
      );
    case 'suspended':
      return (
        <Alert
          {...common}
          color="red"
          icon={<OctagonAlert aria-hidden="true" />}
          title={t('banner.suspendedTitle')}
          data-status="suspended"
        >
          <Stack gap="xs" align="flex-start">
            {reason}
            <Text size="sm">{t('banner.suspendedBody')}</Text>
            <Button
              size="xs"
              variant="default"
              component={Link}
              to={paths.contact({ topic: 'notary_onboarding' })}
            >
              {t('banner.suspendedAction')}
            </Button>
          </Stack>
        </Alert>
      );
    default:
      return null;
  }
}
