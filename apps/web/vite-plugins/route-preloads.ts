import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';
import { ROLE_DASHBOARD_READS } from '../src/features/dashboard/api/dashboard-reads.ts';
import { API_BASE_PATH, API_PATHS_AT_BOOT } from '../src/lib/api-base.ts';

/** The id of a path document's data block that lists the API reads its boot script starts (public/color-scheme.js). */
export const ROUTE_PRELOADS_ID = 'mohar-preloads';

/**
 * The signed-in dashboard's first paint: the router's table, the server-state layout, the guard with the signed-in
 * frame, the screen with the client's part, and the texts they read (the same list app/boot/screen-at-boot.ts starts
 * from the entry); /resources' likewise, with the public frame. Source modules, relative to the web app.
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
    // Every screen's loader waits for the API errors' and field messages' texts too (lib/i18n.ts loadNamespaces):
    // found only once the entry runs, they were a round trip of their own before the first render.
    'src/locales/en/errors.json',
    'src/locales/en/validation.json',
  ],
  // The articles page (decision 0048): its largest paint is the first card's image, drawn by the screen.
  '/resources': [
    'src/app/boot/router-app.tsx',
    'src/app/layouts/public-layout-route.tsx',
    'src/app/layouts/query-layout.tsx',
    'src/features/blog/components/resources-page.tsx',
    'src/locales/en/blog.json',
    'src/locales/en/errors.json',
    'src/locales/en/validation.json',
  ],
};

/**
 * The API reads each listed path's first paint waits for, started by the boot script with the files: the signed-in
 * dashboard's guard needs the session before it renders anything, /resources' cards the article list. The app takes the answer (src/lib/boot-read.ts).
 */
export const ROUTE_BOOT_READS: Record<string, readonly string[]> = {
  '/dashboard': [API_PATHS_AT_BOOT.session],
  '/resources': [API_PATHS_AT_BOOT.blogs],
};

/**
 * The reads each signed-in role's part of a path starts with, which the boot script starts as soon as the session
 * read names the role (decision 0077): the dashboard's list then arrives before the first render, which draws it in
 * place instead of a skeleton the list later pushes the page down from. The app took this step once its entry had
 * run (app/boot/dashboard-at-boot.ts, which now finds these reads started).
 */
export const ROUTE_ROLE_READS: Record<string, Record<string, readonly string[]>> = {
  '/dashboard': ROLE_DASHBOARD_READS,
};

/** What a path's data block says besides its reads: the session read's URL and the reads each role starts after it. */
export type RoleReads = { session: string; reads: Record<string, string[]> };

const roleReadsOf = (route: string): RoleReads | undefined => {
  const byRole = ROUTE_ROLE_READS[route];
  if (!byRole) return undefined;
  return {
    session: `${API_BASE_PATH}${API_PATHS_AT_BOOT.session}`,
    reads: Object.fromEntries(
      Object.entries(byRole).map(([role, reads]) => [role, reads.map((read) => `${API_BASE_PATH}${read}`)]),
    ),
  };
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
export const readsBlock = (routes: Record<string, string[] | RoleReads>) =>
  `<script id="${ROUTE_PRELOADS_ID}" type="application/json">${JSON.stringify(routes).replace(/</g, '\\u003c')}</script>`;

/** The document a listed path gets (`/dashboard` → `dashboard.html`), sent by the server on that path. */
export const routeDocumentName = (route: string) => `${route.replace(/^\/+/, '')}.html`;

/** The link that starts one file: scripts as module preloads, stylesheets as style preloads, in the entry's CORS mode. */
const preloadLink = (file: string) =>
  file.endsWith('.css')
    ? `<link rel="preload" as="style" crossorigin href="${file}">`
    : `<link rel="modulepreload" crossorigin href="${file}">`;

/**
 * A path's own document from the built index.html: its files as preload links in the head, which the browser's
 * preload scanner starts as soon as the HTML arrives (no script runs for them), and the API reads it starts before
 * the boot script, which fetches them (decision 0034). Decision 0041: the links used to be inserted by the boot
 * script, one long task of about 0.2 s at Lighthouse's 4× slower CPU before the entry could run.
 */
export function routeDocument(
  indexHtml: string,
  options: { route: string; files: string[]; reads: string[] },
) {
  const boot = /<script src="\/color-scheme\.js[^"]*"><\/script>/.exec(indexHtml);
  if (!boot) throw new Error('route preloads: no boot script in index.html');
  if (!indexHtml.includes('</head>')) throw new Error('route preloads: no </head> in index.html');
  const roles = roleReadsOf(options.route);
  const reads =
    options.reads.length > 0
      ? `${readsBlock({ [options.route]: options.reads, ...(roles ? { roles } : {}) })}\n    `
      : '';
  const links = options.files.map(preloadLink).join('\n    ');
  return indexHtml.replace(boot[0], `${reads}${boot[0]}`).replace('</head>', `  ${links}\n  </head>`);
}

/**
 * Writes, for each listed path, its own document beside index.html (`dashboard.html`): index.html as the build left
 * it (the boot script versioned by vite-plugins/landing-page.ts, whose `writeBundle` runs first) with the path's
 * files as preload links and its API reads (decisions 0029, 0034, 0041). Other paths get index.html, which preloads
 * nothing more.
 */
export function routePreloads(): Plugin {
  let outDir = '';
  let routes: Record<string, { files: string[]; reads: string[] }> = {};
  return {
    name: 'mohar-route-preloads',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle;
        if (!bundle) return html;
        routes = Object.fromEntries(
          Object.entries(ROUTE_PRELOAD_MODULES).map(([route, modules]) => [
            route,
            {
              files: filesFor(bundle, modules),
              reads: (ROUTE_BOOT_READS[route] ?? []).map((read) => `${API_BASE_PATH}${read}`),
            },
          ]),
        );
        return html;
      },
    },
    writeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        const index = readFileSync(path.join(outDir, 'index.html'), 'utf8');
        for (const [route, { files, reads }] of Object.entries(routes))
          writeFileSync(
            path.join(outDir, routeDocumentName(route)),
            routeDocument(index, { route, files, reads }),
          );
      },
    },
  };
}
