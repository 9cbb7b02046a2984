import { createHash } from 'node:crypto';
import { API_KEY_PATTERN, type ApiKeyScope } from '@mohar/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeys, applications, auditEvents, idempotentRequests } from '../../db/schema.ts';
import { API } from '../../testing/accounts.ts';
import { call, SIGNATORY } from '../../testing/applications.ts';
import {
  type Builders,
  type BuiltUser,
  buildersFor,
  DOCUMENT_DETAILS,
} from '../../testing/builders/index.ts';
import { samplePdf } from '../../testing/documents.ts';
import { multipartFile } from '../../testing/notaries.ts';
import { createOrganisation, joinOrganisation } from '../../testing/organisations.ts';
import { isRedisUp, redisTestEnv } from '../../testing/redis.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { fingerprintOf } from './idempotency.service.ts';

const NOW = new Date('2026-11-23T12:00:00+05:30');
let t: TestApp;
let build: Builders;
let pdf: Buffer;

beforeAll(async () => {
  // A weekday noon in India: the notarised-PDF test takes an application through a session.
  t = await createTestApp({ now: () => NOW });
  build = buildersFor(t);
  pdf = await samplePdf();
});
afterAll(() => t.close());

const ALL_SCOPES: ApiKeyScope[] = ['applications:read', 'applications:write', 'documents:read'];
let idempotencyCounter = 0;
type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** A call with an API key, as an integration makes it (a fresh Idempotency-Key on every POST unless given). */
function withKey(
  key: string,
  method: Method,
  url: string,
  payload?: object,
  headers: Record<string, string> = {},
) {
  idempotencyCounter += 1;
  return t.app.inject({
    method,
    url: `${API}${url}`,
    headers: {
      authorization: `Bearer ${key}`,
      ...(method === 'POST' ? { 'idempotency-key': `try-${idempotencyCounter}` } : {}),
      ...headers,
    },
    // An integration sends `{}` to a POST that needs nothing more.
    ...(payload ? { payload } : method === 'POST' ? { payload: {} } : {}),
  });
}

function uploadWithKey(key: string, id: string) {
  const body = multipartFile({ bytes: pdf, filename: 'lease.pdf', contentType: 'application/pdf' });
  return t.app.inject({
    method: 'PUT',
    url: `${API}/applications/${id}/document`,
    payload: body.payload,
    headers: { ...body.headers, authorization: `Bearer ${key}` },
  });
}

const organisationOf = (owner: BuiltUser) => createOrganisation(t, owner);
const join = async (organisationId: string, owner: BuiltUser, person: BuiltUser, role: string) => {
  await joinOrganisation(t, organisationId, owner, person, role);
};

async function createKey(organisationId: string, by: BuiltUser, scopes: ApiKeyScope[] = ALL_SCOPES) {
  const res = await call(t, 'POST', `/organisations/${organisationId}/api-keys`, by.cookie, {
    name: `Key ${scopes.join(' ')}`,
    scopes,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { apiKey: { _id: string; prefix: string }; key: string };
}

async function organisationWithKey(scopes: ApiKeyScope[] = ALL_SCOPES) {
  const owner = await build.user({ name: 'Asha Kulkarni' });
  const organisationId = await organisationOf(owner);
  const created = await createKey(organisationId, owner, scopes);
  return { owner, organisationId, key: created.key, keyId: created.apiKey._id };
}

async function draftWithKey(key: string) {
  const res = await withKey(key, 'POST', '/applications');
  expect(res.statusCode, res.body).toBe(201);
  return res.json().application._id as string;
}

describe('managing API keys', () => {
  it('an owner creates a key shown once: stored as its SHA-256, listed by name and prefix only', async () => {
    const { owner, organisationId, key, keyId } = await organisationWithKey(['applications:read']);
    expect(key).toMatch(API_KEY_PATTERN);
    expect(key.startsWith('mohar_test_')).toBe(true);
    const [row] = await t.db.select().from(apiKeys).where(eq(apiKeys.id, keyId));
    expect(row?.keyHash).toBe(createHash('sha256').update(key).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(key.slice(11));
    const list = await call(t, 'GET', `/organisations/${organisationId}/api-keys`, owner.cookie);
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(key.slice(11));
    expect(list.json().apiKeys).toEqual([
      expect.objectContaining({
        _id: keyId,
        scopes: ['applications:read'],
        prefix: key.slice(0, 15),
        createdByName: 'Asha Kulkarni',
        revokedAt: null,
      }),
    ]);
  });

  it('admins create keys too; members get 403 and outsiders 404; a key cannot make keys', async () => {
    const { owner, organisationId, key } = await organisationWithKey();
    const admin = await build.user();
    const member = await build.user();
    const outsider = await build.user();
    await join(organisationId, owner, admin, 'admin');
    await join(organisationId, owner, member, 'member');
    await createKey(organisationId, admin, ['documents:read']);
    const body = { name: 'Mine', scopes: ['applications:read'] };
    const asMember = await call(t, 'POST', `/organisations/${organisationId}/api-keys`, member.cookie, body);
    expect(asMember.statusCode).toBe(403);
    expect(asMember.json().code).toBe('organisations.forbidden');
    expect(
      (await call(t, 'GET', `/organisations/${organisationId}/api-keys`, member.cookie)).statusCode,
    ).toBe(403);
    const asOutsider = await call(
      t,
      'POST',
      `/organisations/${organisationId}/api-keys`,
      outsider.cookie,
      body,
    );
    expect(asOutsider.statusCode).toBe(404);
    const byKey = await withKey(key, 'POST', `/organisations/${organisationId}/api-keys`, body);
    expect(byKey.statusCode).toBe(403);
    expect(byKey.json().code).toBe('api.route_closed');
  });

  it('refuses a key without a permission or with one twice', async () => {
    const owner = await build.user();
    const organisationId = await organisationOf(owner);
    for (const scopes of [[], ['applications:read', 'applications:read'], ['everything']]) {
      const res = await call(t, 'POST', `/organisations/${organisationId}/api-keys`, owner.cookie, {
        name: 'Bad',
        scopes,
      });
      expect(res.statusCode).toBe(400);
    }
  });
});

describe('an API-only journey with a key', () => {
  it('creates an application, uploads the document, adds signatories and reads it back', async () => {
    const { owner, organisationId, key, keyId } = await organisationWithKey();
    const id = await draftWithKey(key);
    const details = await withKey(key, 'PATCH', `/applications/${id}`, {
      ...DOCUMENT_DETAILS,
      notaryChoice: 'first_available',
    });
    expect(details.statusCode, details.body).toBe(200);
    const uploaded = await uploadWithKey(key, id);
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const signed = await withKey(key, 'PUT', `/applications/${id}/signatories`, { signatories: [SIGNATORY] });
    expect(signed.statusCode, signed.body).toBe(200);

    const read = await withKey(key, 'GET', `/applications/${id}`);
    expect(read.statusCode).toBe(200);
    const application = read.json().application;
    expect(application.title).toBe(DOCUMENT_DETAILS.title);
    expect(application.signatories).toEqual([expect.objectContaining({ fullName: SIGNATORY.fullName })]);
    expect(application.document).toEqual(expect.objectContaining({ fileName: 'lease.pdf' }));
    const document = await withKey(key, 'GET', `/applications/${id}/document`);
    expect(document.statusCode).toBe(200);
    expect(document.headers['content-type']).toBe('application/pdf');
    const list = await withKey(key, 'GET', '/applications');
    expect(list.json().applications.map((a: { _id: string }) => a._id)).toContain(id);
    const submitted = await withKey(key, 'POST', `/applications/${id}/submit`);
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json().application.status).toBe('awaiting_payment');

    // The application is the organisation's, made in the name of the key's creator.
    const [row] = await t.db.select().from(applications).where(eq(applications.id, id));
    expect(row).toEqual(expect.objectContaining({ organisationId, ownerId: owner.id }));
    const listed = (await call(t, 'GET', `/organisations/${organisationId}/api-keys`, owner.cookie)).json();
    expect(listed.apiKeys.find((k: { _id: string }) => k._id === keyId).lastUsedAt).not.toBeNull();
  });
});

describe('the notarised PDF by API', () => {
  it('a key with documents:read downloads it once the application is notarised', async () => {
    const { owner, organisationId, key } = await organisationWithKey();
    // Notarised through the portal, the call and the seal, as people do; it is the organisation's.
    const sealed = await build.application({ owner, status: 'sealed' });
    await t.db.update(applications).set({ organisationId }).where(eq(applications.id, sealed.id));
    const pdfAnswer = await withKey(key, 'GET', `/applications/${sealed.id}/notarised-document`);
    expect(pdfAnswer.statusCode).toBe(200);
    expect(pdfAnswer.headers['content-type']).toBe('application/pdf');
    expect(pdfAnswer.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });
});

describe('scopes, per route', () => {
  it('read: lists and reads but neither writes nor downloads documents', async () => {
    const { organisationId, owner, key: writer } = await organisationWithKey();
    const { key: reader } = await createKey(organisationId, owner, ['applications:read']).then((k) => ({
      key: k.key,
    }));
    const id = await draftWithKey(writer);
    expect((await withKey(reader, 'GET', '/applications')).statusCode).toBe(200);
    expect((await withKey(reader, 'GET', `/applications/${id}`)).statusCode).toBe(200);
    expect((await withKey(reader, 'GET', `/applications/${id}/events`)).statusCode).toBe(200);
    const refusals = [
      await withKey(reader, 'POST', '/applications'),
      await withKey(reader, 'PATCH', `/applications/${id}`, { title: 'New title' }),
      await withKey(reader, 'PUT', `/applications/${id}/signatories`, { signatories: [SIGNATORY] }),
      await withKey(reader, 'DELETE', `/applications/${id}`),
      await withKey(reader, 'GET', `/applications/${id}/document`),
      await withKey(reader, 'GET', `/applications/${id}/notarised-document`),
    ];
    for (const res of refusals) {
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('api.scope_missing');
    }
  });

  it('write without read cannot read; documents:read alone reads only documents', async () => {
    const { organisationId, owner, key: full } = await organisationWithKey();
    const writer = (await createKey(organisationId, owner, ['applications:write'])).key;
    const documents = (await createKey(organisationId, owner, ['documents:read'])).key;
    const id = await draftWithKey(full);
    expect((await uploadWithKey(full, id)).statusCode).toBe(200);
    expect((await withKey(writer, 'GET', `/applications/${id}`)).json().code).toBe('api.scope_missing');
    expect((await withKey(writer, 'POST', '/applications')).statusCode).toBe(201);
    expect((await withKey(documents, 'GET', `/applications/${id}/document`)).statusCode).toBe(200);
    expect((await withKey(documents, 'GET', '/applications')).statusCode).toBe(403);
  });
});

describe('webhooks:manage', () => {
  it('a key with it manages its own organisation’s endpoints only; without it, 403', async () => {
    const { organisationId, owner } = await organisationWithKey();
    const manager = (await createKey(organisationId, owner, ['webhooks:manage'])).key;
    const reader = (await createKey(organisationId, owner, ['applications:read'])).key;
    // The key's creator also owns a second organisation: the key still reaches only its own.
    const other = await organisationOf(owner);
    const endpoint = { url: 'https://hooks.example.com/mohar', events: ['application.status_changed'] };
    const created = await withKey(manager, 'POST', `/organisations/${organisationId}/webhooks`, endpoint);
    expect(created.statusCode, created.body).toBe(201);
    const listed = await withKey(manager, 'GET', `/organisations/${organisationId}/webhooks`);
    expect(listed.json().endpoints).toHaveLength(1);
    expect((await withKey(manager, 'GET', `/organisations/${other}/webhooks`)).statusCode).toBe(404);
    expect((await withKey(manager, 'POST', `/organisations/${other}/webhooks`, endpoint)).statusCode).toBe(
      404,
    );
    const refused = await withKey(reader, 'GET', `/organisations/${organisationId}/webhooks`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('api.scope_missing');
  });
});

describe('access matrix: another organisation’s key and a revoked key', () => {
  const routes = (id: string): Array<[Method, string, object?]> => [
    ['GET', `/applications/${id}`],
    ['PATCH', `/applications/${id}`, { title: 'Taken over' }],
    ['PUT', `/applications/${id}/signatories`, { signatories: [SIGNATORY] }],
    ['GET', `/applications/${id}/document`],
    ['GET', `/applications/${id}/events`],
    ['POST', `/applications/${id}/submit`],
    ['POST', `/applications/${id}/reopen`],
    ['POST', `/applications/${id}/cancel`, {}],
    ['DELETE', `/applications/${id}`],
    ['GET', `/applications/${id}/notarised-document`],
  ];

  it('a key of another organisation gets 404 on every record of this one, and on its people’s own', async () => {
    const mine = await organisationWithKey();
    const theirs = await organisationWithKey();
    const id = await draftWithKey(mine.key);
    const personal = (await call(t, 'POST', '/applications', mine.owner.cookie, {})).json().application._id;
    for (const target of [id, personal]) {
      for (const [method, url, body] of routes(target)) {
        const res = await withKey(theirs.key, method, url, body);
        expect(res.statusCode, `${method} ${url}`).toBe(404);
      }
      const upload = await uploadWithKey(theirs.key, target);
      expect(upload.statusCode).toBe(404);
    }
    // The organisation's own key does not reach its owner's personal applications either.
    expect((await withKey(mine.key, 'GET', `/applications/${personal}`)).statusCode).toBe(404);
    const list = (await withKey(theirs.key, 'GET', '/applications')).json().applications;
    expect(list).toEqual([]);
  });

  it('a revoked key stops at once: 401 on every route, the next request after the revocation', async () => {
    const { owner, organisationId, key, keyId } = await organisationWithKey();
    const id = await draftWithKey(key);
    expect((await withKey(key, 'GET', `/applications/${id}`)).statusCode).toBe(200);
    const revoked = await call(
      t,
      'POST',
      `/organisations/${organisationId}/api-keys/${keyId}/revoke`,
      owner.cookie,
      {},
    );
    expect(revoked.statusCode).toBe(200);
    for (const [method, url, body] of [...routes(id), ['GET', '/applications'] as [Method, string]]) {
      const res = await withKey(key, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json().code).toBe('api.key_invalid');
    }
    expect((await uploadWithKey(key, id)).statusCode).toBe(401);
    const again = await call(
      t,
      'POST',
      `/organisations/${organisationId}/api-keys/${keyId}/revoke`,
      owner.cookie,
      {},
    );
    expect(again.statusCode).toBe(404);
    const listed = (await call(t, 'GET', `/organisations/${organisationId}/api-keys`, owner.cookie)).json();
    expect(listed.apiKeys[0].revokedAt).not.toBeNull();
    const audited = await t.db.select().from(auditEvents).where(eq(auditEvents.subjectId, organisationId));
    expect(audited.map((e) => [e.action, e.actorId])).toEqual(
      expect.arrayContaining([
        ['api_key.created', owner.id],
        ['api_key.revoked', owner.id],
      ]),
    );
  });

  it('a key stops when its creator no longer manages the organisation; a made-up key is refused alike', async () => {
    const { owner, organisationId } = await organisationWithKey();
    const admin = await build.user();
    await join(organisationId, owner, admin, 'admin');
    const { key } = await createKey(organisationId, admin);
    expect((await withKey(key, 'GET', '/applications')).statusCode).toBe(200);
    const demoted = await call(
      t,
      'PUT',
      `/organisations/${organisationId}/members/${admin.id}`,
      owner.cookie,
      {
        role: 'member',
      },
    );
    expect(demoted.statusCode).toBe(200);
    expect((await withKey(key, 'GET', '/applications')).json().code).toBe('api.key_invalid');
    expect((await withKey(`mohar_test_${'A'.repeat(43)}`, 'GET', '/applications')).statusCode).toBe(401);
    expect((await withKey('not-a-key', 'GET', '/applications')).statusCode).toBe(401);
  });
});

describe('the bearer rules', () => {
  it('routes not opened to keys refuse them; a cookie and a key together are refused', async () => {
    const { owner, organisationId, key } = await organisationWithKey();
    for (const url of [`/organisations/${organisationId}`, '/organisations', '/notifications', '/wallet']) {
      const res = await withKey(key, 'GET', url);
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toEqual({ message: expect.any(String), code: 'api.route_closed' });
    }
    const both = await withKey(key, 'GET', '/applications', undefined, { cookie: owner.cookie });
    expect(both.statusCode).toBe(400);
    expect(both.json().code).toBe('api.mixed_credentials');
    // The cookie rule against cross-site forgery does not apply to a key alone (nothing ambient to forge with).
    const fromElsewhere = { origin: 'https://integrator.example' };
    expect((await withKey(key, 'POST', '/applications', {}, fromElsewhere)).statusCode).toBe(201);
    const forged = await t.app.inject({
      method: 'POST',
      url: `${API}/applications`,
      headers: { cookie: owner.cookie, ...fromElsewhere },
      payload: {},
    });
    expect(forged.json().code).toBe('request.cross_site');
  });

  it('counts requests per key: past its limit a minute, 429 for that key only', async () => {
    const { organisationId, owner, key, keyId } = await organisationWithKey();
    const other = (await createKey(organisationId, owner)).key;
    await t.db.update(apiKeys).set({ rateLimitPerMinute: 2 }).where(eq(apiKeys.id, keyId));
    expect((await withKey(key, 'GET', '/applications')).statusCode).toBe(200);
    expect((await withKey(key, 'GET', '/applications')).statusCode).toBe(200);
    const third = await withKey(key, 'GET', '/applications');
    expect(third.statusCode).toBe(429);
    expect(third.json().code).toBe('request.rate_limited');
    expect((await withKey(other, 'GET', '/applications')).statusCode).toBe(200);
  });

  it.skipIf(!isRedisUp)('with REDIS_URL, two processes count one key together', async () => {
    const { keyId, key } = await organisationWithKey();
    await t.db.update(apiKeys).set({ rateLimitPerMinute: 2 }).where(eq(apiKeys.id, keyId));
    const env = redisTestEnv();
    const [one, two] = [await t.sibling(env), await t.sibling(env)];
    const get = (app: typeof one) =>
      app.inject({ url: `${API}/applications`, headers: { authorization: `Bearer ${key}` } });
    expect((await get(one)).statusCode).toBe(200);
    expect((await get(two)).statusCode).toBe(200);
    expect((await get(one)).statusCode).toBe(429);
  });
});

describe('Idempotency-Key', () => {
  const countOf = async (organisationId: string) =>
    (await t.db.select().from(applications).where(eq(applications.organisationId, organisationId))).length;

  it('replays the first answer to a retry and refuses the same key with another request', async () => {
    const { organisationId, key } = await organisationWithKey();
    const first = await withKey(key, 'POST', '/applications', {}, { 'idempotency-key': 'create-1' });
    const retry = await withKey(key, 'POST', '/applications', {}, { 'idempotency-key': 'create-1' });
    expect(first.statusCode).toBe(201);
    expect(retry.statusCode).toBe(201);
    expect(retry.body).toBe(first.body);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(await countOf(organisationId)).toBe(1);

    const id = first.json().application._id;
    const cancel = (reason: string) =>
      withKey(key, 'POST', `/applications/${id}/cancel`, { reason }, { 'idempotency-key': 'cancel-1' });
    const cancelled = await cancel('Duplicate');
    expect((await cancel('Duplicate')).body).toBe(cancelled.body);
    const different = await cancel('Another reason');
    expect(different.statusCode).toBe(422);
    expect(different.json().code).toBe('idempotency.key_reused');
    const otherRoute = await withKey(key, 'POST', '/applications', {}, { 'idempotency-key': 'cancel-1' });
    expect(otherRoute.json().code).toBe('idempotency.key_reused');
  });

  it('two concurrent requests with one key create one application', async () => {
    const { organisationId, key } = await organisationWithKey();
    const [a, b] = await Promise.all([
      withKey(key, 'POST', '/applications', {}, { 'idempotency-key': 'same-time' }),
      withKey(key, 'POST', '/applications', {}, { 'idempotency-key': 'same-time' }),
    ]);
    expect([a.statusCode, b.statusCode]).toContain(201);
    expect([a.statusCode, b.statusCode].every((s) => s === 201 || s === 409)).toBe(true);
    expect(await countOf(organisationId)).toBe(1);
  });

  it('a claim whose request never answered: 409 while recent, taken over by a retry after 5 minutes', async () => {
    const { organisationId, key, keyId } = await organisationWithKey();
    const fingerprint = fingerprintOf({ method: 'POST', route: `${API}/applications`, params: {}, body: {} });
    const claim = (idempotencyKey: string, minutesAgo: number) =>
      t.db.insert(idempotentRequests).values({
        caller: `key:${keyId}`,
        idempotencyKey,
        fingerprint,
        createdAt: new Date(NOW.getTime() - minutesAgo * 60_000),
      });
    await claim('running', 1);
    await claim('crashed', 10);
    const running = await withKey(key, 'POST', '/applications', {}, { 'idempotency-key': 'running' });
    expect(running.statusCode).toBe(409);
    expect(running.json().code).toBe('idempotency.in_progress');
    const crashed = await withKey(key, 'POST', '/applications', {}, { 'idempotency-key': 'crashed' });
    expect(crashed.statusCode).toBe(201);
    expect(await countOf(organisationId)).toBe(1);
  });

  it('is required on a key’s POST, and honoured for signed-in people too', async () => {
    const { key } = await organisationWithKey();
    const without = await t.app.inject({
      method: 'POST',
      url: `${API}/applications`,
      headers: { authorization: `Bearer ${key}` },
      payload: {},
    });
    expect(without.statusCode).toBe(400);
    expect(without.json().code).toBe('idempotency.key_missing');
    const person = await build.user();
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: `${API}/applications`,
        headers: { cookie: person.cookie, 'idempotency-key': 'web-1' },
        payload: {},
      });
    const first = await send();
    const second = await send();
    expect(second.json().application._id).toBe(first.json().application._id);
    const mine = await t.db.select().from(applications).where(eq(applications.ownerId, person.id));
    expect(mine).toHaveLength(1);
  });
});

describe('the OpenAPI description', () => {
  it('names the bearer scheme on the routes that take a key, with examples', async () => {
    const doc = (await t.app.inject({ url: `${API}/docs/json` })).json();
    expect(doc.components.securitySchemes.apiKey).toEqual(
      expect.objectContaining({ type: 'http', scheme: 'bearer' }),
    );
    const create = doc.paths['/api/v1/applications'].post;
    expect(create.security).toEqual([{ session: [] }, { apiKey: [] }]);
    expect(create.responses['201'].content['application/json'].example.application).toBeDefined();
    expect(create.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'Idempotency-Key' })]),
    );
    expect(
      doc.paths['/api/v1/applications/{id}/signatories'].put.requestBody.content['application/json'].example,
    ).toBeDefined();
    expect(doc.paths['/api/v1/organisations'].get.security).toBeUndefined();
  });
});
