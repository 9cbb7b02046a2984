import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { contractsImportsPerModule } from './vite-plugins/contracts-imports.ts';
import { landingPage } from './vite-plugins/landing-page.ts';
import { mantineCssPerComponent } from './vite-plugins/mantine-css.ts';

const apiTarget = process.env.VITE_API_PROXY ?? `http://127.0.0.1:${process.env.PORT ?? '3000'}`;

const path = (pattern: string) => new RegExp(pattern.replaceAll('/', '[\\\\/]'));

/** Router, server state, the API client and the contracts it checks answers with (zod). */
const ROUTER_KIT = path(
  '/(node_modules/(react-router|@tanstack|zod)/|src/lib/(api-client|query-keys|query-client)\\.|src/features/auth/api/get-session\\.)',
);
/**
 * Inputs, @mantine/form and the form helpers that import neither zod nor the router: the landing page's newsletter
 * form loads this file after the first paint without pulling the router's.
 */
const FORM_KIT = path(
  '/(node_modules/@mantine/(form/|core/esm/components/(Input|InputBase|TextInput|PasswordInput|Textarea|CloseButton|Alert|Anchor|VisuallyHidden)/)|src/lib/(use-failure-focus|code-auto-submit|password-hint)\\.|src/components/[^/]*(-field|-fields|form)[^/]*\\.)',
);
/**
 * The API's error type and codes: the API client (router's file) and the forms both read them. Their own small file,
 * so that a page without a form (/resources) does not load the form kit for them, and the landing page's newsletter
 * form does not load the router's file.
 */
const API_ERRORS = path('/(packages/contracts/src/(constants|error-codes)\\.|src/lib/api-errors\\.)');

/** The contracts only signed-in screens read (not the blog's, the site's, the newsletter's or the sign-in's). */
const SIGNED_IN_CONTRACTS = path(
  '/packages/contracts/src/(applications|dashboard|identity|notaries|notifications|payments|portal|pricing|sessions|signing|support)\\.',
);

export default defineConfig({
  plugins: [react(), mantineCssPerComponent(), contractsImportsPerModule(), landingPage()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
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
            // Everything the entry imports statically (React, the Mantine parts of the landing page, i18next, the
            // landing page itself) is needed by every first paint: one file rather than about thirty.
            { name: 'boot', tags: ['$initial'], priority: 6 },
            // The form kit (the login, registration, contact and every signed-in form). A group takes its modules'
            // imports along, so it goes before the router's: otherwise the API client would take the error helpers
            // into the router's file, and the landing page's newsletter form would load the router.
            { name: 'api-errors', test: API_ERRORS, priority: 5.5 },
            { name: 'forms', test: FORM_KIT, priority: 5 },
            // What every page but the landing page needs: the router, server state, the API client and the contracts
            // it checks answers with. One file instead of about twenty split by which screens share them.
            { name: 'router', test: ROUTER_KIT, priority: 4 },
            // The signed-in area's contracts, one file rather than one per contract module (each screen's imports go
            // to the defining module: vite-plugins/contracts-imports.ts). After the router's, which already took the
            // modules the session read needs (auth, common, errors).
            { name: 'contracts', test: SIGNED_IN_CONTRACTS, priority: 3 },
          ],
        },
      },
    },
  },
});
