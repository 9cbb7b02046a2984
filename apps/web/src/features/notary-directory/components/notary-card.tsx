import { Avatar, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { DirectoryNotary } from '@mohar/contracts';
import { useTranslation } from 'react-i18next';
import { formatCalendarDate } from '@/lib/format';
import { initialsOf } from '../lib/directory';

/** One verified notary: photo (or initials), name, area, government, languages, registration number, online now. */
export function NotaryCard(props: { notary: DirectoryNotary; headingLevel?: 2 | 3 }) {
  const { t } = useTranslation('directory');
  const { notary } = props;
  return (
    <Paper withBorder radius="md" p="md" h="100%" data-testid="notary-card">
      <Stack gap="sm">
        <Group gap="md" wrap="nowrap" align="flex-start">
          <Avatar
            src={notary.photoUrl}
            // The name is beside it: the photo adds nothing a screen reader needs.
            alt=""
            size={64}
            radius="xl"
            color="ink"
          >
            {initialsOf(notary.fullName)}
          </Avatar>
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Title order={props.headingLevel ?? 3} size="h4" style={{ overflowWrap: 'anywhere' }}>
              {notary.fullName}
            </Title>
            {notary.isOnlineNow && (
              <Badge
                color="green"
                variant="light"
                style={{ alignSelf: 'flex-start' }}
                data-testid="online-now"
              >
                {t('card.onlineNow')}
              </Badge>
            )}
          </Stack>
        </Group>
        <Stack gap={2}>
          <Text size="sm">{t('card.area', { area: notary.areaOfPractice })}</Text>
          <Text size="sm">{t('card.government', { government: notary.appointingGovernment })}</Text>
          <Text size="sm">{t('card.languages', { languages: notary.languages.join(', ') })}</Text>
          <Text
            size="sm"
            fw={600}
            style={{ fontVariantNumeric: 'tabular-nums' }}
            data-testid="notary-registration"
          >
            {t('card.registrationNumber', { number: notary.registrationNumber })}
          </Text>
          {notary.commissionExpiresOn && (
            <Text size="xs" c="dimmed">
              {t('card.validUntil', { date: formatCalendarDate(notary.commissionExpiresOn) })}
            </Text>
          )}
        </Stack>
      </Stack>
    </Paper>
  );
}
