import { Box } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AccountLanguageSwitch } from './account-language-switch';
import { SectionCard } from './section-card';

/** The profile's language block: the same switch as the header's, with a word on where the choice applies. */
export function LanguageSection() {
  const { t } = useTranslation('profile');
  return (
    <SectionCard id="profile-language-heading" title={t('language.title')} intro={t('language.intro')}>
      <Box maw={260}>
        <AccountLanguageSwitch fullWidth />
      </Box>
    </SectionCard>
  );
}
