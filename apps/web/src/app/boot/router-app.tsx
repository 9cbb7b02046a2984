import type { ReactNode } from 'react';
import { type createBrowserRouter, Link, NavLink } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { createAppRouter } from '@/app/router';
import { type LinkAdapter, LinkAdapterProvider } from '@/components/app-link';
import { dropBootReads } from '@/lib/boot-read';

const routerLinks: LinkAdapter = { Link, NavLink };

type AppRouter = ReturnType<typeof createBrowserRouter>;

function untilInitialized(router: AppRouter): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

/**
 * Starts React Router and renders it. With `handOver` (a click on the landing page) the next screen is loaded
 * before anything changes on screen, so the landing page stays until that screen replaces it. With `firstRender`
 * (a screen the document already shows, login.html) the router's first render waits for its screen too, and
 * `firstRender` runs right before it, in the same task.
 */
export async function startRouter(
  render: (app: ReactNode) => void,
  handOver?: { to: string; replace?: boolean },
  firstRender?: () => void,
): Promise<void> {
  const router = createAppRouter();
  // The boot's reads were for the first screen; a read on any later page asks the server again.
  const firstLocation = router.state.location;
  const unsubscribe = router.subscribe((state) => {
    if (state.location.key === firstLocation.key) return;
    unsubscribe();
    dropBootReads();
  });
  if (handOver || firstRender) await untilInitialized(router);
  if (handOver) await router.navigate(handOver.to, { replace: handOver.replace });
  firstRender?.();
  render(
    <LinkAdapterProvider value={routerLinks}>
      <RouterProvider router={router} />
    </LinkAdapterProvider>,
  );
}
