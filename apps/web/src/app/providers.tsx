import { localStorageColorSchemeManager, MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { ToastHost } from '@/components/toast-host';
import { COLOR_SCHEME_STORAGE_KEY, resolveColorMode } from '@/lib/theme';
import { theme } from './theme';

const colorSchemeManager = localStorageColorSchemeManager({ key: COLOR_SCHEME_STORAGE_KEY });

function initialColorMode() {
  try {
    return resolveColorMode({
      themeParam: new URLSearchParams(window.location.search).get('theme'),
      stored: window.localStorage.getItem(COLOR_SCHEME_STORAGE_KEY),
    });
  } catch {
    return 'light';
  }
}

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <MantineProvider
      theme={theme}
      // The theme's CSS variables and Mantine's responsive classes are a stylesheet (theme.generated.css, imported by
      // main.tsx), not computed and injected here on every load: part of the first render's long task at a phone's
      // speed (decisions 0040, 0041).
      withCssVariables={false}
      withGlobalClasses={false}
      colorSchemeManager={colorSchemeManager}
      defaultColorScheme={initialColorMode()}
    >
      <ToastHost />
      {children}
    </MantineProvider>
  );
}
