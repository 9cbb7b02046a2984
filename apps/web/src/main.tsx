import '@fontsource-variable/inter/index.css';
import './assets/fonts/inter-rupee.css';
import './assets/fonts/inter-basic.css';
import '@fontsource/noto-sans-devanagari/400.css';
import '@fontsource/noto-sans-devanagari/700.css';
// Mantine's base styles; each component's own CSS comes with the code that renders it (vite-plugins/mantine-css.ts).
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
// The theme's variables and Mantine's responsive classes, after Mantine's defaults: what MantineProvider would write
// into the page at the first render (app/providers.tsx; decisions 0040, 0041).
import './app/theme.generated.css';
import { type ReactNode, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { LandingApp } from './app/boot/landing-app';
import { htmlHeroPainted, isLandingPath } from './app/boot/landing-path';
import { loadScreenAtBoot } from './app/boot/screen-at-boot';
import { readSessionAtBoot } from './app/boot/session-at-boot';
import { AppProviders } from './app/providers';
import { adoptHtmlLogin, hasHtmlLogin } from './features/auth/lib/html-login';
import { rewriteHashLink } from './lib/hash-links';
import { setUpI18n } from './lib/i18n';

// Old hash-style links (/#/resources) are rewritten before anything reads the URL.
const hashTarget = rewriteHashLink(window.location);
if (hashTarget) window.history.replaceState(null, '', hashTarget);

const root = createRoot(document.getElementById('root')!);
const render = (app: ReactNode) =>
  root.render(
    <StrictMode>
      <AppProviders>{app}</AppProviders>
    </StrictMode>,
  );

// React Router and every screen but the landing page load on demand (docs/decisions/0003-landing-boot.md).
const loadRouter = () => import('./app/boot/router-app');

let isOpening = false;

async function openRouter(handOver?: { to: string; replace?: boolean }, firstRender?: () => void) {
  // A second click while the first one's screen loads is ignored: that screen is already on its way.
  if (isOpening) return;
  isOpening = true;
  try {
    // The first render is the screen in the visitor's language: its initial texts are in before it (a Hindi visitor).
    const [{ startRouter }] = await Promise.all([loadRouter(), i18nReady.catch(() => {})]);
    await startRouter(render, handOver, firstRender);
  } catch (error) {
    // The router's files could not be fetched (offline, or a deploy replaced them): a full page load still works.
    if (!handOver) throw error;
    if (handOver.replace) window.location.replace(handOver.to);
    else window.location.assign(handOver.to);
  }
}

const prefetchRouter = () => void loadRouter().catch(() => {});

const i18nReady = setUpI18n();
if (isLandingPath(window.location.pathname)) {
  // The landing page's texts are bundled in English; a Hindi visitor waits for them rather than seeing English flash.
  // Meanwhile an English visitor already sees the hero, written into index.html (docs/decisions/0018); it stays
  // until its poster has painted.
  void Promise.all([i18nReady.catch(() => {}), htmlHeroPainted()]).then(() =>
    render(<LandingApp openRouter={openRouter} prefetchRouter={prefetchRouter} />),
  );
} else {
  // The session, the router and the screen are fetched side by side, not one after the other.
  readSessionAtBoot(window.location.pathname);
  loadScreenAtBoot(window.location.pathname);
  if (hasHtmlLogin()) {
    // login.html draws the login card itself (docs/decisions/0028): it stays, instead of the spinner, until the
    // router's first render is that screen in the visitor's language, which takes over what was typed into it.
    void i18nReady.catch(() => {}).then(() => openRouter(undefined, adoptHtmlLogin));
  } else {
    // index.html's branded frame (the same look as the full-screen loader) stays until the router renders the screen.
    void openRouter();
  }
}
