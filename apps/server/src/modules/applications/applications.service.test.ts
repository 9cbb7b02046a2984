// @engine: the transition lock, the append-only events trigger and the drafts-only delete trigger
import { APPLICATION_STATUSES, type ApplicationStatus } from '@mohar/contracts';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationEvents, applications } from '../../db/schema.ts';
import { call, DOCUMENT_DETAILS, SIGNATORY } from '../../testing/applications.ts';
import {
  type Builders,
  type BuiltNotary,
  type BuiltUser,
  buildersFor,
} from '../../testing/builders/index.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { createApplicationsService, isLegalTransition, TRANSITIONS } from './applications.service.ts';

let t: TestApp;
let build: Builders;
let owner: BuiltUser;
let admin: BuiltUser;
// Takes every application built into a session (a platform certificate, so one can be sealed too).
let notary: BuiltNotary;
beforeAll(async () => {
  // Inside service hours: the applications built into a session asked for a notary.
  t = await createTestApp({ now: () => new Date('2026-11-23T12:00:00+05:30') });
  build = buildersFor(t);
  owner = await build.user();
  admin = await build.admin();
  notary = await build.notary({ approvedBy: admin, certificate: 'platform' });
});
afterAll(() => t.close());

const viewerOf = (client: { id: string }) => ({ userId: client.id, role: 'client' });
const actor = { userId: null, role: 'system', ip: null };

/** A service whose clock is fixed: the age rule and IST day boundaries depend on it. */
const serviceAt = (iso: string) =>
  createApplicationsService({
    db: t.db,
    blobStore: t.blobStore,
    config: t.config,
    notariesService: t.app.mohar.notariesService,
    feeSettings: t.app.mohar.feeSettings,
    now: () => new Date(iso),
  });

/** An application brought into a status the way the product brings it there (the set-up for each transition test). */
async function applicationIn(status: ApplicationStatus, client?: BuiltUser) {
  return (await build.application({ status, owner: client ?? owner, notary })).id;
}

/** A complete draft of the owner's. */
const draftOf = async (options: Parameters<Builders['application']>[0] = {}) =>
  (await build.application({ owner, ...options })).id;

// Oldest first: without an order PostgreSQL may return rows in any order (PGlite happens to keep insertion order).
const eventsOf = (id: string) =>
  t.db
    .select()
    .from(applicationEvents)
    .where(eq(applicationEvents.applicationId, id))
    .orderBy(asc(applicationEvents.createdAt));

describe('status transitions', () => {
  const pairs = APPLICATION_STATUSES.flatMap((from) => APPLICATION_STATUSES.map((to) => [from, to] as const));

  it('follow domain.md exactly', () => {
    expect(TRANSITIONS).toEqual({
      draft: ['awaiting_payment'],
      awaiting_payment: ['awaiting_identity', 'draft', 'cancelled'],
      awaiting_identity: ['ready', 'cancelled', 'failed'],
      ready: ['waiting_for_notary', 'cancelled', 'failed'],
      waiting_for_notary: ['in_session', 'ready', 'rejected', 'failed', 'cancelled'],
      in_session: ['notarised', 'failed'],
      notarised: [],
      cancelled: [],
      failed: [],
      rejected: [],
    });
  });

  it('every legal move changes the status and writes one audit event with actor, time, IP, from, to and reason', async () => {
    const legal = pairs.filter(([from, to]) => isLegalTransition(from, to));
    expect(legal).toHaveLength(17);
    for (const [from, to] of legal) {
      const id = await applicationIn(from);
      const before = (await eventsOf(id)).length;
      await t.app.mohar.applicationsService.transition({
        id,
        to,
        actor: { userId: admin.id, role: 'admin', ip: '203.0.113.9' },
        reason: `test ${from} to ${to}`,
      });
      const [row] = await t.db.select().from(applications).where(eq(applications.id, id));
      expect(row?.status, `${from} → ${to}`).toBe(to);
      const events = await eventsOf(id);
      expect(events).toHaveLength(before + 1);
      expect(events.at(-1)).toMatchObject({
        fromStatus: from,
        toStatus: to,
        actorRole: 'admin',
        ipAddress: '203.0.113.9',
        reason: `test ${from} to ${to}`,
      });
      expect(events.at(-1)?.createdAt).toBeInstanceOf(Date);
    }
    // Seventeen applications built through the product's own steps (uploads, payments, a seal): 8 s on a quiet
    // machine, more than the default 20 s when the machine is shared.
  }, 60_000);

  it('every illegal move is a 409 with a clear message, and changes nothing', async () => {
    const illegal = pairs.filter(([from, to]) => !isLegalTransition(from, to));
    expect(illegal).toHaveLength(100 - 17);
    // One application per starting status; each illegal target is tried on it and must leave it untouched.
    for (const from of APPLICATION_STATUSES) {
      const id = await applicationIn(from);
      const before = (await eventsOf(id)).length;
      for (const [, to] of illegal.filter(([f]) => f === from)) {
        const attempt = t.app.mohar.applicationsService.transition({ id, to, actor });
        await expect(attempt, `${from} → ${to}`).rejects.toMatchObject({
          statusCode: 409,
          code: 'applications.illegal_transition',
          message: expect.stringMatching(/^This application is .+, so it cannot be moved to .+\.$/),
        });
      }
      const [row] = await t.db.select().from(applications).where(eq(applications.id, id));
      expect(row?.status).toBe(from);
      expect(await eventsOf(id)).toHaveLength(before);
    }
    // Ten applications built through the product's own steps, as above.
  }, 60_000);

  it('submitting fixes the fee and moves to awaiting_payment; reopening returns to draft and drops it', {
    tags: ['engine'],
  }, async () => {
    const service = t.app.mohar.applicationsService;
    const id = await draftOf();
    const submitted = await service.submit({
      id,
      viewer: viewerOf(owner),
      actor: { ...actor, userId: owner.id },
    });
    expect(submitted.status).toBe('awaiting_payment');
    expect(submitted.fee.isFinal).toBe(true);
    expect(submitted.submittedAt).not.toBeNull();
    expect(submitted.allowedActions).toEqual(['pay', 'reopen', 'cancel']);
    const [row] = await t.db.select().from(applications).where(eq(applications.id, id));
    expect(row?.fee?.totalPaise).toBe(submitted.fee.totalPaise);

    const reopened = await service.reopen({ id, viewer: viewerOf(owner), actor });
    expect(reopened.status).toBe('draft');
    expect(reopened.fee.isFinal).toBe(false);
    expect(reopened.submittedAt).toBeNull();
  });

  it('a submitted application cannot be edited, submitted again or deleted', async () => {
    const id = await draftOf();
    expect((await call(t, 'POST', `/applications/${id}/submit`, owner.cookie, {})).statusCode).toBe(200);
    const edit = await call(t, 'PATCH', `/applications/${id}`, owner.cookie, {
      title: 'Changed after submit',
    });
    expect(edit.statusCode).toBe(409);
    expect(edit.json()).toMatchObject({
      code: 'applications.not_editable',
      message: 'This application is awaiting payment; only a draft can be changed.',
    });
    const again = await call(t, 'POST', `/applications/${id}/submit`, owner.cookie, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('applications.illegal_transition');
    const remove = await call(t, 'DELETE', `/applications/${id}`, owner.cookie);
    expect(remove.statusCode).toBe(409);
    expect((await call(t, 'GET', `/applications/${id}`, owner.cookie)).json().application.title).toBe(
      DOCUMENT_DETAILS.title,
    );
  });

  it('a client can cancel before the session starts, with a reason, but not once it has started', {
    tags: ['engine'],
  }, async () => {
    const id = await applicationIn('ready', owner);
    const cancelled = await call(t, 'POST', `/applications/${id}/cancel`, owner.cookie, {
      reason: 'Signed on paper instead',
    });
    expect(cancelled.json().application.status).toBe('cancelled');
    expect((await eventsOf(id)).at(-1)).toMatchObject({
      fromStatus: 'ready',
      toStatus: 'cancelled',
      reason: 'Signed on paper instead',
      actorId: owner.id,
      actorRole: 'client',
    });
    const started = await applicationIn('in_session', owner);
    const refused = await call(t, 'POST', `/applications/${started}/cancel`, owner.cookie, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('This application is in a session, so it cannot be cancelled now.');
  });

  it('the audit trail cannot be rewritten, and a submitted application cannot be deleted, even by direct SQL', {
    tags: ['engine'],
  }, async () => {
    const id = await applicationIn('awaiting_payment');
    // Drizzle wraps the driver's error; the database's own message is its cause.
    const refusal = async (query: Promise<unknown>) => {
      const error = await query.then(
        () => null,
        (e: unknown) => e as { message: string; cause?: { message?: string } },
      );
      return `${error?.message ?? ''} ${error?.cause?.message ?? ''}`;
    };
    expect(
      await refusal(
        t.db.execute(sql`update application_events set reason = 'forged' where application_id = ${id}`),
      ),
    ).toMatch(/append-only/);
    expect(
      await refusal(t.db.execute(sql`delete from application_events where application_id = ${id}`)),
    ).toMatch(/append-only/);
    expect(await refusal(t.db.execute(sql`delete from applications where id = ${id}`))).toMatch(
      /only a draft/,
    );
    expect(await eventsOf(id)).not.toHaveLength(0);
  });

  it('deleting a draft removes it with its events and document', { tags: ['engine'] }, async () => {
    const id = await draftOf();
    const res = await call(t, 'DELETE', `/applications/${id}`, owner.cookie);
    expect(res.statusCode).toBe(200);
    expect(await t.db.select().from(applications).where(eq(applications.id, id))).toHaveLength(0);
    expect(await eventsOf(id)).toHaveLength(0);
    expect((await call(t, 'GET', `/applications/${id}`, owner.cookie)).statusCode).toBe(404);
  });
});

describe('signatories', () => {
  // 2008-11-22 in IST begins at 2008-11-21T18:30:00Z; someone born that day turns 18 on 2026-11-22 (IST).
  const bornOn = { ...SIGNATORY, dateOfBirth: '2008-11-22' };

  it('a signatory is accepted from the first moment of their 18th birthday in IST, not a second before', async () => {
    const id = await draftOf();
    const lastEveningAt17 = serviceAt('2026-11-21T18:29:59Z');
    await expect(
      lastEveningAt17.saveSignatories({ id, viewer: viewerOf(owner), signatories: [bornOn] }),
    ).rejects.toMatchObject({
      statusCode: 400,
      code: 'applications.signatories_invalid',
      message: 'Priya Menon must be 18 or older to sign.',
      details: [{ path: 'signatories.0.dateOfBirth', message: 'Priya Menon must be 18 or older to sign.' }],
    });
    const birthdayMidnight = serviceAt('2026-11-21T18:30:00Z');
    const saved = await birthdayMidnight.saveSignatories({
      id,
      viewer: viewerOf(owner),
      signatories: [bornOn],
    });
    expect(saved.signatories[0]?.dateOfBirth).toBe('2008-11-22');
  });

  it('the age rule is checked again on submission', async () => {
    const id = await draftOf({ signatories: [bornOn] });
    const dayBefore = serviceAt('2026-11-21T10:00:00Z');
    await expect(dayBefore.submit({ id, viewer: viewerOf(owner), actor })).rejects.toMatchObject({
      statusCode: 409,
      code: 'applications.incomplete',
    });
  });

  it('e-mails must be unique within an application, whatever their case', async () => {
    const id = await draftOf();
    const res = await call(t, 'PUT', `/applications/${id}/signatories`, owner.cookie, {
      signatories: [SIGNATORY, { ...SIGNATORY, fullName: 'Arjun Menon', email: 'PRIYA.Menon@example.in' }],
    });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain('Each signatory needs their own e-mail address');
    const service = t.app.mohar.applicationsService;
    await expect(
      service.saveSignatories({
        id,
        viewer: viewerOf(owner),
        signatories: [SIGNATORY, { ...SIGNATORY, email: 'Priya.Menon@Example.in' }],
      }),
    ).rejects.toMatchObject({
      code: 'applications.signatories_invalid',
      details: [{ path: 'signatories.1.email' }],
    });
  });

  it('holds 1 to 6 signatories, in the order given', async () => {
    const id = await draftOf();
    const people = Array.from({ length: 7 }, (_, i) => ({
      ...SIGNATORY,
      fullName: `Signatory ${i + 1}`,
      email: `signatory.${i + 1}@example.in`,
      role: i === 0 ? 'executant' : 'witness',
    }));
    const seven = await call(t, 'PUT', `/applications/${id}/signatories`, owner.cookie, {
      signatories: people,
    });
    expect(seven.statusCode).toBe(400);
    const none = await call(t, 'PUT', `/applications/${id}/signatories`, owner.cookie, { signatories: [] });
    expect(none.statusCode).toBe(400);
    const six = await call(t, 'PUT', `/applications/${id}/signatories`, owner.cookie, {
      signatories: people.slice(0, 6).reverse(),
    });
    expect(six.statusCode).toBe(200);
    const names = six.json().application.signatories.map((s: { fullName: string }) => s.fullName);
    expect(names).toEqual([
      'Signatory 6',
      'Signatory 5',
      'Signatory 4',
      'Signatory 3',
      'Signatory 2',
      'Signatory 1',
    ]);
    expect(six.json().application.signatories[0].mobile).toBe(`+91${'9845012345'}`);
    // Four beyond the two included.
    expect(six.json().application.fee.lines.at(-1)).toMatchObject({
      code: 'extra_signatories',
      amountPaise: 4 * 9_900,
    });
  });
});

describe('the First Schedule acknowledgement', () => {
  it('is required to submit a First Schedule document, and asked again when the type changes', async () => {
    const id = await draftOf({
      details: { ...DOCUMENT_DETAILS, documentType: 'power_of_attorney', notarialAct: 'attest_execution' },
      firstScheduleAcknowledged: false,
    });
    const view = (await call(t, 'GET', `/applications/${id}`, owner.cookie)).json().application;
    expect(view.isFirstSchedule).toBe(true);
    expect(view.missing).toEqual([
      { step: 'details', code: 'first_schedule', message: 'Acknowledge the First Schedule warning.' },
    ]);
    const refused = await call(t, 'POST', `/applications/${id}/submit`, owner.cookie, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('applications.acknowledgement_required');

    await call(t, 'PATCH', `/applications/${id}`, owner.cookie, { firstScheduleAcknowledged: true });
    await call(t, 'PATCH', `/applications/${id}`, owner.cookie, { documentType: 'will' });
    const changed = (await call(t, 'GET', `/applications/${id}`, owner.cookie)).json().application;
    expect(changed.firstScheduleAcknowledged).toBe(false);

    await call(t, 'PATCH', `/applications/${id}`, owner.cookie, { firstScheduleAcknowledged: true });
    const submitted = await call(t, 'POST', `/applications/${id}/submit`, owner.cookie, {});
    expect(submitted.json().application.status).toBe('awaiting_payment');
  });

  it('is not needed for other documents', async () => {
    const id = await draftOf();
    const view = (await call(t, 'GET', `/applications/${id}`, owner.cookie)).json().application;
    expect(view.isFirstSchedule).toBe(false);
    expect(view.missing).toEqual([]);
    expect(view.allowedActions).toEqual(['edit', 'delete', 'submit']);
  });
});

describe('the notary choice', () => {
  it('a named notary must be verified; a suspended one blocks submission until another is chosen', async () => {
    const notary = await build.notary({ approvedBy: admin });
    const id = await draftOf({ notaryChoice: 'named', notary });
    const view = (await call(t, 'GET', `/applications/${id}`, owner.cookie)).json().application;
    expect(view.notaryChoice).toBe('named');
    expect(view.notary).toMatchObject({ _id: notary.id, registrationNumber: notary.registrationNumber });

    await call(t, 'POST', `/admin/notaries/${notary.id}/suspend`, admin.cookie, {
      reason: 'Commission under review by the state',
    });
    const blocked = await call(t, 'POST', `/applications/${id}/submit`, owner.cookie, {});
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().details.missing).toEqual([
      {
        step: 'notary',
        code: 'notary_unavailable',
        message: 'The notary you chose cannot take new applications now. Choose another.',
      },
    ]);
    const again = await call(t, 'PATCH', `/applications/${id}`, owner.cookie, {
      notaryChoice: 'named',
      notaryId: notary.id,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('applications.notary_unavailable');
    const anyone = await call(t, 'PATCH', `/applications/${id}`, owner.cookie, {
      notaryChoice: 'first_available',
      notaryId: null,
    });
    expect(anyone.json().application).toMatchObject({
      notaryChoice: 'first_available',
      notary: null,
      missing: [],
    });
  });

  it('an unknown notary id is refused', async () => {
    const id = await draftOf();
    const res = await call(t, 'PATCH', `/applications/${id}`, owner.cookie, {
      notaryChoice: 'named',
      notaryId: '00000000-0000-4000-8000-000000000000',
    });
    expect(res.statusCode).toBe(409);
  });
});
