import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { contractsImportsPerModule } from './vite-plugins/contracts-imports.ts';
import { landingPage } from './vite-plugins/landing-page.ts';
import { mantineCssPerComponent } from './vite-plugins/mantine-css.ts';
import { reactOnPreact } from './vite-plugins/react-aliases.ts';

const apiTarget = process.env.VITE_API_PROXY ?? `http://127.0.0.1:${process.env.PORT ?? '3000'}`;

const path = (pattern: string) => new RegExp(pattern.replaceAll('/', '[\\\\/]'));

/** Router, server state, the API client and the session read. */
const ROUTER_KIT = path(
  '/(node_modules/(react-router|@tanstack)/|src/lib/(api-client|query-keys|query-client)\\.|src/features/auth/api/get-session\\.)',
);
/**
 * zod, the form helpers that check a form with its contract, and the sign-in's and shared field contracts (every other
 * contract imports them): loaded by the screens with such a form, not by every routed page (the API client no longer
 * checks answers with zod: decision 0023).
 */
const CONTRACT_CHECKS = path(
  '/(node_modules/zod/|src/lib/(form-validation|use-contract-form)\\.|packages/contracts/src/(auth|common)\\.)',
);
/**
 * Inputs, @mantine/form and the form helpers that import neither zod nor the router: the landing page's newsletter
 * form loads this file after the first paint without pulling the router's.
 */
const FORM_KIT = path(
  '/(node_modules/@mantine/(form/|core/esm/components/(Input|InputBase|TextInput|PasswordInput|Textarea|VisuallyHidden)/)|src/lib/(use-failure-focus|code-auto-submit|password-hint)\\.|src/components/[^/]*(-field|-fields|form)[^/]*\\.)',
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
const API_ERRORS = path('/(packages/contracts/src/(constants|error-codes)\\.|src/lib/api-errors\\.)');

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

export default defineConfig({
  // No Fast Refresh: its runtime updates React DOM's roots, and Preact renders here (vite-plugins/react-aliases.ts),
  // so an edit would go unseen. The development server reloads the page instead.
  plugins: [
    react({ refreshExclude: /./ }),
    mantineCssPerComponent(),
    contractsImportsPerModule(),
    landingPage(),
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
            { name: 'call-prep', test: CALL_PREP, priority: 2 },
          ],
        },
      },
    },
  },
});
