import type { OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';
import { API_BASE_PATH, API_PATHS_AT_BOOT } from '../src/lib/api-base.ts';

/** The id of index.html's data block that lists, per path, the files its first paint needs (public/color-scheme.js). */
export const ROUTE_PRELOADS_ID = 'mohar-preloads';

/**
 * The signed-in dashboard's first paint: the router's table, the server-state layout, the guard with the signed-in
 * frame, the screen with the client's part, and the texts they read (the same list app/boot/screen-at-boot.ts starts
 * from the entry). Source modules, relative to the web app.
 */
export const ROUTE_PRELOAD_MODULES: Record<string, readonly string[]> = {
  '/dashboard': [
    'src/app/boot/router-app.tsx',
    'src/app/layouts/query-layout.tsx',
    'src/app/guard.tsx',
    'src/features/dashboard/components/dashboard-page.tsx',
    'src/features/dashboard/components/client-dashboard.tsx',
    'src/locales/en/app.json',
    'src/locales/en/dashboard.json',
    'src/locales/en/notaries.json',
    'src/locales/en/notifications.json',
  ],
};

/**
 * The API reads each listed path's first paint waits for, started by the boot script with the files: the signed-in
 * dashboard's guard needs the session before it renders anything. The app takes the answer (src/lib/boot-read.ts).
 */
export const ROUTE_BOOT_READS: Record<string, readonly string[]> = {
  '/dashboard': [API_PATHS_AT_BOOT.session],
};

const isChunk = (output: OutputBundle[string]): output is OutputChunk => output.type === 'chunk';
const normalise = (id: string) => id.replaceAll('\\', '/');

/**
 * The files (scripts and their stylesheets, as URLs) that hold `modules`, with every file they import statically,
 * less the entry's own (index.html already loads and preloads those).
 */
export function filesFor(bundle: OutputBundle, modules: readonly string[], base = '/'): string[] {
  const chunks = Object.values(bundle).filter(isChunk);
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const loadedByEntry = new Set<string>();
  const walk = (chunk: OutputChunk, into: Set<string>) => {
    if (into.has(chunk.fileName)) return;
    into.add(chunk.fileName);
    for (const name of chunk.imports) {
      const imported = byName.get(name);
      if (imported) walk(imported, into);
    }
  };
  for (const chunk of chunks) if (chunk.isEntry) walk(chunk, loadedByEntry);
  const wanted = new Set<string>();
  for (const module of modules) {
    const holder = chunks.find((chunk) => chunk.moduleIds.some((id) => normalise(id).endsWith(`/${module}`)));
    // A renamed or moved module must fail the build, not silently drop its preload.
    if (!holder) throw new Error(`route preloads: no file holds ${module}`);
    walk(holder, wanted);
  }
  const scripts = [...wanted].filter((name) => !loadedByEntry.has(name));
  const styles = scripts.flatMap((name) => [...(byName.get(name)?.viteMetadata?.importedCss ?? [])]);
  return [...scripts, ...new Set(styles)].map((name) => `${base}${name}`);
}

/** `<script type="application/json">`: never executed, so the strict script CSP holds; `<` cannot close the tag. */
export const preloadsBlock = (routes: Record<string, string[]>) =>
  `<script id="${ROUTE_PRELOADS_ID}" type="application/json">${JSON.stringify(routes).replace(/</g, '\\u003c')}</script>`;

/**
 * Writes into index.html, before the boot script, the API reads and the files each listed path's first paint needs: the boot script starts the reads (decision 0034) and preloads the files for that path only (decision
 * 0029), so they download beside the entry instead of after it has run. Other paths preload nothing more.
 */
export function routePreloads(): Plugin {
  return {
    name: 'mohar-route-preloads',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle;
        if (!bundle) return html;
        const routes = Object.fromEntries(
          Object.entries(ROUTE_PRELOAD_MODULES).map(([route, modules]) => [
            route,
            // The reads first: a small answer the first render waits for, not queued behind the files.
            [
              ...(ROUTE_BOOT_READS[route] ?? []).map((read) => `${API_BASE_PATH}${read}`),
              ...filesFor(bundle, modules),
            ],
          ]),
        );
        const boot = '<script src="/color-scheme.js"></script>';
        if (!html.includes(boot)) throw new Error('route preloads: no boot script in index.html');
        return html.replace(boot, `${preloadsBlock(routes)}\n    ${boot}`);
      },
    },
  };
}
