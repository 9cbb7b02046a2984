import { localStorageColorSchemeManager, MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { ToastHost } from '@/components/toast-host';
import { COLOR_SCHEME_STORAGE_KEY, resolveColorMode } from '@/lib/theme';
import { cssVariablesResolver, theme } from './theme';

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
      cssVariablesResolver={cssVariablesResolver}
      colorSchemeManager={colorSchemeManager}
      defaultColorScheme={initialColorMode()}
      // app/theme.generated.css holds what these two would write into the page at the first render (decision 0040).
      withCssVariables={false}
      withGlobalClasses={false}
    >
      <ToastHost />
      {children}
    </MantineProvider>
  );
}
