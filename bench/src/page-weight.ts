// Page weight as a first-time visitor's browser receives it (issue 20): Debian's Chromium loads each route in a fresh
// context (empty cache) and every response that finishes before the network goes idle is counted, by kind, with the
// bytes that crossed the wire. Not the build's files: what a route really pulls (lazy chunks, fonts, API reads, the
// security headers on each of them) is only known in a browser.
import { gzipSync } from 'node:zlib';
import { type BrowserContext, chromium, type Request } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../e2e/fixtures/browser.ts';

export type ResourceKind = 'js' | 'css' | 'font' | 'other';
export const RESOURCE_KINDS: ResourceKind[] = ['js', 'css', 'font', 'other'];

export type KindWeight = {
  requests: number;
  /** Response bodies as sent (after content-encoding: brotli or gzip where the server compressed). */
  bodyBytes: number;
  /** Response status line and headers, up to and including the blank line before the body. */
  headerBytes: number;
};

export type PageWeight = {
  label: string;
  path: string;
  byKind: Record<ResourceKind, KindWeight>;
  /** Content-encodings seen on JS and CSS responses (e.g. "br"), to say what "compressed" meant. */
  encodings: string[];
  /**
   * The same JS and CSS bodies, decoded and gzipped at level 9 here: a reference for goals worded in gzip, since the
   * server sends brotli (smaller) to a browser that accepts it.
   */
  jsCssGzipBytes: number;
  /** Requests that never completed (aborted navigations, errors): listed, not weighed. */
  failed: number;
};

export type PageToWeigh = { label: string; path: string; cookie?: string };

function kindOf(request: Request, contentType: string): ResourceKind {
  const type = request.resourceType();
  if (type === 'script' || /javascript/.test(contentType)) return 'js';
  if (type === 'stylesheet' || contentType.startsWith('text/css')) return 'css';
  if (type === 'font' || contentType.startsWith('font/')) return 'font';
  return 'other';
}

const emptyWeights = (): Record<ResourceKind, KindWeight> => ({
  js: { requests: 0, bodyBytes: 0, headerBytes: 0 },
  css: { requests: 0, bodyBytes: 0, headerBytes: 0 },
  font: { requests: 0, bodyBytes: 0, headerBytes: 0 },
  other: { requests: 0, bodyBytes: 0, headerBytes: 0 },
});

/**
 * Loads one page and counts what finished until the network was idle (Playwright's "networkidle": no request in
 * flight for 500 ms; the realtime WebSocket is not a request and does not count). Sizes are Playwright's
 * `request.sizes()`, which Chromium reports through CDP `Network.loadingFinished` (`encodedDataLength`, the bytes
 * received for the response): `responseBodySize` is the encoded body, `responseHeadersSize` the headers.
 */
async function weighPage(context: BrowserContext, base: string, page: PageToWeigh): Promise<PageWeight> {
  const byKind = emptyWeights();
  const encodings = new Set<string>();
  let jsCssGzipBytes = 0;
  const pending: Promise<void>[] = [];
  let failed = 0;
  const files: { url: string; kind: ResourceKind; bytes: number }[] = [];
  context.on('requestfailed', () => {
    failed++;
  });
  context.on('requestfinished', (request) => {
    pending.push(
      (async () => {
        const response = await request.response();
        if (!response) return;
        const headers = await response.allHeaders();
        const kind = kindOf(request, headers['content-type'] ?? '');
        const sizes = await request.sizes();
        byKind[kind].requests++;
        byKind[kind].bodyBytes += sizes.responseBodySize;
        byKind[kind].headerBytes += sizes.responseHeadersSize;
        files.push({ url: new URL(request.url()).pathname, kind, bytes: sizes.responseBodySize });
        const encoding = headers['content-encoding'];
        if (kind !== 'js' && kind !== 'css') return;
        if (encoding) encodings.add(encoding);
        // Read the body first: `total += await …` would add to the total as it was before the await.
        const body = await response.body();
        jsCssGzipBytes += gzipSync(body, { level: 9 }).length;
      })(),
    );
  });
  const tab = await context.newPage();
  await tab.goto(`${base}${page.path}`, { waitUntil: 'networkidle', timeout: 60_000 });
  await Promise.all(pending);
  // A signed-in page that fell back to /login would weigh the wrong page.
  const landed = new URL(tab.url()).pathname;
  if (landed !== new URL(page.path, base).pathname) throw new Error(`${page.path} ended on ${landed}`);
  const sortedEncodings = [...encodings].sort();
  // BENCH_FILES=1: every response of the page, largest first, to see what a route pulls.
  if (process.env.BENCH_FILES) {
    console.log(`\n  ${page.label} (${page.path})`);
    for (const f of files.sort((a, b) => b.bytes - a.bytes)) {
      console.log(`    ${(f.bytes / 1024).toFixed(1).padStart(6)} KB  ${f.kind.padEnd(5)} ${f.url}`);
    }
  }
  return { label: page.label, path: page.path, byKind, encodings: sortedEncodings, jsCssGzipBytes, failed };
}

/** Each page in its own fresh context (no cache, no service worker), one after the other, in one browser. */
export async function measurePageWeights(base: string, pages: PageToWeigh[]): Promise<PageWeight[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const results: PageWeight[] = [];
    for (const page of pages) {
      const context = await browser.newContext({ serviceWorkers: 'block' });
      if (page.cookie) {
        const at = page.cookie.indexOf('=');
        const [name, value] = [page.cookie.slice(0, at), page.cookie.slice(at + 1)];
        await context.addCookies([{ name, value, url: base }]);
      }
      try {
        results.push(await weighPage(context, base, page));
      } finally {
        await context.close();
      }
    }
    return results;
  } finally {
    await browser.close();
  }
}

/** JS + CSS bodies on the wire: the figure the page-weight goals are about. */
export const jsCssBytes = (w: PageWeight) => w.byKind.js.bodyBytes + w.byKind.css.bodyBytes;
