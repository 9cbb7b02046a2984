// Run in a process of its own by platform/lazy-libraries.test.ts: loads the app's code as a starting server does and
// prints which of the watched packages it loaded (ESM imports and CommonJS requires alike, seen as they resolve).
import { registerHooks } from 'node:module';

const WATCHED = [
  // The control: the app always loads it, so the list shows the watch sees what the app loads.
  'fastify',
  'sharp',
  'qrcode',
  '@zxcvbn-ts/core',
  'zxing-wasm',
  '@cantoo/pdf-lib',
  'pkijs',
  'node-forge',
  '@aws-sdk/client-s3',
  'pg-boss',
  'werift',
];
const loaded = new Set<string>();
registerHooks({
  resolve(specifier, context, next) {
    const resolved = next(specifier, context);
    for (const name of WATCHED) if (resolved.url.includes(`/node_modules/${name}/`)) loaded.add(name);
    return resolved;
  },
});
await import('../app.ts');
process.stdout.write(`${JSON.stringify([...loaded].sort())}\n`);
