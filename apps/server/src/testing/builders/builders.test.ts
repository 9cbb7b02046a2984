import type { ApplicationStatus } from '@mohar/contracts';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationEvents, notaryStatusEvents, seals } from '../../db/schema.ts';
import { isLegalTransition } from '../../modules/applications/applications.service.ts';
import { currentTotp } from '../../modules/auth/mfa.ts';
import { post, sessionCookieOf } from '../accounts.ts';
import { call } from '../applications.ts';
import { createTestApp, type TestApp } from '../test-app.ts';
import { type ApplicationStage, type Builders, buildersFor } from './index.ts';

// The builders stand in for the screens in other tests' set-up: what they leave must be what the product leaves.
let t: TestApp;
let build: Builders;
beforeAll(async () => {
  t = await createTestApp({ now: () => new Date('2026-11-23T12:00:00+05:30') });
  build = buildersFor(t);
});
afterAll(() => t.close());

const historyOf = async (id: string) =>
  (
    await t.db
      .select()
      .from(applicationEvents)
      .where(eq(applicationEvents.applicationId, id))
      .orderBy(asc(applicationEvents.createdAt), asc(applicationEvents.id))
  ).map((e) => [e.fromStatus, e.toStatus] as const);

describe('built accounts', () => {
  it('sign in with the shared password (and a TOTP code when MFA is on); the cookie is a real session', async () => {
    const client = await build.user();
    expect((await call(t, 'GET', '/session', client.cookie)).json().user).toMatchObject({
      _id: client.id,
      role: 'client',
      emailVerified: true,
    });
    const login = await post(t, '/login', { email: client.email, password: client.password });
    expect(login.statusCode, login.body).toBe(200);

    const admin = await build.admin({ mfa: true });
    const first = await post(t, '/login', { email: admin.email, password: admin.password });
    expect(first.json()).toMatchObject({ mfaRequired: true });
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/v1/login/mfa',
      payload: { code: await currentTotp(admin.mfa?.secret ?? '') },
      headers: { cookie: sessionCookieOf(first) },
    });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().user).toMatchObject({ role: 'admin', mfaEnabled: true });
  });

  it('a notary is submitted and approved, with the status history that leaves', async () => {
    const admin = await build.admin();
    const notary = await build.notary({ approvedBy: admin, online: true });
    const profile = (await call(t, 'GET', '/notary/profile', notary.cookie)).json().notary;
    expect(profile).toMatchObject({ status: 'verified', missing: [], canTakeWork: true, isOnline: true });
    const history = await t.db
      .select()
      .from(notaryStatusEvents)
      .where(eq(notaryStatusEvents.notaryId, notary.id))
      .orderBy(asc(notaryStatusEvents.createdAt));
    expect(history.map((e) => [e.fromStatus, e.toStatus, e.actorId])).toEqual([
      ['draft', 'pending', notary.id],
      ['pending', 'verified', admin.id],
    ]);
  });
});

describe('built applications', () => {
  const stages: Array<[ApplicationStage, ApplicationStatus]> = [
    ['draft', 'draft'],
    ['submitted', 'awaiting_payment'],
    ['paid', 'awaiting_identity'],
    ['ready', 'ready'],
    ['waiting_for_notary', 'waiting_for_notary'],
    ['in_session', 'in_session'],
    ['cancelled', 'cancelled'],
    ['failed', 'failed'],
    ['rejected', 'rejected'],
  ];

  it('reach every stage by legal moves only, each with its audit event', async () => {
    const owner = await build.user();
    const notary = await build.notary({ online: true });
    for (const [stage, status] of stages) {
      const built = await build.application({ status: stage, owner, notary });
      expect(built.status, stage).toBe(status);
      const view = (await call(t, 'GET', `/applications/${built.id}`, owner.cookie)).json().application;
      expect(view.status, stage).toBe(status);
      const history = await historyOf(built.id);
      expect(history[0], stage).toEqual([null, 'draft']);
      for (const [index, [from, to]] of history.entries()) {
        if (index === 0) continue;
        expect(from, stage).toBe(history[index - 1]?.[1]);
        expect(
          isLegalTransition(from as ApplicationStatus, to as ApplicationStatus),
          `${stage}: ${from} → ${to}`,
        ).toBe(true);
      }
      expect(history.at(-1)?.[1], stage).toBe(status);
    }
  });

  it('a paid application mailed every signatory a working link; the owner paid through the gateway', async () => {
    const built = await build.application({
      status: 'paid',
      signatories: [{ fullName: 'Kavya Rao' }, { fullName: 'Imran Shaikh' }],
    });
    for (const signatory of built.signatories) {
      const access = await t.app.inject({ url: `/api/v1/access/${signatory.token}` });
      expect(access.statusCode).toBe(200);
      expect(access.json().signatory).toMatchObject({ fullName: signatory.fullName, progress: 'invited' });
    }
    const payments = (await call(t, 'GET', `/applications/${built.id}/payment`, built.owner.cookie)).json();
    expect(payments).toMatchObject({ state: 'paid', walletBalancePaise: 0 });
    expect(payments.payments).toMatchObject([{ provider: 'sandbox', status: 'paid', walletPaise: 0 }]);
  });

  it('signed and sealed: every signature applied in the session, then the seal (a real certificate)', async () => {
    const signed = await build.application({
      status: 'signed',
      signatories: [{ fullName: 'Asha Verma' }, { fullName: 'Bela Kapoor' }],
    });
    expect(signed.status).toBe('in_session');
    const signing = (await call(t, 'GET', `/sessions/${signed.id}/signing`, signed.notary?.cookie)).json();
    expect(signing.allSigned).toBe(true);

    const sealed = await build.application({ status: 'sealed' });
    expect(sealed.status).toBe('notarised');
    const [seal] = await t.db.select().from(seals).where(eq(seals.applicationId, sealed.id));
    expect(seal?.status).toBe('done');
  });
});
