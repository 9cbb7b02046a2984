/// <reference types="node" />
import { existsSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROUTE_PRELOADS_ID } from '../vite-plugins/route-preloads.ts';
import {
  BUILD_TIMEOUT_MS,
  DIST,
  type Manifest,
  productionBuild,
  readBuilt,
} from './lib/testing/production-build.ts';

// The signed-in dashboard's own document (dashboard.html, sent on /dashboard) names the files its first paint needs
// as preload links in its head, and the session read its boot script starts (docs/decisions/0029, 0034, 0041);
// checked on the production build.
let manifest: Manifest;
let index: string;
let dashboard: string;
let routes: Record<string, unknown>;

/** Every file a chunk loads with it (its static imports), as URLs. */
function loadedWith(keys: string[], seen = new Set<string>()): Set<string> {
  for (const key of keys) {
    if (seen.has(key)) continue;
    seen.add(key);
    loadedWith(manifest[key]?.imports ?? [], seen);
  }
  return seen;
}
const urlsOf = (keys: Set<string>) => new Set([...keys].map((key) => `/${manifest[key]!.file}`));
const group = (name: string) =>
  Object.keys(manifest).find((k) => manifest[k]!.name === name && !manifest[k]!.src)!;
const byName = (name: string) => `/${manifest[group(name)]!.file}`;
/** The dashboard document's preload links, by kind. */
const linksOf = (html: string, kind: 'modulepreload' | 'style') =>
  [
    ...html.matchAll(
      kind === 'style'
        ? /<link rel="preload" as="style" crossorigin href="([^"]+)">/g
        : /<link rel="modulepreload" crossorigin href="([^"]+)">/g,
    ),
  ].map((match) => match[1]!);
/** The files a path's document (the dashboard's by default) adds to index.html's own preloads: scripts and stylesheets. */
const filesOf = (document = dashboard) => {
  const own = new Set(linksOf(index, 'modulepreload'));
  return [
    ...linksOf(document, 'modulepreload').filter((file) => !own.has(file)),
    ...linksOf(document, 'style'),
  ];
};
/** The API reads a path's document lists for its boot script. */
const readsOf = (document: string) => {
  const block = new RegExp(`<script id="${ROUTE_PRELOADS_ID}" type="application/json">([^<]*)</script>`).exec(
    document,
  );
  return block ? (JSON.parse(block[1]!) as Record<string, unknown>) : {};
};

beforeAll(() => {
  manifest = productionBuild();
  index = readBuilt('index.html');
  dashboard = readBuilt('dashboard.html');
  routes = readsOf(dashboard);
}, BUILD_TIMEOUT_MS);

describe('the dashboard’s document', () => {
  it('is index.html with the preloads in its head, where the browser finds them before any script runs', () => {
    const head = dashboard.slice(0, dashboard.indexOf('</head>'));
    expect(filesOf().length).toBeGreaterThan(0);
    for (const file of filesOf()) expect(head, file).toContain(`href="${file}"`);
    // The same page otherwise: the frame, the entry and its own preloads, the boot script.
    const withoutOwn = dashboard
      .replace(/\s*<link rel="(modulepreload|preload)"[^>]*>/g, '')
      .replace(new RegExp(`<script id="${ROUTE_PRELOADS_ID}"[^<]*</script>\\s*`), '');
    expect(withoutOwn).toBe(index.replace(/\s*<link rel="(modulepreload|preload)"[^>]*>/g, ''));
  });

  it('lists the session read for the boot script, and each role’s first read after it, as data the CSP never runs, before that script', () => {
    expect(dashboard.indexOf(`id="${ROUTE_PRELOADS_ID}"`)).toBeGreaterThan(0);
    expect(dashboard.indexOf(`id="${ROUTE_PRELOADS_ID}"`)).toBeLessThan(
      dashboard.indexOf('src="/color-scheme.js'),
    );
    expect(routes).toEqual({
      '/dashboard': ['/api/v1/session'],
      // Started once the session names the role, so the first render draws the list where it stays (decision 0077).
      roles: {
        session: '/api/v1/session',
        reads: {
          client: ['/api/v1/applications?page=1&pageSize=20'],
          notary: ['/api/v1/applications?page=1&pageSize=20'],
          admin: ['/api/v1/admin/dashboard'],
        },
      },
    });
  });

  it('leaves index.html, sent on every other signed-in page, without either', () => {
    expect(index).not.toContain(`id="${ROUTE_PRELOADS_ID}"`);
    expect(linksOf(index, 'style')).toEqual([]);
    for (const file of filesOf()) expect(index).not.toContain(file);
  });

  it('are the dashboard’s router, frame, screen with the client’s part, and their texts: files that exist', () => {
    const files = filesOf();
    for (const name of ['router-app', 'router', 'shell', 'dashboard', 'texts-en'])
      expect(files, name).toContain(byName(name));
    for (const file of files) expect(existsSync(path.join(DIST, file)), file).toBe(true);
  });

  it('name nothing the entry already loads, nor what the dashboard loads only on demand', () => {
    const files = filesOf();
    const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry)!;
    for (const file of urlsOf(loadedWith([entry]))) expect(files).not.toContain(file);
    const onDemand = [
      'src/app/layouts/shell/user-menu-dropdown.tsx',
      'src/features/notifications/components/notification-feed-popover.tsx',
      'src/features/dashboard/components/notary-dashboard.tsx',
      'src/features/dashboard/components/admin-dashboard.tsx',
    ];
    for (const module of onDemand) {
      expect(manifest[module], module).toBeDefined();
      expect(files).not.toContain(`/${manifest[module]!.file}`);
    }
    expect(files.some((file) => file.includes('socket.io'))).toBe(false);
  });

  it('are all the dashboard loads with its files, scripts and stylesheets, each once', () => {
    const files = filesOf();
    const entry = loadedWith([Object.keys(manifest).find((key) => manifest[key]!.isEntry)!]);
    const own = [...loadedWith(['router-app', 'shell', 'dashboard', 'texts-en'].map(group))].filter(
      (key) => !entry.has(key),
    );
    for (const file of urlsOf(new Set(own))) expect(files, file).toContain(file);
    for (const file of own.flatMap((key) => manifest[key]!.css ?? []))
      expect(files, file).toContain(`/${file}`);
    expect(new Set(files).size).toBe(files.length);
  });
});

// /resources' own document (decision 0048): the public frame's, the router's and the article list's files, and the
// list itself, started from the HTML; the server adds the first card's image (apps/server/src/platform/spa.ts).
describe('the resources document', () => {
  it('is index.html with the router’s, the public frame’s and the list screen’s files preloaded in its head', () => {
    const resources = readBuilt('resources.html');
    const files = filesOf(resources);
    const head = resources.slice(0, resources.indexOf('</head>'));
    for (const file of files) expect(head, file).toContain(`href="${file}"`);
    for (const name of ['router-app', 'router', 'public-layout-route', 'query-layout', 'resources-page'])
      expect(
        files.filter((file) => new RegExp(`^/assets/${name}-[\\w-]{8}\\.js$`).test(file)).length,
        name,
      ).toBe(1);
    for (const file of files) expect(existsSync(path.join(DIST, file)), file).toBe(true);
    // Nothing of the signed-in area or of the forms: the page never loads them.
    expect(files.filter((file) => /\/assets\/(shell|guard|dashboard|forms|contracts)-/.test(file))).toEqual(
      [],
    );
    expect(new Set(files).size).toBe(files.length);
  });

  it('lists the article list for its boot script, and nothing else', () => {
    expect(readsOf(readBuilt('resources.html'))).toEqual({ '/resources': ['/api/v1/blogs'] });
  });
});

describe('the texts every screen waits for', () => {
  it('are preloaded by both documents: the API errors and the field messages (English), not found later by the loader', () => {
    for (const source of ['src/locales/en/errors.json', 'src/locales/en/validation.json']) {
      const file = `/${manifest[source]!.file}`;
      expect(filesOf(), `dashboard.html: ${source}`).toContain(file);
      expect(filesOf(readBuilt('resources.html')), `resources.html: ${source}`).toContain(file);
    }
  });
});
