import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltUser, buildersFor } from '../testing/builders/index.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import type { RouteEntry } from './route-table.ts';

/**
 * The route table itself, walked: every registered /api route, with malformed input, signed out and signed in as
 * each role. Nothing here lists routes by hand; a route added tomorrow is fuzzed tomorrow.
 */

const HUGE = 'x'.repeat(1024 * 1024);
/** Answers that are public on purpose: their routes set `Cache-Control: public, …` themselves. */
const PUBLIC_CACHEABLE = new Set([
  'GET /api/v1/blogs',
  'GET /api/v1/blogs/:id',
  'GET /api/v1/blogs/:id/image',
  'GET /api/v1/site-info',
  'GET /api/v1/pricing',
  'GET /api/v1/notaries/:id/photo',
]);
const WITH_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

type Case = { name: string; kind: 'plain' | 'path' | 'query' | 'body'; options: InjectOptions };
type Caller = { name: string; cookie?: string };

/** The route's URL with every `:param` (and a trailing `*`) replaced by one value. */
const fill = (url: string, value: string) => url.replace(/:[A-Za-z]+/g, value).replace(/\*$/, value);

/** Field names a zod object schema names, so wrong values land on real fields, not only on unknown ones. */
function fieldsOf(schema: unknown): string[] {
  const shape = (schema as { shape?: Record<string, unknown> } | undefined)?.shape;
  return shape && typeof shape === 'object' ? Object.keys(shape) : [];
}

const json = (payload: unknown) => ({
  payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  headers: { 'content-type': 'application/json' },
});

function bodyCases(fields: string[], heavy: boolean): Array<[string, Partial<InjectOptions>]> {
  const each = (value: unknown) =>
    Object.fromEntries((fields.length ? fields : ['name']).map((f) => [f, value]));
  return [
    ['bad JSON', json('{"a":')],
    ['array for object', json([{ a: 1 }])],
    ['null body', json('null')],
    ['unknown fields', json({ ...each('x'), unexpected: true })],
    ['wrong types (number)', json(each(12345))],
    ['wrong types (object)', json(each({ nested: [1, 2] }))],
    ['NUL in text', json(each('a\u0000b'))],
    ['lone surrogate', json(`{"${fields[0] ?? 'name'}":"\\ud800"}`)],
    [
      'invalid UTF-8 body',
      { payload: Buffer.from(`{"${fields[0] ?? 'name'}":"\xff\xfe"}`, 'latin1'), headers: json('').headers },
    ],
    ...(heavy ? [['1 MB body', json(each(HUGE))] as [string, Partial<InjectOptions>]] : []),
    ['text/plain', { payload: 'hello', headers: { 'content-type': 'text/plain' } }],
    [
      'form-encoded',
      { payload: 'a=1&b=%00', headers: { 'content-type': 'application/x-www-form-urlencoded' } },
    ],
    [
      'bad multipart',
      { payload: '--x\r\nnonsense', headers: { 'content-type': 'multipart/form-data; boundary=x' } },
    ],
  ];
}

/**
 * The malformed variants of one route. `heavy` adds the 1 MB id, query and body: they test how much the server reads
 * before refusing, which does not depend on who asks, so the walk sends them as one caller per route (a third of the
 * walk's CPU when every caller sent them).
 */
function casesFor(route: RouteEntry, origin: string, options: { id?: string; heavy?: boolean } = {}): Case[] {
  const { id = randomUUID(), heavy = true } = options;
  const at = (url: string, extra: Partial<InjectOptions> = {}): InjectOptions => ({
    method: route.method as InjectOptions['method'],
    url,
    ...extra,
    // What a same-origin browser sends with a state-changing call (platform/security.ts refuses other sites).
    headers: { origin, 'sec-fetch-site': 'same-origin', ...(extra.headers as object) },
  });
  const url = fill(route.url, id);
  const cases: Case[] = [{ name: 'plain', kind: 'plain', options: at(url) }];
  if (/[:*]/.test(route.url)) {
    const ids: Array<[string, string]> = [
      ['non-UUID id', 'not-a-uuid'],
      ['%00 id', '%00'],
      ['invalid UTF-8 id', '%FF%FE'],
      ...(heavy ? [['1 MB id', HUGE] as [string, string]] : []),
    ];
    for (const [name, value] of ids) {
      cases.push({ name, kind: 'path', options: at(fill(route.url, value)) });
    }
  }
  // Query strings where a route reads one (a GET, or a declared schema). Bad text one key at a time, so another
  // key's refusal cannot hide what the first would do.
  const declared = fieldsOf(route.schema?.querystring);
  if (route.method === 'GET' || declared.length > 0) {
    const keys = [...new Set(['search', ...declared])];
    const queries: Array<[string, string]> = [
      ...keys.map((key): [string, string] => [`%00 in ?${key}`, `${key}=a%00b`]),
      ...keys.map((key): [string, string] => [`invalid UTF-8 in ?${key}`, `${key}=%FF%FE`]),
      ...(heavy ? [['1 MB query', `search=${HUGE}`] as [string, string]] : []),
      ['array query', keys.map((key) => `${key}=1&${key}=2`).join('&')],
      ['wrong-type query', keys.map((key) => `${key}=-1.5e999`).join('&')],
    ];
    for (const [name, query] of queries) {
      cases.push({ name, kind: 'query', options: at(`${url}?${query}`) });
    }
  }
  if (WITH_BODY.has(route.method)) {
    for (const [name, extra] of bodyCases(fieldsOf(route.schema?.body), heavy)) {
      cases.push({ name, kind: 'body', options: at(url, extra) });
    }
  }
  return cases;
}

describe('the route table', () => {
  let t: TestApp;
  let routes: RouteEntry[];
  let origin: string;
  let accounts: Record<'client' | 'notary' | 'admin', BuiltUser>;
  let sent = 0;

  /** Each request from its own address: a per-address limit must not hide a later case behind a 429. */
  const send = (options: InjectOptions, cookie?: string) => {
    sent += 1;
    return t.app.inject({
      ...options,
      headers: { ...options.headers, ...(cookie ? { cookie } : {}) },
      remoteAddress: `10.${(sent >> 16) & 255}.${(sent >> 8) & 255}.${sent & 255}`,
    });
  };
  /** Fresh sessions for each route: a route may end the one it was sent with (sign out, revoke a session). */
  const callersFor = async (): Promise<Caller[]> => {
    const b = buildersFor(t);
    const signedIn = await Promise.all(
      Object.entries(accounts).map(async ([name, account]) => ({
        name,
        cookie: (await b.session(account)).cookie,
      })),
    );
    return [{ name: 'signed out' }, ...signedIn];
  };

  beforeAll(async () => {
    t = await createTestApp();
    const b = buildersFor(t);
    const [client, notary, admin] = await Promise.all([b.user(), b.notary(), b.admin()]);
    accounts = { client, notary, admin };
    origin = new URL(t.config.publicUrl).origin;
    routes = t.app.routeTable.filter(
      (route) =>
        route.url.startsWith('/api/') && route.method !== 'HEAD' && !route.url.startsWith('/api/v1/docs'),
    );
  });
  afterAll(() => t?.close());

  it('is the whole table (the review counted 128 routes)', () => {
    expect(routes.length).toBeGreaterThan(100);
  });

  // ~10,000 requests in memory (app.inject, no socket).
  // Its time grows with the route table (every route, many malformed variants): generous for a loaded CI machine.
  it('answers every malformed request with 4xx, never 5xx, and never lets a private answer be cached', {
    timeout: 240_000,
  }, async () => {
    const failures: string[] = [];
    const cacheable: string[] = [];
    for (const [index, route] of routes.entries()) {
      const light = casesFor(route, origin, { heavy: false });
      const heavy = casesFor(route, origin);
      const callers = await callersFor();
      // The 1 MB variants as one signed-in role per route, each role in turn across the table.
      const heavyCaller = callers[1 + (index % (callers.length - 1))];
      await Promise.all(
        callers.map(async (caller) => {
          for (const c of caller === heavyCaller ? heavy : light) {
            const res = await send(c.options, caller.cookie);
            const where = `${route.method} ${route.url} [${c.name}] as ${caller.name}`;
            if (res.statusCode >= 500)
              failures.push(`${where} → ${res.statusCode} ${res.body.slice(0, 200)}`);
            const cache = String(res.headers['cache-control'] ?? '');
            const isPublic = PUBLIC_CACHEABLE.has(`${route.method} ${route.url}`) && res.statusCode < 400;
            if (!isPublic && !cache.split(/,\s*/).includes('no-store')) {
              cacheable.push(`${where} → ${res.statusCode} cache-control: ${cache || '(none)'}`);
            }
          }
        }),
      );
    }
    expect(failures).toEqual([]);
    expect(cacheable).toEqual([]);
  });

  it("answers the review's examples: a malformed id 404, NUL or broken UTF-8 text 400 request.invalid", async () => {
    // Fresh sessions: a route walked earlier may have ended the accounts' others (a password change does).
    const cookies = Object.fromEntries((await callersFor()).map((c) => [c.name, c.cookie ?? '']));
    const [client, notary, admin] = [
      { cookie: cookies.client },
      { cookie: cookies.notary },
      { cookie: cookies.admin },
    ];
    const expectAnswer = async (
      method: InjectOptions['method'],
      url: string,
      cookie: string | undefined,
      status: number,
    ) => {
      const res = await send({ method, url: `/api/v1${url}`, headers: { origin } }, cookie);
      expect(res.statusCode, `${method} ${url}`).toBe(status);
      expect(res.json().code, `${method} ${url}`).toBe(
        status === 404 ? 'request.not_found' : 'request.invalid',
      );
    };
    await expectAnswer('POST', '/applications/not-a-uuid/notary-request', client.cookie, 404);
    await expectAnswer('POST', '/notary/requests/not-a-uuid/accept', notary.cookie, 404);
    await expectAnswer('GET', '/sessions/not-a-uuid', notary.cookie, 404);
    await expectAnswer('GET', '/sessions/not-a-uuid/seal', notary.cookie, 404);
    await expectAnswer('GET', '/applications/not-a-uuid/session-events', client.cookie, 404);
    await expectAnswer('GET', '/applications/not-a-uuid/notarised-document', client.cookie, 404);
    await expectAnswer('GET', '/blogs/%00/image', client.cookie, 400);
    await expectAnswer('GET', '/blogs/%FF/image', client.cookie, 400);
    await expectAnswer('GET', '/notaries?search=%00', client.cookie, 400);
    await expectAnswer('GET', '/admin/notaries?search=%00', admin.cookie, 400);
    await expectAnswer('GET', '/applications?search=%00', client.cookie, 400);
    await expectAnswer('GET', '/payments/sandbox/orders/%00', client.cookie, 400);
    await expectAnswer('POST', '/payments/orders/%00/abandon', client.cookie, 400);
  });

  it('asks who you are before what you sent: signed out, a malformed body never gets past the session check', {
    timeout: 30_000,
  }, async () => {
    const leaks: string[] = [];
    for (const route of routes.filter((r) => WITH_BODY.has(r.method))) {
      const cases = casesFor(route, origin);
      const plain = await send(cases[0]?.options as InjectOptions);
      // Routes that need a session answer a signed-out caller 401 (application routes 404: ids reveal nothing).
      if (plain.statusCode !== 401 && !(plain.statusCode === 404 && route.url.includes('/applications/:id')))
        continue;
      for (const c of cases.filter((x) => x.kind === 'body')) {
        const res = await send(c.options);
        if (res.statusCode !== plain.statusCode) {
          leaks.push(`${route.method} ${route.url} [${c.name}] → ${res.statusCode}, not ${plain.statusCode}`);
        }
      }
    }
    expect(leaks).toEqual([]);
  });

  it("answers a stranger's malformed body on someone else's application or session with 404, never 400", {
    timeout: 90_000,
  }, async () => {
    const b = buildersFor(t);
    const [draft, paid] = await Promise.all([
      b.application({ owner: await b.user() }),
      b.application({ owner: await b.user(), status: 'awaiting_identity' }),
    ]);
    // A session's id is its application's.
    const onApplications = routes.filter(
      (r) =>
        WITH_BODY.has(r.method) &&
        (r.url.startsWith('/api/v1/applications/:id') || r.url.startsWith('/api/v1/sessions/:id')),
    );
    expect(onApplications.filter((r) => r.url.startsWith('/api/v1/sessions/')).length).toBeGreaterThan(5);
    const leaks: string[] = [];
    for (const route of onApplications) {
      for (const application of [draft, paid]) {
        const callers = await callersFor();
        // A client and a notary who have nothing to do with it (an admin may see every application).
        for (const stranger of callers.filter((c) => c.name === 'client' || c.name === 'notary')) {
          // The 1 MB body once per route (it is refused before anyone's record is read).
          const heavy = application === draft && stranger.name === 'client';
          const cases = casesFor(route, origin, { id: application.id, heavy }).filter(
            (c) => c.kind === 'body',
          );
          // A role the route never admits is refused by role alone (403, as on an id that does not exist): that
          // says nothing about this record. Anything else must be the record's 404.
          const onNoRecord = await send(
            casesFor(route, origin)[0]?.options as InjectOptions,
            stranger.cookie,
          );
          const expected = onNoRecord.statusCode === 403 ? 403 : 404;
          for (const c of cases) {
            const res = await send(c.options, stranger.cookie);
            if (res.statusCode !== expected) {
              leaks.push(`${route.method} ${route.url} [${c.name}] as ${stranger.name} → ${res.statusCode}`);
            }
          }
        }
      }
    }
    expect(leaks).toEqual([]);
  });
});
