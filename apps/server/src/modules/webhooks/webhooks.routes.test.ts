import { WEBHOOK_ERROR_CODES, WEBHOOK_ID_HEADER, WEBHOOK_SIGNATURE_HEADER } from '@mohar/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { applications } from '../../db/schema.ts';
import { call } from '../../testing/applications.ts';
import { type Builders, type BuiltUser, buildersFor } from '../../testing/builders/index.ts';
import { createOrganisation, joinOrganisation } from '../../testing/organisations.ts';
import { creditWallet, payableApplication } from '../../testing/payments.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { documentedVerifier, startReceiver } from '../../testing/webhook-receiver.ts';
import { createOrganisationsService } from '../organisations/organisations.service.ts';
import { createWebhooksService } from './webhooks.service.ts';

let clockOffsetMs = 0;
let t: TestApp;
let build: Builders;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let verify: Awaited<ReturnType<typeof documentedVerifier>>;

beforeAll(async () => {
  t = await createTestApp({
    // Retries 20 ms apart (then 80 ms): the queue's real backoff, only shorter.
    env: { WEBHOOK_BACKOFF_BASE_MS: '20', WEBHOOK_TIMEOUT_MS: '2000', SERVICE_HOURS_ALWAYS_OPEN: 'true' },
    now: () => new Date(Date.now() + clockOffsetMs),
  });
  build = buildersFor(t);
  receiver = await startReceiver();
  verify = await documentedVerifier(t.dataDir);
});
afterAll(async () => {
  await receiver.close();
  await t.close();
});

const organisationOf = (owner: BuiltUser) => createOrganisation(t, owner);
const join = async (organisationId: string, owner: BuiltUser, person: BuiltUser, role: string) => {
  await joinOrganisation(t, organisationId, owner, person, role);
};

async function addEndpoint(organisationId: string, user: BuiltUser, events: string[]) {
  const res = await call(t, 'POST', `/organisations/${organisationId}/webhooks`, user.cookie, {
    url: receiver.url,
    events,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { endpoint: { _id: string }; secret: string };
}

/** An application of the organisation waiting for payment; reopening it is one status change (one event). */
async function organisationApplication(organisationId: string, owner: BuiltUser) {
  const app = await payableApplication(t, owner);
  await t.db.update(applications).set({ organisationId }).where(eq(applications.id, app.id));
  return app;
}
const reopen = (id: string, owner: BuiltUser) =>
  call(t, 'POST', `/applications/${id}/reopen`, owner.cookie, {});

const deliveriesOf = async (organisationId: string, endpointId: string, user: BuiltUser) =>
  (
    await call(t, 'GET', `/organisations/${organisationId}/webhooks/${endpointId}/deliveries`, user.cookie)
  ).json().deliveries as Array<{
    _id: string;
    eventId: string;
    status: string;
    attempts: Array<{ statusCode: number }>;
  }>;

describe('webhook deliveries', () => {
  it('arrive at the receiver signed with the endpoint secret, the event id in a header and the body', async () => {
    const owner = await build.user();
    const id = await organisationOf(owner);
    const { secret, endpoint } = await addEndpoint(id, owner, ['application.status_changed']);
    const app = await organisationApplication(id, owner);
    const before = receiver.requests.length;

    expect((await reopen(app.id, owner)).statusCode).toBe(200);
    await receiver.until(before + 1);

    const [got] = receiver.requests.slice(before);
    expect(got?.event).toMatchObject({
      type: 'application.status_changed',
      organisationId: id,
      data: { applicationId: app.id, from: 'awaiting_payment', to: 'draft' },
    });
    expect(got?.headers[WEBHOOK_ID_HEADER]).toBe(got?.event.id);
    const signature = got?.headers[WEBHOOK_SIGNATURE_HEADER] as string;
    expect(verify(got?.body ?? '', signature, secret)).toBe(true);
    // Another secret, a changed body, or a signature older than the 5-minute window do not verify.
    expect(verify(got?.body ?? '', signature, 'whsec_other')).toBe(false);
    expect(verify(`${got?.body} `, signature, secret)).toBe(false);
    expect(verify(got?.body ?? '', signature, secret, { nowMs: Date.now() + 6 * 60_000 })).toBe(false);
    await vi.waitFor(async () =>
      expect((await deliveriesOf(id, endpoint._id, owner))[0]).toMatchObject({ status: 'succeeded' }),
    );
  });

  it('reach the receiver exactly once per event id when it fails twice first (retried, then no duplicate)', async () => {
    const owner = await build.user();
    const id = await organisationOf(owner);
    const { endpoint } = await addEndpoint(id, owner, ['application.status_changed']);
    const app = await organisationApplication(id, owner);
    const before = receiver.requests.length;
    receiver.answers.push(500, 503);

    await reopen(app.id, owner);
    await receiver.until(before + 3);
    await vi.waitFor(async () =>
      expect((await deliveriesOf(id, endpoint._id, owner))[0]?.status).toBe('succeeded'),
    );
    // Another pass of the queue after the success sends nothing more.
    await t.app.mohar.webhooksService.dispatchNow();

    const arrived = receiver.requests.slice(before);
    expect(arrived).toHaveLength(3);
    expect(new Set(arrived.map((r) => r.event.id)).size).toBe(1);
    const [delivery] = await deliveriesOf(id, endpoint._id, owner);
    expect(delivery?.attempts.map((a) => a.statusCode)).toEqual([500, 503, 200]);
    expect(delivery?.attempts[0]).toMatchObject({ error: 'HTTP 500', responseExcerpt: 'not now' });

    // Redelivered from the console: the same event id once more.
    const again = await call(
      t,
      'POST',
      `/organisations/${id}/webhooks/${endpoint._id}/deliveries/${delivery?._id}/redeliver`,
      owner.cookie,
      {},
    );
    expect(again.statusCode).toBe(200);
    await receiver.until(before + 4);
    expect(receiver.requests[before + 3]?.event.id).toBe(delivery?.eventId);
  });

  it("send the organisation's payment, status and refund events, only to endpoints subscribed to them", async () => {
    const owner = await build.user();
    const admin = await build.admin();
    const id = await organisationOf(owner);
    const { endpoint } = await addEndpoint(id, owner, ['payment.captured', 'refund.approved']);
    const app = await organisationApplication(id, owner);
    await creditWallet(t, owner.id, app.totalPaise);
    expect(
      (
        await call(t, 'POST', `/applications/${app.id}/checkout`, owner.cookie, {
          walletPaise: app.totalPaise,
        })
      ).statusCode,
    ).toBe(201);
    await call(t, 'POST', `/admin/applications/${app.id}/fail`, admin.cookie, {
      reason: 'The call dropped.',
    });
    const refund = await call(t, 'POST', `/applications/${app.id}/refund-requests`, owner.cookie, {});
    await call(t, 'POST', `/admin/refunds/${refund.json().refund._id}/approve`, admin.cookie, {});

    await vi.waitFor(async () => {
      const deliveries = await deliveriesOf(id, endpoint._id, owner);
      expect(deliveries.map((d) => d.status)).toEqual(['succeeded', 'succeeded']);
    });
    const types = receiver.requests
      .filter((r) => (r.event.data as { applicationId?: string }).applicationId === app.id)
      .map((r) => r.event.type);
    expect(types.sort()).toEqual(['payment.captured', 'refund.approved']);
  });
});

describe('a whole notarisation of an organisation application', () => {
  it('sends payment, session start and completion, and the notarised document, each once', async () => {
    const owner = await build.user();
    const id = await organisationOf(owner);
    await addEndpoint(id, owner, [
      'payment.captured',
      'session.started',
      'session.completed',
      'document.notarised',
    ]);
    const built = await build.application({ status: 'submitted', owner });
    await t.db.update(applications).set({ organisationId: id }).where(eq(applications.id, built.id));
    const before = receiver.requests.length;

    // The builders call the services (no request ends, so nothing kicks the queue): the dispatch runs here.
    await build.advance(built, { status: 'sealed' });
    await t.app.mohar.webhooksService.dispatchNow();
    await receiver.until(before + 4);

    const arrived = receiver.requests.slice(before);
    expect(arrived.map((r) => r.event.type)).toEqual(
      expect.arrayContaining([
        'payment.captured',
        'session.started',
        'session.completed',
        'document.notarised',
      ]),
    );
    expect(arrived).toHaveLength(4);
    expect(arrived.find((r) => r.event.type === 'session.completed')?.event.data).toMatchObject({
      applicationId: built.id,
      outcome: 'notarised',
    });
  });
});

describe('managing endpoints', () => {
  it("answers 404 to another organisation's members on endpoints and deliveries, 403 to a member", async () => {
    const owner = await build.user();
    const member = await build.user();
    const stranger = await build.user();
    const id = await organisationOf(owner);
    const theirs = await organisationOf(stranger);
    await join(id, owner, member, 'member');
    const { endpoint } = await addEndpoint(id, owner, ['application.status_changed']);
    const app = await organisationApplication(id, owner);
    await reopen(app.id, owner);
    const [delivery] = await vi.waitFor(async () => {
      const found = await deliveriesOf(id, endpoint._id, owner);
      expect(found).toHaveLength(1);
      return found;
    });
    const base = `/organisations/${id}/webhooks`;
    const one = `${base}/${endpoint._id}`;
    for (const [method, url] of [
      ['GET', base],
      ['POST', base],
      ['GET', `${one}/deliveries`],
      ['POST', `${one}/rotate`],
      ['POST', `${one}/deliveries/${delivery?._id}/redeliver`],
      ['DELETE', one],
    ] as const) {
      const payload = method === 'POST' ? { url: receiver.url, events: ['session.started'] } : undefined;
      const res = await call(
        t,
        method,
        url,
        stranger.cookie,
        url === base ? payload : method === 'POST' ? {} : undefined,
      );
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(
        (
          await call(
            t,
            method,
            url,
            member.cookie,
            url === base ? payload : method === 'POST' ? {} : undefined,
          )
        ).statusCode,
      ).toBe(403);
    }
    // Through their own organisation, the endpoint of another is not found either.
    const crossed = await call(
      t,
      'GET',
      `/organisations/${theirs}/webhooks/${endpoint._id}/deliveries`,
      stranger.cookie,
    );
    expect(crossed.statusCode).toBe(404);
    expect(crossed.json().code).toBe(WEBHOOK_ERROR_CODES.notFound);
  });

  it('lists endpoints with the last delivery, never the secret, and deletes them', async () => {
    const owner = await build.user();
    const id = await organisationOf(owner);
    const { endpoint, secret } = await addEndpoint(id, owner, ['session.started', 'session.completed']);
    const list = await call(t, 'GET', `/organisations/${id}/webhooks`, owner.cookie);
    expect(list.json().endpoints).toMatchObject([
      { _id: endpoint._id, events: ['session.started', 'session.completed'], lastDelivery: null },
    ]);
    expect(list.body).not.toContain(secret);
    expect(
      (await call(t, 'DELETE', `/organisations/${id}/webhooks/${endpoint._id}`, owner.cookie)).statusCode,
    ).toBe(200);
    expect((await call(t, 'GET', `/organisations/${id}/webhooks`, owner.cookie)).json().endpoints).toEqual(
      [],
    );
  });

  it('refuses a non-HTTPS URL and private or loopback addresses in production', async () => {
    const owner = await build.user();
    const id = await organisationOf(owner);
    const organisations = createOrganisationsService({
      db: t.db,
      mailer: t.app.mohar.mailer,
      publicUrl: t.config.publicUrl,
    });
    const production = createWebhooksService({
      db: t.db,
      jobs: t.app.mohar.jobs,
      config: { ...t.config, env: 'production' },
      encryptor: { encrypt: (v) => v, decrypt: (v) => v, reseal: () => null },
      assertManager: organisations.assertManager,
      log: { error: () => {} },
    });
    const create = (url: string) =>
      production.create({
        organisationId: id,
        userId: owner.id,
        request: { url, events: ['session.started'] },
      });
    for (const url of [
      'http://hooks.example.com/mohar',
      'https://127.0.0.1/hooks',
      'https://10.1.2.3/hooks',
      'https://[::1]/hooks',
      'https://169.254.169.254/latest',
      'https://localhost/hooks',
    ])
      await expect(create(url), url).rejects.toMatchObject({
        statusCode: 400,
        code: WEBHOOK_ERROR_CODES.urlRefused,
      });
    // A public address is accepted.
    await expect(create('https://203.0.113.10/hooks')).resolves.toMatchObject({
      endpoint: { url: 'https://203.0.113.10/hooks' },
    });
  });
});

describe('secret rotation', () => {
  it('signs with both secrets during the 24-hour overlap, then with the new one only', async () => {
    const owner = await build.user();
    const id = await organisationOf(owner);
    const { endpoint, secret: oldSecret } = await addEndpoint(id, owner, ['application.status_changed']);
    const rotated = await call(
      t,
      'POST',
      `/organisations/${id}/webhooks/${endpoint._id}/rotate`,
      owner.cookie,
      {},
    );
    expect(rotated.statusCode).toBe(200);
    const newSecret = rotated.json().secret as string;
    expect(newSecret).not.toBe(oldSecret);
    expect(rotated.json().endpoint.previousSecretUntil).not.toBeNull();

    const app = await organisationApplication(id, owner);
    let before = receiver.requests.length;
    await reopen(app.id, owner);
    await receiver.until(before + 1);
    const during = receiver.requests[before];
    const header = during?.headers[WEBHOOK_SIGNATURE_HEADER] as string;
    expect(header.match(/v1=/g)).toHaveLength(2);
    expect(verify(during?.body ?? '', header, newSecret)).toBe(true);
    expect(verify(during?.body ?? '', header, oldSecret)).toBe(true);

    // A day and an hour later (the app's clock): the old secret no longer signs.
    clockOffsetMs = 25 * 60 * 60 * 1000;
    const later = await organisationApplication(id, owner);
    before = receiver.requests.length;
    await reopen(later.id, owner);
    await receiver.until(before + 1);
    const after = receiver.requests[before];
    const nowMs = Date.now() + clockOffsetMs;
    expect(
      verify(after?.body ?? '', after?.headers[WEBHOOK_SIGNATURE_HEADER] as string, newSecret, { nowMs }),
    ).toBe(true);
    expect(
      verify(after?.body ?? '', after?.headers[WEBHOOK_SIGNATURE_HEADER] as string, oldSecret, { nowMs }),
    ).toBe(false);
  });
});
