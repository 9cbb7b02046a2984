import { Navigate, useLocation } from 'react-router';
import { paths } from '@/config/paths';

/**
 * The guarded area (spec §2 route guard). Accounts have not landed yet, so nobody is signed in: every visitor is
 * sent to /home with the path they asked for in `redirect`, exactly as an unauthenticated visitor will be later.
 */
export function GuardedLayout() {
  const location = useLocation();
  return <Navigate to={paths.home({ redirect: `${location.pathname}${location.search}` })} replace />;
}
