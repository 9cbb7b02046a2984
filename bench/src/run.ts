// `npm run bench`: the landing route's bundle size against its budget, and the blog API under load next to a bare
// Fastify route measured in the same run (the ratio is the figure that travels between machines).
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { measureLandingBundle } from './bundle-size.ts';
import { type LoadResult, measureLoad } from './http-load.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const TSX = path.join(ROOT, 'node_modules/.bin/tsx');
const JS_BUDGET_GZ = 150 * 1024;
const P95_BUDGET_MS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = 10;

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function startProcess(args: string[], env: Record<string, string>, healthUrl: string): Promise<ChildProcess> {
  const child = spawn(TSX, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(healthUrl)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill();
  throw new Error(`server did not start: ${args.join(' ')}`);
}

function printLoad(label: string, r: LoadResult) {
  console.log(
    `  ${label.padEnd(22)} ${r.requestsPerSecond.toFixed(0).padStart(7)} req/s   p50 ${r.p50.toFixed(1)} ms   p95 ${r.p95.toFixed(1)} ms   p99 ${r.p99.toFixed(1)} ms   errors ${r.errors + r.non2xx}`,
  );
}

console.log('Landing route bundle (apps/web/dist; run `npm run build` first if stale)');
const bundle = await measureLandingBundle(path.join(ROOT, 'apps/web/dist'));
console.log(`  JS   ${bundle.js.files} files, ${kb(bundle.js.raw)} raw, ${kb(bundle.js.gzipped)} gzipped (budget ${kb(JS_BUDGET_GZ)}) ${bundle.js.gzipped <= JS_BUDGET_GZ ? 'OK' : 'OVER BUDGET'}`);
console.log(`  CSS  ${bundle.css.files} files, ${kb(bundle.css.raw)} raw, ${kb(bundle.css.gzipped)} gzipped`);

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'mohar-bench-'));
const app = await startProcess(
  ['apps/server/src/main.ts'],
  { PORT: '3401', DATA_DIR: dataDir, NODE_ENV: 'production', SEED_DEMO: 'true', LOG_LEVEL: 'warn' },
  'http://127.0.0.1:3401/api/v1/health',
);
const bare = await startProcess(['bench/src/bare-server.ts'], { PORT: '3402' }, 'http://127.0.0.1:3402/bare');
try {
  console.log(`\nHTTP under load (autocannon, ${CONNECTIONS} connections, ${SECONDS} s each, loopback)`);
  // Warm both up so the first JIT and cache fills are not measured.
  await measureLoad({ url: 'http://127.0.0.1:3401/api/v1/blogs', seconds: 1, connections: 2 });
  await measureLoad({ url: 'http://127.0.0.1:3402/bare', seconds: 1, connections: 2 });
  const baseline = await measureLoad({ url: 'http://127.0.0.1:3402/bare', seconds: SECONDS, connections: CONNECTIONS });
  const blogs = await measureLoad({ url: 'http://127.0.0.1:3401/api/v1/blogs', seconds: SECONDS, connections: CONNECTIONS });
  const one = await measureLoad({
    url: 'http://127.0.0.1:3401/api/v1/blogs/what-is-e-notarisation',
    seconds: SECONDS,
    connections: CONNECTIONS,
  });
  printLoad('bare Fastify route', baseline);
  printLoad('GET /api/v1/blogs', blogs);
  printLoad('GET /api/v1/blogs/:id', one);
  console.log(
    `\n  blogs list: ${(blogs.requestsPerSecond / baseline.requestsPerSecond).toFixed(2)}× the bare route's throughput; p95 ${blogs.p95.toFixed(1)} ms (budget ${P95_BUDGET_MS} ms) ${blogs.p95 <= P95_BUDGET_MS ? 'OK' : 'OVER BUDGET'}`,
  );
} finally {
  app.kill('SIGTERM');
  bare.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 500));
  await rm(dataDir, { recursive: true, force: true });
}
