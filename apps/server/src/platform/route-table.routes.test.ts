import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildersFor } from '../testing/builders/index.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import type { RouteEntry } from './route-table.ts';

/**
 * The route table itself, walked: every registered /api route, every malformed input, signed out and signed in as
 * each role. Nothing here is a hand-written list of routes; a route added tomorrow is fuzzed tomorrow.
 */

const MB = 1024 * 1024;
const HUGE = 'x'.repeat(MB);
/** Routes whose answers are public on purpose (they set `Cache-Control: public, …` themselves). */
const PUBLIC_CACHEABLE = new Set([
  'GET /api/v1/blogs',
  'GET /api/v1/blogs/:id',
  'GET /api/v1/blogs/:id/image',
  'GET /api/v1/site-info',
  'GET /api/v1/pricing',
  'GET /api/v1/notaries/:id/photo',
]);

type Caller = { name: string; cookie?: string };
type Case = { name: string; request: (path: string) => InjectOptions };

const WITH_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The route's URL with every `:param` (and a trailing `*`) replaced by one value. */
const fill = (url: string, value: string) => url.replace(/:[A-Za-z]+/g, value).replace(/\*$/, value);

/** Field names a schema names (a zod object's shape), so wrong values land on real fields, not only unknown ones. */
function fieldsOf(schema: unknown): string[] {
  const shape = (schema as { shape?: Record<string, unknown> } | undefined)?.shape;
  return shape && typeof shape === 'object' ? Object.keys(shape) : [];
}

function casesFor(route: RouteEntry, origin: string): Case[] {
  const json = (payload: unknown) => ({
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    headers: { 'content-type': 'application/json' },
  });
  const hasParams = /[:*]/.test(route.url);
  const withBody = WITH_BODY.has(route.method);
  const id = randomUUID();
  const at = (path: string, extra: Partial<InjectOptions> = {}): InjectOptions => ({
    method: route.method as InjectOptions['method'],
    url: path,
    ...extra,
    // What a same-origin browser sends with a state-changing call (platform/security.ts refuses other sites).
    headers: { origin, 'sec-fetch-site': 'same-origin', ...(extra.headers as object) },
  });
  const cases: Case[] = [{ name: 'plain', request: () => at(fill(route.url, id)) }];
  if (hasParams) {
    for (const [name, value] of [
      ['non-UUID id', 'not-a-uuid'],
      ['%00 id', '%00'],
      ['invalid UTF-8 id', '%FF%FE'],
      ['1 MB id', HUGE],
    ] as const) {
      cases.push({ name, request: () => at(fill(route.url, value)) });
    }
  }
  const queryKeys = [
    ...new Set(['search', 'page', 'limit', 'status', ...fieldsOf(route.schema?.querystring)]),
  ];
  for (const [name, query] of [
    ['%00 query', queryKeys.map((key) => `${key}=%00`).join('&')],
    ['invalid UTF-8 query', queryKeys.map((key) => `${key}=%FF`).join('&')],
    ['1 MB query', `search=${HUGE}`],
    ['array query', queryKeys.map((key) => `${key}=1&${key}=2`).join('&')],
    ['wrong-type query', queryKeys.map((key) => `${key}=-1.5e999`).join('&')],
  ] as const) {
    cases.push({ name, request: () => at(`${fill(route.url, id)}?${query}`) });
  }
  if (!withBody) return cases;
  const fields = fieldsOf(route.schema?.body);
  const each = (value: unknown) =>
    Object.fromEntries((fields.length ? fields : ['name']).map((f) => [f, value]));
  for (const [name, options] of [
    ['bad JSON', json('{"a":')],
    ['array for object', json([{ a: 1 }])],
    ['null body', json('null')],
    ['unknown fields', json({ ...each('x'), unexpected: true })],
    ['wrong types (number)', json(each(12345))],
    ['wrong types (object)', json(each({ nested: [1, 2] }))],
    ['NUL in text', json(each('a\u0000b'))],
    ['lone surrogate', json('{"name":"\\ud800","reason":"\\udfff"}')],
    [
      'invalid UTF-8 body',
      {
        payload: Buffer.from('{"name":"\xff\xfe"}', 'latin1'),
        headers: { 'content-type': 'application/json' },
      },
    ],
    ['1 MB body', json(each(HUGE))],
    ['text/plain', { payload: 'hello', headers: { 'content-type': 'text/plain' } }],
    [
      'form-encoded',
      { payload: 'a=1&b=%00', headers: { 'content-type': 'application/x-www-form-urlencoded' } },
    ],
    [
      'bad multipart',
      { payload: '--x\r\nnonsense', headers: { 'content-type': 'multipart/form-data; boundary=x' } },
    ],
  ] as const) {
    cases.push({ name, request: (path) => at(path, options as Partial<InjectOptions>) });
  }
  return cases.map((c) => ({
    ...c,
    request: (path: string) => c.request(path === '' ? fill(route.url, id) : path),
  }));
}

describe('the route table, fuzzed', () => {
  let t: TestApp;
  let routes: RouteEntry[];
  let callers: Caller[];
  let origin: string;

  beforeAll(async () => {
    t = await createTestApp();
    const b = buildersFor(t);
    const [client, notary, admin] = await Promise.all([b.user(), b.notary(), b.admin()]);
    callers = [
      { name: 'signed out' },
      { name: 'client', cookie: client.cookie },
      { name: 'notary', cookie: notary.cookie },
      { name: 'admin', cookie: admin.cookie },
    ];
    origin = new URL(t.config.publicUrl).origin;
    routes = t.app.routeTable.filter(
      (route) =>
        route.url.startsWith('/api/') && route.method !== 'HEAD' && !route.url.startsWith('/api/v1/docs'),
    );
  });
  afterAll(() => t?.close());

  it('walks the whole table', () => {
    // The table is the app's own: every module's routes are in it (the review counted 128).
    expect(routes.length).toBeGreaterThan(100);
  });

  // About 12,000 requests in memory (app.inject, no socket): a few seconds alone, more on a shared CI machine.
  it('answers every malformed request with 4xx, never 5xx, signed out and in as each role', {
    timeout: 60_000,
  }, async () => {
    const failures: string[] = [];
    const notNoStore: string[] = [];
    let sent = 0;
    for (const route of routes) {
      const cases = casesFor(route, origin);
      await Promise.all(
        callers.map(async (caller) => {
          for (const c of cases) {
            const options = c.request('');
            if (caller.cookie) options.headers = { ...options.headers, cookie: caller.cookie };
            // Each request from its own address: per-address limits must not hide a later case behind a 429.
            sent += 1;
            options.remoteAddress = `10.${(sent >> 16) & 255}.${(sent >> 8) & 255}.${sent & 255}`;
            const res = await t.app.inject(options);
            const where = `${route.method} ${route.url} [${c.name}] as ${caller.name}`;
            if (res.statusCode >= 500)
              failures.push(`${where} → ${res.statusCode} ${res.body.slice(0, 200)}`);
            const cache = String(res.headers['cache-control'] ?? '');
            const isPublic = PUBLIC_CACHEABLE.has(`${route.method} ${route.url}`) && res.statusCode < 400;
            if (!isPublic && !cache.split(/,\s*/).includes('no-store')) {
              notNoStore.push(`${where} → ${res.statusCode} cache-control: ${cache || '(none)'}`);
            }
          }
        }),
      );
    }
    expect(failures).toEqual([]);
    expect(notNoStore).toEqual([]);
  });
});
