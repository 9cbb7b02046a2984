import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Shown while a lazily loaded screen arrives. The status region carries the name; the spinner is decoration. */
export function PageLoader({ fullScreen = false }: { fullScreen?: boolean }) {
  const { t } = useTranslation();
  return (
    <Center h={fullScreen ? '100dvh' : 320} role="status" aria-live="polite" aria-label={t('loading')}>
      <Loader aria-hidden="true" />
    </Center>
  );
}
