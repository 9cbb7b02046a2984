import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const WEB_DIR = path.join(ROOT, 'apps/web');
const DIST = path.join(WEB_DIR, 'dist');
const STAMP = path.join(DIST, '.build-stamp');

// Everything the web build reads. A change in any of them makes the build stale.
const INPUTS = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/vite-plugins',
  'apps/web/postcss.config.cjs',
  'apps/web/package.json',
  'packages/contracts/src',
  'package-lock.json',
  // This script decides what the build writes (precompressed copies): changing it must rebuild too.
  'scripts/web-build.ts',
];

/**
 * Test files never reach the build, and one of them (boundaries.test.ts) plants a probe file for a moment: counted,
 * it made the build look stale mid-suite, and the build tests then rebuilt side by side and broke each other's output.
 */
const TEST_FILE = /\.test\.tsx?$/;

async function listFiles(target: string): Promise<string[]> {
  if (!existsSync(target)) return [];
  const entries = await readdir(target, { withFileTypes: true, recursive: true }).catch(() => null);
  if (!entries) return [target];
  return entries
    .filter((e) => e.isFile() && !TEST_FILE.test(e.name))
    .map((e) => path.join(e.parentPath, e.name));
}

/** A content hash of the web app's inputs (content, not mtimes: a fresh clone must not rebuild needlessly). */
export async function webInputsHash(): Promise<string> {
  const hash = createHash('sha256');
  for (const input of INPUTS) {
    const files = (await listFiles(path.join(ROOT, input))).sort();
    for (const file of files) {
      hash.update(path.relative(ROOT, file));
      hash.update(await readFile(file));
    }
  }
  return hash.digest('hex');
}

/**
 * The build people get is always a production build: the stamp names the mode with the inputs' hash, so a build
 * made in another mode (a development build from an older script, say) is never taken as fresh.
 */
const MODE = 'production';

async function buildStamp(): Promise<string> {
  return `${MODE}:${await webInputsHash()}`;
}

export async function isWebBuildFresh(): Promise<boolean> {
  if (!existsSync(path.join(DIST, 'index.html')) || !existsSync(STAMP)) return false;
  return (await readFile(STAMP, 'utf8')).trim() === (await buildStamp());
}

/**
 * Builds apps/web with Vite, in production mode whatever this process's NODE_ENV, unless the existing build matches
 * the sources and the mode. Development builds are `npm run dev`'s alone (Vite's dev server, never written here).
 */
export async function ensureWebBuild(options: { force?: boolean } = {}): Promise<'fresh' | 'built'> {
  if (!options.force && (await isWebBuildFresh())) return 'fresh';
  const stamp = await buildStamp();
  const { build } = await import('vite');
  console.log('Building the web app…');
  // React and Vite pick their development runtime (jsxDEV, source paths in the bundle) from NODE_ENV, which `npm start`
  // and the E2E servers inherit as development or test: build under production, then give the server process back its
  // own value (production would, for one, switch off the demo data on a fresh machine).
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = MODE;
  try {
    await build({
      root: WEB_DIR,
      mode: MODE,
      logLevel: 'warn',
      configFile: path.join(WEB_DIR, 'vite.config.ts'),
    });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
  await precompress(DIST);
  await writeFile(STAMP, stamp);
  return 'built';
}

// mjs: the pdf.js worker; wasm and pfb/ttf: its decoders and standard fonts (all compress well).
const COMPRESSIBLE = /\.(m?js|css|svg|json|txt|webmanifest|wasm|pfb|ttf)$/;

/**
 * Brotli (maximum quality) and gzip copies of every text asset, made once here so the server sends them as they
 * are instead of compressing the same bytes on every request.
 */
async function precompress(dir: string): Promise<void> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  for (const entry of entries) {
    if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    const bytes = await readFile(file);
    if (bytes.length < 1024) continue;
    await writeFile(
      `${file}.br`,
      brotliCompressSync(bytes, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
    );
    await writeFile(`${file}.gz`, gzipSync(bytes, { level: 9 }));
  }
}
