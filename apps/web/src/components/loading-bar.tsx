import { Progress } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The thin bar at the top of the window while the next screen loads. */
export function LoadingBar() {
  const { t } = useTranslation();
  return (
    <Progress
      value={100}
      animated
      size="xs"
      radius={0}
      pos="fixed"
      top={0}
      left={0}
      right={0}
      style={{ zIndex: 1000 }}
      aria-label={t('loadingPage')}
    />
  );
}
