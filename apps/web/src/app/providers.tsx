import { localStorageColorSchemeManager, MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
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
  const [queryClient] = useState(
    () =>
      new QueryClient({
        defaultOptions: { queries: { staleTime: 60_000, retry: 1, refetchOnWindowFocus: false } },
      }),
  );
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      colorSchemeManager={colorSchemeManager}
      defaultColorScheme={initialColorMode()}
    >
      <ToastHost />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
