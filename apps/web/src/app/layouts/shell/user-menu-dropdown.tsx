import { Menu, Text } from '@mantine/core';
import type { SessionUser } from '@mohar/contracts';
import { LogOut, UserRound } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { UserMenuButton } from './user-menu';

/**
 * The user menu, loaded on its first open (user-menu.tsx) and shown open at once. Its trigger is a new button: focus
 * moves to it before the menu opens, so closing the menu (Escape) returns focus there as Mantine's Menu does.
 */
export function UserMenuDropdown({ user }: { user: SessionUser }) {
  const { t } = useTranslation('app');
  const target = useRef<HTMLButtonElement>(null);
  const [isOpen, setIsOpen] = useState(false);
  useEffect(() => {
    target.current?.focus();
    setIsOpen(true);
  }, []);
  return (
    <Menu opened={isOpen} onChange={setIsOpen} position="bottom-end" width={240} shadow="md">
      <Menu.Target>
        <UserMenuButton ref={target} user={user} />
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
