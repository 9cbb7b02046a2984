import { Avatar, Button, type ButtonProps, Text } from '@mantine/core';
import type { SessionUser } from '@mohar/contracts';
import { ChevronDown } from 'lucide-react';
import type { ComponentPropsWithRef, KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { onDemand, useOnDemand } from '@/lib/on-demand';
import classes from './app-shell.module.css';

/** Initials for the avatar: first letters of the first and last words of the name. */
function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0]?.[0] ?? '';
  const last = words.length > 1 ? (words.at(-1)?.[0] ?? '') : '';
  return `${first}${last}`.toUpperCase();
}

type UserMenuButtonProps = ButtonProps & ComponentPropsWithRef<'button'> & { user: SessionUser };

/** The menu's trigger: the avatar and the name. Also the Mantine Menu's target once the menu has loaded. */
export function UserMenuButton({ user, ...others }: UserMenuButtonProps) {
  const { t } = useTranslation('app');
  return (
    <Button
      variant="subtle"
      color="gray"
      px={6}
      aria-label={t('shell.userMenuLabel', { name: user.name })}
      leftSection={
        <Avatar size={30} color="ink" radius="xl" aria-hidden>
          {/* Drawn by CSS, not text: the button's visible words are then the name its label contains (axe's
              label-content-name-mismatch, WCAG 2.5.3 — "AK Anil Kapoor" is not in "Account menu for Anil Kapoor"). */}
          <span className={classes.initials} data-initials={initialsOf(user.name)} />
        </Avatar>
      }
      rightSection={<ChevronDown size={16} aria-hidden />}
      {...others}
    >
      <Text component="span" size="sm" fw={600} visibleFrom="sm" maw={160} truncate>
        {user.name}
      </Text>
    </Button>
  );
}

const loadMenu = onDemand(() => import('./user-menu-dropdown').then((m) => m.UserMenuDropdown));

/**
 * Who is signed in, and the ways out: Profile, Log out. The menu itself (Mantine's Menu, operable with arrow keys and
 * Escape) loads on the first open; until then the trigger is this button, with the same name and look.
 */
export function UserMenu({ user }: { user: SessionUser }) {
  const { Loaded, open, prefetch } = useOnDemand(loadMenu);
  if (Loaded) return <Loaded user={user} />;
  const onKeyDown = (event: KeyboardEvent) => {
    // Mantine's Menu opens on these too.
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    open();
  };
  return (
    <UserMenuButton
      user={user}
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={prefetch}
      onFocus={prefetch}
      onClick={open}
      onKeyDown={onKeyDown}
    />
  );
}
