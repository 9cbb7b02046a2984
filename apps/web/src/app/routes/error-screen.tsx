import { useTranslation } from 'react-i18next';
import { MessagePage } from '@/components/message-page';
import { paths } from '@/config/paths';

/** What an uncaught rendering error shows (spec §8), with or without the router. */
export function ErrorScreen({ isMissing = false }: { isMissing?: boolean }) {
  const { t } = useTranslation();
  return (
    <MessagePage
      title={isMissing ? t('errors.notFoundTitle') : t('errors.unexpectedTitle')}
      body={isMissing ? t('errors.notFoundBody') : t('errors.unexpectedBody')}
      actionLabel={t('errors.backHome')}
      actionTo={paths.home()}
    />
  );
}
