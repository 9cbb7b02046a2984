/// <reference types="node" />
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { mantineStylesheetFor } from '../vite-plugins/mantine-css.ts';
import {
  BUILD_TIMEOUT_MS,
  type Manifest,
  productionBuild,
  ROOT,
  readBuilt,
} from './lib/testing/production-build.ts';

// Mantine's CSS per component (docs/decisions/0017-css-and-fonts.md), checked on the production build people get.
const MANTINE = path.join(ROOT, 'node_modules/@mantine');

let manifest: Manifest;
const read = readBuilt;

/**
 * Mantine's class (and keyframe) names are `m_` and a hash: the ones a script names, and the ones a stylesheet
 * defines (`.m_…` rules, `@keyframes m_…`).
 */
const classesUsedBy = (js: string) =>
  new Set([...js.matchAll(/[`"'](m_[0-9a-f]{6,8})[`"']/g)].map((m) => m[1]!));
const classesStyledBy = (css: string) =>
  new Set([...css.matchAll(/(?:\.|@keyframes\s+)(m_[0-9a-f]{6,8})(?![0-9a-f])/g)].map((m) => m[1]!));

/** A chunk and every chunk it imports statically: what is loaded, scripts and their stylesheets, when it runs. */
function loadedWith(key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) loadedWith(imported, seen);
  return seen;
}
const scriptsOf = (keys: Set<string>) => [...keys].map((key) => read(manifest[key]!.file)).join('\n');
const stylesOf = (keys: Set<string>) =>
  [...keys]
    .flatMap((key) => manifest[key]!.css ?? [])
    .map((file) => read(file))
    .join('\n');

beforeAll(() => {
  manifest = productionBuild();
}, BUILD_TIMEOUT_MS);

describe('Mantine stylesheets', () => {
  it('every one of Mantine’s class-name modules has the stylesheet the build gives it', () => {
    const modules = ['core', 'notifications'].flatMap((pkg) =>
      readdirSync(path.join(MANTINE, pkg, 'esm'), { recursive: true, encoding: 'utf8' })
        .filter((file) => file.endsWith('.module.mjs'))
        .map((file) => path.join(MANTINE, pkg, 'esm', file)),
    );
    expect(modules.length).toBeGreaterThan(90);
    for (const module of modules) {
      const stylesheet = mantineStylesheetFor(module);
      expect(stylesheet, module).not.toBeNull();
      expect(() => readFileSync(path.join(ROOT, 'node_modules', stylesheet!)), module).not.toThrow();
    }
  });

  it('whatever a chunk renders with Mantine is styled by the CSS loaded with it', () => {
    const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry)!;
    const alwaysLoaded = loadedWith(entry);
    let checked = 0;
    for (const key of Object.keys(manifest).filter((k) => manifest[k]!.file.endsWith('.js'))) {
      const used = classesUsedBy(read(manifest[key]!.file));
      if (used.size === 0) continue;
      const styled = classesStyledBy(stylesOf(new Set([...alwaysLoaded, ...loadedWith(key)])));
      const unstyled = [...used].filter((name) => !styled.has(name));
      expect(unstyled, `${manifest[key]!.file} uses Mantine classes no loaded stylesheet styles`).toEqual([]);
      checked++;
    }
    expect(checked).toBeGreaterThan(5);
  });

  it('the landing page loads the CSS of the Mantine components it uses, and no other component’s', () => {
    const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry)!;
    const landing = loadedWith(entry);
    const used = classesUsedBy(scriptsOf(landing));
    const styled = classesStyledBy(stylesOf(landing));
    expect(used.size).toBeGreaterThan(10);
    expect([...styled].filter((name) => !used.has(name))).toEqual([]);
    // Not the whole library: the signed-in area's tables, dialogs and menus come later, with their screens.
    const allOfMantine = classesStyledBy(readFileSync(path.join(MANTINE, 'core/styles.css'), 'utf8'));
    expect(styled.size).toBeLessThan(allOfMantine.size / 4);
  });
});
