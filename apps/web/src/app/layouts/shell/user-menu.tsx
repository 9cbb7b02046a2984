import { Avatar, Button, Menu, Text } from '@mantine/core';
import type { SessionUser } from '@mohar/contracts';
import { ChevronDown, LogOut, UserRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

/** Initials for the avatar: first letters of the first and last words of the name. */
function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0]?.[0] ?? '';
  const last = words.length > 1 ? (words.at(-1)?.[0] ?? '') : '';
  return `${first}${last}`.toUpperCase();
}

/** Who is signed in, and the ways out: Profile, Log out. Mantine's Menu is operable with arrow keys and Escape. */
export function UserMenu({ user }: { user: SessionUser }) {
  const { t } = useTranslation('app');
  return (
    <Menu position="bottom-end" width={240} shadow="md">
      <Menu.Target>
        <Button
          variant="subtle"
          color="gray"
          px={6}
          aria-label={t('shell.userMenuLabel', { name: user.name })}
          leftSection={
            <Avatar size={30} color="ink" radius="xl" aria-hidden>
              {initialsOf(user.name)}
            </Avatar>
          }
          rightSection={<ChevronDown size={16} aria-hidden />}
        >
          <Text component="span" size="sm" fw={600} visibleFrom="sm" maw={160} truncate>
            {user.name}
          </Text>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="sm" fw={700} c="var(--mantine-color-text)" truncate>
            {user.name}
          </Text>
          <Text size="xs" c="dimmed">
            {t(`roles.${user.role}`)}
          </Text>
        </Menu.Label>
        <Menu.Divider />
        <Menu.Item
          component={Link}
          to={paths.profile.view()}
          leftSection={<UserRound size={16} aria-hidden />}
        >
          {t('shell.profile')}
        </Menu.Item>
        <Menu.Item component={Link} to={paths.auth.logout()} leftSection={<LogOut size={16} aria-hidden />}>
          {t('shell.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
