import { Box, Button, Stack, Text, Title } from '@mantine/core';
import type { UserRole } from '@mohar/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, type UIMatch, useLocation, useMatches } from 'react-router';
import { PageLoader } from '@/components/page-loader';
import { sessionQueryOptions } from '@/features/auth/api/get-session';
import { failureMessage } from '@/lib/api-errors';
import { CurrentUserProvider } from '@/lib/current-user';
import {
  ADMIN_SCREEN_AREAS,
  type AllowedRoles,
  ANY_ROLE,
  decideAccess,
  FULL_WINDOW_SCREENS,
  type PrivateScreen,
} from './access';
import { AppFrame } from './layouts/shell/app-frame';

/** What a guarded route declares in its handle (see router.tsx). */
export type GuardedHandle = { roles: AllowedRoles; screen?: PrivateScreen };

function isGuardedHandle(handle: unknown): handle is GuardedHandle {
  return (
    typeof handle === 'object' && handle !== null && Array.isArray((handle as { roles?: unknown }).roles)
  );
}

/** The deepest matched route that names its roles decides; a route that names none admits any signed-in user. */
function guardedHandleOf(matches: UIMatch[]): GuardedHandle | undefined {
  return matches.map((match) => match.handle).findLast(isGuardedHandle);
}

function allowedRolesOf(matches: UIMatch[]): readonly UserRole[] {
  return guardedHandleOf(matches)?.roles ?? ANY_ROLE;
}

/** The session could not be read (network, server): say so and offer a retry instead of guessing. */
function SessionFailure(props: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation('app');
  return (
    <Stack component="main" align="center" justify="center" mih="100dvh" p="md" ta="center" gap="md">
      <title>{`${t('session.failedTitle')} · Mohar`}</title>
      <Title order={1}>{t('session.failedTitle')}</Title>
      <Text role="alert">{failureMessage(props.error, t('session.failedBody'))}</Text>
      <Button onClick={props.onRetry}>{t('session.retry')}</Button>
    </Stack>
  );
}

/**
 * The signed-in area (spec §2 route guard): a full-screen spinner while the session loads; a visitor who is not
 * signed in goes to /home with the requested path in `redirect`; a role the screen does not admit goes to /404;
 * a user whose role must use MFA and has not set it up goes to the MFA setup screen first.
 */
export function GuardedLayout() {
  // Read by the route's loader before the first render (router.tsx): a failed read is shown, not asked again at once.
  const session = useQuery({ ...sessionQueryOptions(), retryOnMount: false });
  const location = useLocation();
  const matches = useMatches();

  if (session.isPending) return <PageLoader fullScreen />;
  if (session.data === undefined)
    return <SessionFailure error={session.error} onRetry={() => void session.refetch()} />;

  const screen = guardedHandleOf(matches)?.screen;
  const decision = decideAccess({
    user: session.data,
    roles: allowedRolesOf(matches),
    adminArea: screen && ADMIN_SCREEN_AREAS[screen],
    location,
  });
  if (decision.kind !== 'allow') return <Navigate to={decision.to} replace />;

  return (
    <CurrentUserProvider value={decision.user}>
      {screen && FULL_WINDOW_SCREENS.includes(screen) ? (
        <Box component="main" id="main-content" mih="100dvh">
          <Outlet />
        </Box>
      ) : (
        <AppFrame user={decision.user}>
          <Outlet />
        </AppFrame>
      )}
    </CurrentUserProvider>
  );
}
