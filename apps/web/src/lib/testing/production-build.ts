/// <reference types="node" />
// The production build people get, for the tests that check what it ships (build-css, build-chunks, landing-page).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../../../../', import.meta.url));
export const DIST = path.join(ROOT, 'apps/web/dist');
/** A build on a busy machine takes a while; `beforeAll`'s timeout for `productionBuild()`. */
export const BUILD_TIMEOUT_MS = 240_000;

export type ManifestChunk = {
  file: string;
  name?: string;
  /** The source module of an entry or a lazily imported module; a chunk group's file has none. */
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  /** What it fetches on demand (`import()`). */
  dynamicImports?: string[];
  css?: string[];
};
export type Manifest = Record<string, ManifestChunk>;

/** A file of the build, as text. */
export const readBuilt = (file: string) => readFileSync(path.join(DIST, file), 'utf8');

/** Builds the web app as `npm start` does (only when its inputs changed) and returns the build's manifest. */
export function productionBuild(): Manifest {
  execFileSync(path.join(ROOT, 'node_modules/.bin/tsx'), ['scripts/build-web.ts'], {
    cwd: ROOT,
    stdio: 'ignore',
  });
  return JSON.parse(readBuilt('.vite/manifest.json')) as Manifest;
}
