/// <reference types="node" />
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  BUILD_TIMEOUT_MS,
  type Manifest,
  productionBuild,
  ROOT,
  readBuilt,
} from './lib/testing/production-build.ts';

// What a page's first paint loads, on the production build people get (docs/decisions/0023-pages-carry-less.md).
const MANTINE = path.join(ROOT, 'node_modules/@mantine/core/esm/components');

let manifest: Manifest;
const read = readBuilt;

/** Modules and their chunks, with every chunk they import statically: what runs before they can. */
function loadedWith(keys: string[], seen = new Set<string>()): Set<string> {
  for (const key of keys) {
    if (seen.has(key)) continue;
    expect(manifest[key], `${key} is in the build`).toBeDefined();
    seen.add(key);
    loadedWith(manifest[key]!.imports ?? [], seen);
  }
  return seen;
}
const filesOf = (keys: Set<string>) => [...keys].map((key) => manifest[key]!.file);
const scriptOf = (keys: Set<string>) => filesOf(keys).map(read).join('\n');

/** zod's schema classes carry their names as strings (`$ZodType`, …), whatever chunk zod ends up in. */
const hasZod = (code: string) => /[`'"]\$ZodType[`'"]/.test(code);
/** A Mantine component's class names (`m_…`), from its CSS module: present in any chunk that renders it. */
const classesOf = (component: string) =>
  [
    ...readFileSync(path.join(MANTINE, component, `${component}.module.mjs`), 'utf8').matchAll(
      /m_[0-9a-f]{6,8}/g,
    ),
  ].map((m) => m[0]);
const renders = (code: string, component: string) => classesOf(component).some((name) => code.includes(name));

const ENTRY = 'index.html';
/** The route table's file: a chunk group of its own (vite.config.ts), so keyed by its name, not a source path. */
const router = () => Object.keys(manifest).find((key) => manifest[key]!.name === 'router-app')!;
/** A chunk group's file (vite.config.ts), keyed by its name: its modules are not entries of their own. */
const group = (name: string) => {
  const key = Object.keys(manifest).find((k) => manifest[k]!.name === name && !manifest[k]!.src);
  expect(key, `the ${name} group is in the build`).toBeDefined();
  return key!;
};
const realtimeClient = () =>
  Object.keys(manifest).find((key) => key.includes('node_modules/socket.io-client/'))!;
/** floating-ui (Mantine's Tooltip, Popover and Menu place themselves with it): a shared chunk named after it. */
const floatingUi = () => Object.keys(manifest).find((key) => manifest[key]!.name === 'floating-ui.react')!;

beforeAll(() => {
  manifest = productionBuild();
}, BUILD_TIMEOUT_MS);

describe('the markers this file relies on', () => {
  it('find zod, Mantine’s Menu and the realtime client where they are', () => {
    const menu = scriptOf(loadedWith(['src/app/layouts/shell/user-menu-dropdown.tsx']));
    expect(renders(menu, 'Menu')).toBe(true);
    expect(hasZod(scriptOf(loadedWith(['src/features/auth/components/register-page.tsx'])))).toBe(true);
    expect(realtimeClient()).toBeDefined();
  });

  it('find Mantine’s Modal, Tooltip and Table, the form kit and floating-ui where they are', () => {
    const refund = scriptOf(loadedWith(['src/features/payments/components/refund-dialog.tsx']));
    expect(renders(refund, 'Modal')).toBe(true);
    expect(renders(refund, 'Input')).toBe(true);
    expect(hasZod(refund)).toBe(true);
    const call = loadedWith(['src/features/call/components/notary-session-page.tsx']);
    expect(renders(scriptOf(call), 'Tooltip')).toBe(true);
    expect(call.has(floatingUi())).toBe(true);
    const wallet = scriptOf(loadedWith(['src/features/wallet/components/wallet-page.tsx']));
    expect(renders(wallet, 'Table')).toBe(true);
  });
});

describe('a public page without a form', () => {
  it('/resources loads neither zod nor the realtime client', () => {
    const loaded = loadedWith([ENTRY, router(), 'src/features/blog/components/resources-page.tsx']);
    expect(hasZod(scriptOf(loaded))).toBe(false);
    expect(loaded.has(realtimeClient())).toBe(false);
  });
});

describe('/login', () => {
  it('loads zod and the sign-in contracts only when its forms are used (decision 0033)', () => {
    const loaded = loadedWith([ENTRY, router(), 'src/features/auth/components/login-page.tsx']);
    expect(hasZod(scriptOf(loaded))).toBe(false);
    // Its forms fetch the checks' file on first input: zod and the sign-in's schema with its messages.
    const onDemand = [...loaded].flatMap((key) => manifest[key]!.dynamicImports ?? []);
    expect(onDemand).toContain(group('checks'));
    const checks = scriptOf(loadedWith([group('checks')]));
    expect(hasZod(checks)).toBe(true);
    expect(checks).toContain('Enter your password');
  });
});

describe("a client's dashboard", () => {
  const dashboard = () =>
    // The guard and the frame are the `shell` group; the screen with the client's part the `dashboard` group.
    loadedWith([ENTRY, router(), group('shell'), group('dashboard')]);

  it('loads no zod: answers are not checked in the browser, and a client has no form there', () => {
    expect(hasZod(scriptOf(dashboard()))).toBe(false);
  });

  it('loads the user menu and the notification feed only when they are opened', () => {
    const code = scriptOf(dashboard());
    for (const component of ['Menu', 'Popover', 'ScrollArea'])
      expect(renders(code, component), component).toBe(false);
  });

  it('connects the realtime client on demand, not as part of the screen’s files', () => {
    expect(dashboard().has(realtimeClient())).toBe(false);
  });
});

describe('an application’s view (its owner, awaiting payment)', () => {
  const view = () =>
    loadedWith([ENTRY, router(), group('shell'), 'src/app/routes/application-view-screen.tsx']);

  it('fetches its dialogs (Mantine’s Modal, the form kit’s inputs) only when one is opened', () => {
    const code = scriptOf(view());
    for (const component of ['Modal', 'Input', 'Checkbox', 'Radio'])
      expect(renders(code, component), component).toBe(false);
  });

  it('shows its hints and its fee table without floating-ui (no Tooltip, no Table with its ScrollArea)', () => {
    const code = scriptOf(view());
    for (const component of ['Tooltip', 'Table', 'ScrollArea'])
      expect(renders(code, component), component).toBe(false);
    expect(view().has(floatingUi())).toBe(false);
  });

  it('loads no zod and no signed-in contract: only the dialogs check a request before sending it', () => {
    expect(hasZod(scriptOf(view()))).toBe(false);
  });
});

describe('the blog editor (issue 22)', () => {
  /** ProseMirror names its view's class in the code: present wherever Tiptap is. */
  const hasTiptap = (code: string) => code.includes('ProseMirror');

  it('loads Tiptap with the editor’s screen only: not /resources, an article, the blog console’s list or the dashboard', () => {
    expect(hasTiptap(scriptOf(loadedWith(['src/features/blog/components/admin-article-page.tsx'])))).toBe(
      true,
    );
    const pages = {
      '/resources': [ENTRY, router(), 'src/features/blog/components/resources-page.tsx'],
      'an article': [ENTRY, router(), 'src/features/blog/components/article-page.tsx'],
      '/admin/blog': [ENTRY, router(), group('shell'), 'src/features/blog/components/admin-blog-page.tsx'],
      'the dashboard': [ENTRY, router(), group('shell'), group('dashboard')],
    };
    for (const [page, keys] of Object.entries(pages))
      expect(hasTiptap(scriptOf(loadedWith(keys))), page).toBe(false);
  });
});
