import '@fontsource-variable/inter/index.css';
import '@fontsource/noto-sans-devanagari/400.css';
import '@fontsource/noto-sans-devanagari/700.css';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';
import { rewriteHashLink } from './lib/hash-links';
import { setUpI18n } from './lib/i18n';

// Old hash-style links (/#/resources) are rewritten before the router reads the URL.
const hashTarget = rewriteHashLink(window.location);
if (hashTarget) window.history.replaceState(null, '', hashTarget);

void setUpI18n();
const router = createAppRouter();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
