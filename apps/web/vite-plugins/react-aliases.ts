import { fileURLToPath } from 'node:url';
import type { Alias } from 'vite';

const shim = (name: string) =>
  fileURLToPath(new URL(`../src/lib/react-on-preact/${name}.ts`, import.meta.url));

/**
 * React's packages resolved to Preact's compat layer (docs/decisions/0021-preact.md), for the production build,
 * `npm run dev` and the web unit tests alike (vitest.config.ts uses this list), so the tests run on the renderer
 * people get. Exact names only: `react-router`, `react-i18next` and the like stay themselves. Nothing renders on a
 * server: `react-dom/server` still points at Preact's so that an import fails (preact-render-to-string is not
 * installed) rather than quietly bringing React back.
 */
export const reactOnPreact: Alias[] = [
  { find: /^react$/, replacement: shim('react') },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/server(\.[a-z]+)?$/, replacement: 'preact/compat/server' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx(-dev)?-runtime$/, replacement: shim('jsx-runtime') },
];
