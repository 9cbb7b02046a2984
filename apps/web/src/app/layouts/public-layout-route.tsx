import { Outlet, useSearchParams } from 'react-router';
import { PublicLayout } from './public-layout';

/** PublicLayout as a route: the matched public screen goes where the page belongs. */
export function PublicLayoutRoute() {
  const [searchParams] = useSearchParams();
  return (
    <PublicLayout redirect={searchParams.get('redirect')}>
      <Outlet />
    </PublicLayout>
  );
}
