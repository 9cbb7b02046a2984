import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { API_BASE } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';

/** The owner booked a time with the notary: every signatory sees it (IST) and can add it to their calendar. */
export function BookedSessionCard(props: { token: string; booking: { startsAt: string; endsAt: string } }) {
  const { t } = useTranslation('portal');
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="portal-booking-heading"
      data-testid="portal-booking"
    >
      <Stack gap="xs">
        <Title order={2} size="h4" id="portal-booking-heading">
          {t('booking.title')}
        </Title>
        <Text>{t('booking.when', { date: formatDateTime(props.booking.startsAt) })}</Text>
        <Anchor
          href={`${API_BASE}/access/${encodeURIComponent(props.token)}/booking/calendar.ics`}
          download
          underline="always"
          style={{ alignSelf: 'flex-start' }}
        >
          {t('booking.calendar')}
        </Anchor>
      </Stack>
    </Paper>
  );
}
