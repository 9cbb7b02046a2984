import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

type ManifestChunk = { file: string; src?: string; isEntry?: boolean; imports?: string[]; css?: string[] };
type Manifest = Record<string, ManifestChunk>;

export async function measureLandingBundle(distDir: string) {
  const manifest = JSON.parse(await readFile(path.join(distDir, '.vite/manifest.json'), 'utf8')) as Manifest;
  const entry = Object.entries(manifest).find(([, c]) => c.isEntry)?.[0];
  if (!entry) throw new Error('no entry in the Vite manifest');
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const next of manifest[key].imports ?? []) visit(next);
  };
  // The landing page renders from the entry and its static imports alone; the router and every other screen are
  // dynamic imports (docs/decisions/0003-landing-boot.md), fetched when the visitor heads elsewhere.
  visit(entry);
  const jsFiles = new Set<string>();
  const cssFiles = new Set<string>();
  for (const key of seen) {
    const chunk = manifest[key]!;
    if (chunk.file.endsWith('.js')) jsFiles.add(chunk.file);
    for (const css of chunk.css ?? []) cssFiles.add(css);
  }
  const gz = async (files: Set<string>) => {
    let raw = 0;
    let gzipped = 0;
    for (const file of files) {
      const bytes = await readFile(path.join(distDir, file));
      raw += bytes.length;
      gzipped += gzipSync(bytes, { level: 9 }).length;
    }
    return { files: files.size, raw, gzipped };
  };
  return { js: await gz(jsFiles), css: await gz(cssFiles) };
}
