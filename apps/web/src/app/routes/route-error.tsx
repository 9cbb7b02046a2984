import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ErrorScreen } from './error-screen';

/** The router's error screen: any uncaught rendering error lands here (spec §8). */
export function RouteError() {
  const error = useRouteError();
  return <ErrorScreen isMissing={isRouteErrorResponse(error) && error.status === 404} />;
}
