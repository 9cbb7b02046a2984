import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { contractsImportsPerModule } from './vite-plugins/contracts-imports.ts';
import { landingPage } from './vite-plugins/landing-page.ts';
import { mantineCssPerComponent } from './vite-plugins/mantine-css.ts';
import { reactOnPreact } from './vite-plugins/react-aliases.ts';
import { routePreloads } from './vite-plugins/route-preloads.ts';

const apiTarget = process.env.VITE_API_PROXY ?? `http://127.0.0.1:${process.env.PORT ?? '3000'}`;

const path = (pattern: string) => new RegExp(pattern.replaceAll('/', '[\\\\/]'));

/** Router, server state, the API client and the session read. */
const ROUTER_KIT = path(
  '/(node_modules/(react-router|@tanstack)/|src/lib/(api-client|query-keys|query-client)\\.|src/features/auth/api/get-session\\.)',
);
/**
 * zod, the checks a form runs with its contract, and the sign-in's and shared field contracts (every other contract
 * imports them): loaded by the screens with such a form, not by every routed page (the API client no longer checks
 * answers with zod: decision 0023); the login screen's forms load it on first input (decision 0033).
 */
const CONTRACT_CHECKS = path(
  '/(node_modules/zod/|src/lib/form-validation\\.|packages/contracts/src/(auth|common)\\.)',
);
/**
 * Inputs, @mantine/form and the form helpers that import neither zod nor the router: the landing page's newsletter
 * form loads this file after the first paint without pulling the router's.
 */
const FORM_KIT = path(
  '/(node_modules/@mantine/(form/|core/esm/components/(Input|InputBase|TextInput|PasswordInput|Textarea|VisuallyHidden)/)|src/lib/(use-failure-focus|use-contract-form|field-errors|code-auto-submit|password-hint)\\.|src/components/[^/]*(-field|-fields|form)[^/]*\\.)',
);
/**
 * The API's error type and codes: the API client (router's file) and the forms both read them. Their own small file,
 * so that a page without a form (/resources) does not load the form kit for them, and the landing page's newsletter
 * form does not load the router's file.
 */
/**
 * Mantine's Alert (with its close button; FormAlert is one) and Anchor: forms show failures in an Alert and links
 * beside them, and so do screens without a form (the dashboard's lists, the application view). Their own small file,
 * so those screens do not load the form kit for them (decisions 0023 and 0025).
 */
const ALERT = path(
  '/(node_modules/@mantine/core/esm/components/(Alert|CloseButton|Anchor)/|src/components/form-alert\\.)',
);
// The admin roles' table (zod-free) too: the sign-in contracts (`checks`) import it for their schema, and the router's
// access rules read it; left to the default, it went into `checks` and the router's file loaded zod on every page.
const API_ERRORS = path(
  '/(packages/contracts/src/(constants|error-codes|admin-access)\\.|src/lib/api-errors\\.)',
);

/** The contracts only signed-in screens read (not the blog's, the site's, the newsletter's or the sign-in's). */
const SIGNED_IN_CONTRACTS = path(
  '/packages/contracts/src/(applications|dashboard|identity|notaries|notifications|payments|portal|pricing|sessions|signing|support)\\.',
);

/**
 * What the notary's Accept and the call's screens share: the call's marks, the camera opened at Accept and its
 * picture. One small file rather than three of a few hundred bytes each (decision 0031).
 */
const CALL_PREP = path('/src/(lib/call-marks|features/call/lib/(early-camera|camera))\\.');

/**
 * The route table and what it reads at once. The entry also imports some screens directly (app/boot/screen-at-boot.ts),
 * which would otherwise split the modules those screens share with the table into files of their own.
 */
const ROUTE_TABLE = path(
  '/src/(app/(boot/router-app|router|access|layouts/root-shell|routes/route-error)|features/dashboard/components/role-dashboards)\\.',
);

/**
 * The signed-in frame every signed-in screen opens in: the guard, the app shell, the sidebar, the user menu's button,
 * the notification bell and what only they use. Listed by name, not taken with their imports (see the group below):
 * the small Mantine helpers, icons and the realtime wrapper they share with public screens (the site's drawer, the
 * notary directory, the signatories' portal and call) stay where those screens find them without loading the shell.
 */
const SIGNED_IN_SHELL = path(
  '/(src/app/(guard|layouts/shell/(app-frame|sidebar-nav|navigation|user-menu|app-shell\\.module))\\.|src/lib/(current-user|on-demand|after-paint)\\.|src/features/(profile/components/privacy-notices|organisations/components/acting-as-switcher)-on-demand\\.|src/features/notifications/(components/notification-bell|hooks/use-notification-stream|api/notifications|lib/feed)\\.|node_modules/@mantine/(core/esm/components/(AppShell|NavLink)/|core/styles/(AppShell|NavLink)\\.css|hooks/esm/use-local-storage/)|node_modules/lucide-react/dist/esm/icons/(activity|building-complex|chevron-down|folder-search|layout-dashboard|life-buoy|mail-check|newspaper|scroll-text|settings|shield-check|user-cog|user-round)\\.)',
);
/**
 * Small parts the signed-in frame and screens share with a few public screens (the site's drawer, the notary
 * directory, the verification page, the signatories' portal and call): Mantine's direction and z-index helpers, the
 * scroll lock, Indicator, Avatar, Skeleton, the icons the sidebar and the bell share with screens. One file (about 8 KB) instead of a dozen of under 1 KB on
 * every signed-in page; those public screens load it whole, none of them at /home's, /login's or /resources' first
 * paint (decision 0029).
 */
const SHARED_BITS = path(
  '/(node_modules/(@mantine/(core/esm/(core/DirectionProvider/|core/utils/get-default-z-index/|components/(Indicator|Avatar|Skeleton)/)|core/styles/(Indicator|Avatar|Skeleton)\\.css|hooks/esm/use-window-event/)|(react-remove-scroll|react-remove-scroll-bar|use-callback-ref|use-sidecar|get-nonce|react-style-singleton|tslib)/|lucide-react/dist/esm/icons/(inbox|badge-check|receipt-indian-rupee|users|wallet|file-plus-corner|bell)\\.)|src/(components/section-panel|lib/realtime)\\.)',
);
/**
 * The dashboard screen with the client's part (the notary's and the admin's parts stay files of their own: decision
 * 0023) and the signed-in frame's and the dashboard's texts in each language: one file each instead of one per module
 * or namespace (decision 0029).
 */
const DASHBOARD = path(
  '/(src/features/dashboard/(components/(dashboard-page|client-dashboard|work-list|empty-card)|api/get-dashboard|lib/next-action)|node_modules/lucide-react/dist/esm/icons/list-checks)\\.',
);
const signedInTexts = (language: string) =>
  path(`/src/locales/${language}/(app|dashboard|notaries|notifications)\\.json$`);

export default defineConfig({
  // No Fast Refresh: its runtime updates React DOM's roots, and Preact renders here (vite-plugins/react-aliases.ts),
  // so an edit would go unseen. The development server reloads the page instead.
  plugins: [
    react({ refreshExclude: /./ }),
    mantineCssPerComponent(),
    contractsImportsPerModule(),
    landingPage(),
    routePreloads(),
  ],
  resolve: {
    alias: [{ find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) }, ...reactOnPreact],
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: apiTarget, changeOrigin: false, ws: true } },
  },
  build: {
    outDir: 'dist',
    // The build test (src/build-css.test.ts) reads the manifest to follow what each chunk loads with it.
    manifest: true,
    sourcemap: false,
    assetsInlineLimit: 0,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Everything the entry imports statically (Preact, the Mantine parts of the landing page, i18next, the
            // landing page itself) is needed by every first paint: one file rather than about thirty.
            { name: 'boot', tags: ['$initial'], priority: 6 },
            // The form kit (the login, registration, contact and every signed-in form). A group takes its modules'
            // imports along, so it goes before the router's: otherwise the API client would take the error helpers
            // into the router's file, and the landing page's newsletter form would load the router.
            { name: 'api-errors', test: API_ERRORS, priority: 5.5 },
            { name: 'alert', test: ALERT, priority: 5.2 },
            { name: 'forms', test: FORM_KIT, priority: 5 },
            { name: 'checks', test: CONTRACT_CHECKS, priority: 4.5 },
            // What every page but the landing page needs: the router, server state, the API client and the contracts
            // it checks answers with. One file instead of about twenty split by which screens share them.
            { name: 'router', test: ROUTER_KIT, priority: 4 },
            { name: 'router-app', test: ROUTE_TABLE, priority: 3.5 },
            // The signed-in area's contracts, one file rather than one per contract module (each screen's imports go
            // to the defining module: vite-plugins/contracts-imports.ts). After the router's, which already took the
            // modules the session read needs (auth, common, errors).
            { name: 'contracts', test: SIGNED_IN_CONTRACTS, priority: 3 },
            // The signed-in dashboard's first paint: a few files rather than about twenty of under a kilobyte each
            // (decision 0029). Only the modules named: their imports shared with public screens stay apart.
            { name: 'shell', test: SIGNED_IN_SHELL, priority: 2.8, includeDependenciesRecursively: false },
            {
              name: 'signed-in-bits',
              test: SHARED_BITS,
              priority: 2.7,
              includeDependenciesRecursively: false,
            },
            { name: 'dashboard', test: DASHBOARD, priority: 2.6, includeDependenciesRecursively: false },
            { name: 'texts-en', test: signedInTexts('en'), priority: 2.4 },
            { name: 'texts-hi', test: signedInTexts('hi'), priority: 2.4 },
            { name: 'call-prep', test: CALL_PREP, priority: 2 },
          ],
        },
      },
    },
  },
});
