import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../testing/applications.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

const NOON_IST = new Date('2026-11-23T12:00:00+05:30');

describe('test fixtures switched off', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('without E2E_FIXTURES there are no fixture routes: 404, and nobody was made', async () => {
    for (const path of ['users', 'notaries', 'applications', 'live-sessions', 'portal-links']) {
      const res = await call(t, 'POST', `/test-fixtures/${path}`, undefined, {});
      expect(res.statusCode, path).toBe(404);
    }
    const users = await t.db.query.users.findMany();
    expect(users).toHaveLength(0);
  });
});

describe('test fixtures switched on', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { E2E_FIXTURES: 'true' }, now: () => NOON_IST });
  });
  afterAll(() => t.close());

  const cookieOf = (body: { cookie: { name: string; value: string } }) =>
    `${body.cookie.name}=${body.cookie.value}`;

  it('a user of any role comes back signed in: its cookie opens the session', async () => {
    for (const role of ['client', 'notary', 'admin'] as const) {
      const made = await call(t, 'POST', '/test-fixtures/users', undefined, { role, name: `A ${role}` });
      expect(made.statusCode, made.body).toBe(201);
      const session = await call(t, 'GET', '/session', cookieOf(made.json()));
      expect(session.statusCode).toBe(200);
      expect(session.json().user).toMatchObject({ _id: made.json()._id, role, name: `A ${role}` });
    }
    const refused = await call(t, 'POST', '/test-fixtures/users', undefined, { role: 'superuser' });
    expect(refused.statusCode).toBe(400);
  });

  it('a verified notary is listed in the directory and can go online', async () => {
    const made = await call(t, 'POST', '/test-fixtures/notaries', undefined, {});
    expect(made.statusCode, made.body).toBe(201);
    const notary = made.json();
    const directory = await call(
      t,
      'GET',
      `/notaries/verify?registrationNumber=${encodeURIComponent(notary.registrationNumber)}`,
    );
    expect(directory.json().notary).toMatchObject({ _id: notary._id, fullName: notary.fullName });
    const online = await call(t, 'PUT', '/notary/availability', cookieOf(notary), { isOnline: true });
    expect(online.statusCode, online.body).toBe(200);
  });

  it('an application in a given status for a given owner, and a portal link for its signatory', async () => {
    const owner = (await call(t, 'POST', '/test-fixtures/users', undefined, {})).json();
    const made = await call(t, 'POST', '/test-fixtures/applications', undefined, {
      ownerId: owner._id,
      status: 'paid',
      signatories: [{ fullName: 'Kavya Rao' }, { fullName: 'Imran Shaikh' }],
    });
    expect(made.statusCode, made.body).toBe(201);
    const application = made.json();
    expect(application).toMatchObject({ ownerId: owner._id, owner: null, status: 'awaiting_identity' });
    const view = await call(t, 'GET', `/applications/${application._id}`, cookieOf(owner));
    expect(view.json().application.status).toBe('awaiting_identity');
    const [kavya] = application.signatories;
    expect((await t.app.inject({ url: `/api/v1/access/${kavya.token}` })).statusCode).toBe(200);

    const link = await call(t, 'POST', '/test-fixtures/portal-links', undefined, {
      applicationId: application._id,
      signatoryId: kavya._id,
      progress: 'consented',
    });
    expect(link.statusCode, link.body).toBe(201);
    const opened = await t.app.inject({
      url: `/api/v1${link.json().path.replace('/access-application/', '/access/')}`,
    });
    expect(opened.json().signatory).toMatchObject({ fullName: 'Kavya Rao', progress: 'consented' });
    // The new link replaced the first one.
    expect((await t.app.inject({ url: `/api/v1/access/${kavya.token}` })).statusCode).toBe(410);
  });

  it('a live session: the notary made for it holds it', async () => {
    const made = await call(t, 'POST', '/test-fixtures/live-sessions', undefined, {});
    expect(made.statusCode, made.body).toBe(201);
    const session = made.json();
    expect(session.status).toBe('in_session');
    const view = await call(t, 'GET', `/sessions/${session._id}`, cookieOf(session.notary));
    expect(view.statusCode, view.body).toBe(200);
    expect(
      (await call(t, 'GET', `/applications/${session._id}`, cookieOf(session.owner))).json().application
        .status,
    ).toBe('in_session');
  });
});
