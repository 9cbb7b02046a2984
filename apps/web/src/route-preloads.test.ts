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

// index.html names the files the signed-in dashboard's first paint needs; public/color-scheme.js preloads them on
// that path alone (docs/decisions/0029), checked on the production build.
let manifest: Manifest;
let index: string;
let routes: Record<string, string[]>;

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
/** A path's scripts and stylesheets, without its API reads. */
const filesOf = (route: string) => (routes[route] ?? []).filter((entry) => /\.(js|css)$/.test(entry));

beforeAll(() => {
  manifest = productionBuild();
  index = readBuilt('index.html');
  const block = new RegExp(`<script id="${ROUTE_PRELOADS_ID}" type="application/json">([^<]*)</script>`).exec(
    index,
  );
  routes = block ? (JSON.parse(block[1]!) as Record<string, string[]>) : {};
}, BUILD_TIMEOUT_MS);

describe('the preloads index.html lists', () => {
  it('are read by the boot script: the list comes before it, as data the CSP never runs', () => {
    expect(index.indexOf(`id="${ROUTE_PRELOADS_ID}"`)).toBeGreaterThan(0);
    expect(index.indexOf(`id="${ROUTE_PRELOADS_ID}"`)).toBeLessThan(index.indexOf('src="/color-scheme.js'));
    expect(Object.keys(routes)).toEqual(['/dashboard']);
  });

  it('start with the dashboard’s session read, the answer its first render waits for (decision 0034)', () => {
    expect(routes['/dashboard']?.[0]).toBe('/api/v1/session');
    expect((routes['/dashboard'] ?? []).filter((entry) => entry.startsWith('/api/'))).toEqual([
      '/api/v1/session',
    ]);
  });

  it('are the dashboard’s router, frame, screen with the client’s part, and their texts: files that exist', () => {
    const files = filesOf('/dashboard');
    for (const name of ['router-app', 'router', 'shell', 'dashboard', 'texts-en'])
      expect(files, name).toContain(byName(name));
    for (const file of files) expect(existsSync(path.join(DIST, file)), file).toBe(true);
  });

  it('name nothing the entry already loads, nor what the dashboard loads only on demand', () => {
    const files = filesOf('/dashboard');
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
    const files = filesOf('/dashboard');
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
