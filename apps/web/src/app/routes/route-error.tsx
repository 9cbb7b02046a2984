import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { MessagePage } from '@/components/message-page';
import { paths } from '@/config/paths';

/** The router's error screen: any uncaught rendering error lands here (spec §8). */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  const isMissing = isRouteErrorResponse(error) && error.status === 404;
  return (
    <MessagePage
      title={isMissing ? t('errors.notFoundTitle') : t('errors.unexpectedTitle')}
      body={isMissing ? t('errors.notFoundBody') : t('errors.unexpectedBody')}
      actionLabel={t('errors.backHome')}
      actionTo={paths.home()}
    />
  );
}
