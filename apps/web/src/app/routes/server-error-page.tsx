import { useTranslation } from 'react-i18next';
import { MessagePage } from '@/components/message-page';
import { paths } from '@/config/paths';

export function ServerErrorPage() {
  const { t } = useTranslation();
  return (
    <>
      <title>{`${t('errors.serverErrorTitle')} · Mohar`}</title>
      <MessagePage
        title={t('errors.serverErrorTitle')}
        body={t('errors.serverErrorBody')}
        actionLabel={t('errors.backHome')}
        actionTo={paths.home()}
      />
    </>
  );
}
