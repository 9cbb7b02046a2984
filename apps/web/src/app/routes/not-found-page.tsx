import { useTranslation } from 'react-i18next';
import { MessagePage } from '@/components/message-page';
import { paths } from '@/config/paths';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <>
      <title>{`${t('errors.notFoundTitle')} · Mohar`}</title>
      <MessagePage
        title={t('errors.notFoundTitle')}
        body={t('errors.notFoundBody')}
        actionLabel={t('errors.backHome')}
        actionTo={paths.home()}
      />
    </>
  );
}
