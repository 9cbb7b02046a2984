import { ActionIcon, Box, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { Moon, Sun } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** Light/dark switch. Mantine's colour scheme manager (providers.tsx) remembers the choice. */
export function ColorModeToggle() {
  const { t } = useTranslation();
  const { setColorScheme } = useMantineColorScheme();
  const isDark = useComputedColorScheme('light') === 'dark';
  const label = isDark ? t('colorMode.toLight') : t('colorMode.toDark');
  return (
    <ActionIcon
      variant="default"
      size="lg"
      onClick={() => setColorScheme(isDark ? 'light' : 'dark')}
      aria-label={label}
      title={label}
    >
      {/* CSS picks the icon from the mode attribute, so the first paint already matches color-scheme.js. */}
      <Box component="span" lightHidden lh={0}>
        <Sun size={18} aria-hidden />
      </Box>
      <Box component="span" darkHidden lh={0}>
        <Moon size={18} aria-hidden />
      </Box>
    </ActionIcon>
  );
}
