import { Avatar, Group, Stack, Text } from '@mantine/core';
import type { DirectoryNotary } from '@mohar/contracts';
import { useTranslation } from 'react-i18next';
import classes from './wizard.module.css';

/** Up to two initials for a notary without a photo. */
function initialsOf(name: string): string {
  const words = name
    .replace(/[^\p{L}\p{M}\s]/gu, ' ')
    .split(/\s+/)
    .filter(Boolean);
  const first = words[0]?.[0] ?? '';
  const last = words.length > 1 ? (words.at(-1)?.[0] ?? '') : '';
  return `${first}${last}`.toUpperCase();
}

/** A notary as the picker shows one: photo, name, registration number, area, languages, online now or not. */
export function NotaryOption(props: { notary: DirectoryNotary }) {
  const { t } = useTranslation('wizard');
  const { notary } = props;
  return (
    <Group gap="md" wrap="nowrap" align="flex-start" style={{ minWidth: 0 }}>
      {/* The name is beside it: the photo adds nothing a screen reader needs. */}
      <Avatar src={notary.photoUrl} alt="" size={56} radius="xl" color="ink">
        {initialsOf(notary.fullName)}
      </Avatar>
      <Stack gap={2} style={{ minWidth: 0 }}>
        <Text span fw={600} style={{ overflowWrap: 'anywhere' }}>
          {notary.fullName}
        </Text>
        <Text span size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
          {t('notary.registration', { number: notary.registrationNumber })}
        </Text>
        <Text span size="sm" c="dimmed">
          {notary.areaOfPractice}
        </Text>
        <Text span size="sm" c="dimmed">
          {t('notary.languages', { languages: notary.languages.join(', ') })}
        </Text>
        <Group
          gap={6}
          wrap="nowrap"
          component="span"
          data-testid="notary-online"
          data-online={notary.isOnlineNow}
        >
          <span
            className={classes.onlineDot}
            data-online={notary.isOnlineNow || undefined}
            aria-hidden="true"
          />
          <Text span size="sm">
            {t(notary.isOnlineNow ? 'notary.online' : 'notary.offline')}
          </Text>
        </Group>
      </Stack>
    </Group>
  );
}
