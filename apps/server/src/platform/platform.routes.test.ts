import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { DOCUMENT_ONLY_HEADERS, DROPPED_FROM_API_JSON } from './security.ts';

let t: TestApp;
let webRoot: string;
const ASSET = Buffer.from(`export const seal = ${JSON.stringify('मोहर '.repeat(400))};\n`);
const ASSET_BR = brotliCompressSync(ASSET);

beforeAll(async () => {
  // A stand-in for apps/web/dist: what the server does with a build is what is under test, not Vite.
  webRoot = await mkdtemp(path.join(os.tmpdir(), 'mohar-web-'));
  await mkdir(path.join(webRoot, 'assets'));
  await writeFile(
    path.join(webRoot, 'index.html'),
    '<!doctype html><title>Mohar</title><!--mohar:boot--><div id="root"></div>',
  );
  await writeFile(path.join(webRoot, 'assets', 'index-abc123.js'), ASSET);
  await writeFile(path.join(webRoot, 'assets', 'index-abc123.js.br'), ASSET_BR);
  await writeFile(path.join(webRoot, 'assets', 'index-abc123.js.gz'), gzipSync(ASSET));
  await writeFile(path.join(webRoot, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  t = await createTestApp({ webRoot });
});
afterAll(async () => {
  await t.close();
  await rm(webRoot, { recursive: true, force: true });
});

describe('health', () => {
  it('answers 200 when the database is up', async () => {
    const res = await t.app.inject({ url: '/api/v1/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: 'up' });
  });
});

describe('unknown API paths', () => {
  it('answer 404 JSON { message, code }, never the web app', async () => {
    for (const url of ['/api/v1/nope', '/api/v2/blogs', '/api']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toContain('application/json');
      expect(res.json()).toMatchObject({ code: 'route.not_found' });
    }
    const post = await t.app.inject({ method: 'POST', url: '/api/v1/nope', payload: {} });
    expect(post.statusCode).toBe(404);
  });
});

describe('a request body the server cannot read', () => {
  const post = (options: { contentType: string; body: string }) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/newsletter',
      headers: { 'content-type': options.contentType },
      payload: options.body,
    });

  it('is refused with its own status and a listed code', async () => {
    const malformed = await post({ contentType: 'application/json', body: '{"email":' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ code: 'request.bad_request' });

    const wrongType = await post({ contentType: 'application/xml', body: '<email/>' });
    expect(wrongType.statusCode).toBe(415);
    expect(wrongType.json()).toMatchObject({ code: 'request.unsupported_media_type' });

    const huge = await post({
      contentType: 'application/json',
      body: JSON.stringify({ email: 'a'.repeat(2 * 1024 * 1024) }),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toMatchObject({ code: 'request.too_large' });
  });
});

describe('the single-page app', () => {
  it('serves index.html for every page path so deep links load the app', async () => {
    for (const url of [
      '/',
      '/home',
      '/access-application/abc',
      '/password/reset/x',
      '/resources/some-article?x=1',
    ]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('writes the support facts into the page so the banner needs no request, safely escaped', async () => {
    const res = await t.app.inject({ url: '/home' });
    const match = /<script id="mohar-boot" type="application\/json">(.*?)<\/script>/.exec(res.body);
    expect(match).not.toBeNull();
    expect(JSON.parse(match![1]!)).toEqual({
      siteInfo: {
        supportPhone: t.config.supportPhone,
        supportEmail: t.config.supportEmail,
        serviceHours: { opensAt: '10:00', closesAt: '20:00', timeZone: 'Asia/Kolkata' },
        documentLimits: { maxMegabytes: 25, maxPages: 100 },
      },
    });
  });

  it('caches hashed assets for a year and 404s a missing file instead of sending the page', async () => {
    const asset = await t.app.inject({ url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await t.app.inject({ url: '/assets/gone-123.js' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/favicon.svg' })).headers['cache-control']).toBe(
      'public, max-age=3600',
    );
  });

  it('sends the build’s precompressed copy of an asset instead of compressing it per request', async () => {
    const br = await t.app.inject({
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.equals(ASSET_BR)).toBe(true);
    expect(brotliDecompressSync(br.rawPayload).equals(ASSET)).toBe(true);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const plain = await t.app.inject({ url: '/assets/index-abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.equals(ASSET)).toBe(true);
  });

  it('sends a built script only the headers that protect a resource; documents keep the full set', async () => {
    const asset = await t.app.inject({
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'br', 'sec-fetch-dest': 'script' },
    });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
    expect(asset.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const name of DOCUMENT_ONLY_HEADERS) expect(asset.headers[name], name).toBeUndefined();
    expect(asset.headers['permissions-policy']).toBeUndefined();
    // The same file started as a worker takes its policy from this response: it keeps the CSP.
    const worker = await t.app.inject({
      url: '/assets/index-abc123.js',
      headers: { 'sec-fetch-dest': 'worker' },
    });
    expect(worker.headers['content-security-policy']).toContain("script-src 'self'");
    // An SVG opened on its own is a document.
    const svg = await t.app.inject({ url: '/favicon.svg' });
    expect(svg.headers['content-security-policy']).toContain("object-src 'none'");
    for (const url of ['/home', '/api/v1/health']) {
      const res = await t.app.inject({ url });
      expect(res.headers['content-security-policy'], url).toContain("frame-ancestors 'none'");
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
    }
  });

  it('sends a JSON API answer the policy of data, not a page’s headers', async () => {
    for (const url of ['/api/v1/health', '/api/v1/session']) {
      const res = await t.app.inject({ url });
      expect(res.headers['content-type'], url).toMatch(/^application\/json/);
      expect(res.headers['content-security-policy'], url).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(res.headers['cross-origin-resource-policy'], url).toBe('same-origin');
      for (const name of DROPPED_FROM_API_JSON) expect(res.headers[name], `${url} ${name}`).toBeUndefined();
    }
    // The API's documentation is a page: it keeps the page's policy.
    const docs = await t.app.inject({ url: '/api/v1/docs/' });
    expect(docs.headers['content-type']).toMatch(/^text\/html/);
    expect(docs.headers['content-security-policy']).toContain("script-src 'self'");
    expect(docs.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('sends security headers with a real content security policy', async () => {
    const res = await t.app.inject({ url: '/home' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });
});

describe('request ids and errors', () => {
  it('gives every response a request id, keeping a well-formed incoming one', async () => {
    const res = await t.app.inject({ url: '/api/v1/health', headers: { 'x-request-id': 'trace-12345678' } });
    expect(res.headers['x-request-id']).toBe('trace-12345678');
    const fresh = await t.app.inject({ url: '/api/v1/health', headers: { 'x-request-id': 'bad id!' } });
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('serves the OpenAPI description of the API', async () => {
    const res = await t.app.inject({ url: '/api/v1/docs/json' });
    expect(res.statusCode).toBe(200);
    const spec = res.json();
    expect(Object.keys(spec.paths)).toEqual(
      expect.arrayContaining(['/api/v1/blogs', '/api/v1/support/tickets']),
    );
    expect((await t.app.inject({ url: '/api/v1/docs' })).statusCode).toBeLessThan(400);
  });

  it('compresses large responses for clients that accept it', async () => {
    const res = await t.app.inject({ url: '/api/v1/docs/json', headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers['content-encoding']).toBe('gzip');
  });
});

describe('site facts', () => {
  it('serves support contacts and fee settings from configuration', async () => {
    const info = await t.app.inject({ url: '/api/v1/site-info' });
    expect(info.json()).toMatchObject({
      supportPhone: t.config.supportPhone,
      supportEmail: t.config.supportEmail,
    });
    const pricing = (await t.app.inject({ url: '/api/v1/pricing' })).json();
    expect(pricing).toMatchObject({
      currency: 'INR',
      platformFeePaise: t.config.fees.platformPaise,
      gstRatePercent: 18,
    });
    expect(pricing.notarialFees).toHaveLength(4);
  });
});

// Last: it takes the database away from this file's app.
describe('health without a database', () => {
  it('answers 503 when the database is gone', async () => {
    await t.database.close();
    const res = await t.app.inject({ url: '/api/v1/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ status: 'unavailable', database: 'down' });
  });
});

describe('boot data escaping', () => {
  it('cannot be used to close the script tag', async () => {
    const hostile = await createTestApp({
      webRoot,
      env: { SUPPORT_PHONE: '</script><script>alert(1)</script>' },
    });
    try {
      const res = await hostile.app.inject({ url: '/home' });
      expect(res.body).not.toContain('</script><script>alert(1)');
      const json = /<script id="mohar-boot" type="application\/json">(.*?)<\/script>/.exec(res.body)?.[1];
      expect(JSON.parse(json!).siteInfo.supportPhone).toBe('</script><script>alert(1)</script>');
    } finally {
      await hostile.close();
    }
  });
});
