import { Outlet } from 'react-router';
import { PublicLayout } from './public-layout';

/** PublicLayout as a route: the matched public screen goes where the page belongs. */
export function PublicLayoutRoute() {
  return (
    <PublicLayout>
      <Outlet />
    </PublicLayout>
  );
}
