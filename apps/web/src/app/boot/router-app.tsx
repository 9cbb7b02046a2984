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
 * Starts React Router and renders it once the first screen's files, texts and loaders are in: until then the page
 * keeps what it shows (index.html's branded frame, login.html's card, or the landing page), so the first render is
 * the screen itself rather than a loader first — each render of the app's tree is one long task on a slow phone.
 * With `handOver` (a click on the landing page) that is the next screen, loaded before anything changes on screen.
 * With `firstRender` (a screen the document already shows, login.html) `firstRender` runs right before the render,
 * in the same task.
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
  await untilInitialized(router);
  if (handOver) await router.navigate(handOver.to, { replace: handOver.replace });
  firstRender?.();
  render(
    <LinkAdapterProvider value={routerLinks}>
      <RouterProvider router={router} />
    </LinkAdapterProvider>,
  );
}
