import { CONSENT_WITHDRAWAL_NOTICE_DAYS, PRIVACY_NOTICE_VERSION, SUPPORT_TOPICS } from '@mohar/contracts';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applicationSignatories,
  applications,
  consentRecords,
  dataExports,
  dataRequests,
  ledgerPostings,
  newsletterSubscribers,
  notaryRegisterEntries,
  notifications,
  payments,
  receipts,
  recordingManifestEntries,
  recordingManifests,
  refundRequests,
  seals,
  sessionRecordings,
  sessions,
  supportTickets,
  users,
} from '../../db/schema.ts';
import { mailsTo, nextClientAddress, post, registration } from '../../testing/accounts.ts';
import { call } from '../../testing/applications.ts';
import { type Builders, type BuiltUser, buildersFor } from '../../testing/builders/index.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { EXPORT_JOB } from './exports.service.ts';

const DAY_MS = 86_400_000;
// The app's clock: moved forward by the tests, never waited for.
let clockAt = new Date('2026-11-28T10:00:00+05:30');
let t: TestApp;
let build: Builders;
beforeAll(async () => {
  t = await createTestApp({ now: () => clockAt });
  build = buildersFor(t);
});
afterAll(() => t.close());

const signIn = (user: { email: string; password: string }) =>
  post(t, '/login', { email: user.email, password: user.password }, undefined, nextClientAddress());
const count_ = async (query: Promise<Array<{ n: number }>>) => (await query)[0]?.n ?? 0;

/** The sealed application's payment, its receipt and its ledger postings (kept under legal hold). */
async function heldMoney(userId: string, applicationId: string) {
  const paid = await t.db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.userId, userId), eq(payments.applicationId, applicationId)));
  const receipted = paid.length
    ? await t.db
        .select()
        .from(receipts)
        .where(eq(receipts.paymentId, paid[0]?.id ?? ''))
    : [];
  const postings = await count_(
    t.db.select({ n: count() }).from(ledgerPostings).where(eq(ledgerPostings.applicationId, applicationId)),
  );
  return { payments: paid.length, receipts: receipted.length, postings };
}

/**
 * A notarised act's recordings, both kept under legal hold until their retention ends (decision 0085): the server
 * recording (its signed manifest, its chain, every part's file) and the notary's browser recording of sessions
 * before decision 0081.
 */
async function heldRecordings(applicationId: string) {
  const [manifest] = await t.db
    .select()
    .from(recordingManifests)
    .where(eq(recordingManifests.applicationId, applicationId));
  const entries = await t.db
    .select()
    .from(recordingManifestEntries)
    .where(eq(recordingManifestEntries.applicationId, applicationId));
  const files = entries.flatMap((e) => (e.blobKey ? [e.blobKey] : []));
  const stored = await Promise.all(files.map((key) => t.blobStore.exists(key)));
  const [browser] = await t.db
    .select()
    .from(sessionRecordings)
    .where(eq(sessionRecordings.applicationId, applicationId));
  return {
    finalHash: manifest?.finalHash,
    purgedAt: manifest?.purgedAt,
    parts: files.length,
    partsStored: stored.filter(Boolean).length,
    browserFileStored: browser?.blobKey ? await t.blobStore.exists(browser.blobKey) : false,
  };
}

const keptRecordings = {
  finalHash: expect.stringMatching(/^[0-9a-f]{64}$/),
  purgedAt: null,
  parts: 1,
  partsStored: 1,
  browserFileStored: true,
};

/** A client with a notarised act (register entry, sealed hash, recordings, ledger, receipt), a paid application
 * not yet in a session, a draft, a notification and a newsletter subscription. */
async function clientWithHistory(name: string) {
  const client = await build.user({ name });
  const sealed = await build.application({ status: 'sealed', owner: client, recording: 'browser' });
  const paid = await build.application({ status: 'paid', owner: client });
  const draft = await build.application({ status: 'draft', owner: client });
  await t.app.mohar.notificationsService.notifyNow({
    userId: client.id,
    kind: 'refund_rejected',
    text: { key: 'refund_rejected', params: { title: 'x' } },
  });
  await t.db.insert(newsletterSubscribers).values({ email: client.email, confirmedAt: new Date() });
  return { client, sealed, paid, draft };
}

describe('consent records', () => {
  it('registering records the terms and the privacy notice with version, time and address', async () => {
    const form = registration();
    const res = await post(t, '/register', form, undefined, '198.51.100.7');
    expect(res.statusCode, res.body).toBe(201);
    const [user] = await t.db
      .select()
      .from(users)
      .where(eq(users.email, String(form.email).toLowerCase()));
    const rows = await t.db
      .select()
      .from(consentRecords)
      .where(eq(consentRecords.userId, user?.id ?? ''));
    expect(rows.map((r) => [r.kind, r.decision, r.ipAddress]).sort()).toEqual([
      ['privacy_notice', 'given', '198.51.100.7'],
      ['terms', 'given', '198.51.100.7'],
    ]);
    expect(rows.find((r) => r.kind === 'privacy_notice')?.version).toBe(PRIVACY_NOTICE_VERSION);
  });

  it('a person who has not accepted the current privacy notice is asked, and accepting records it', async () => {
    const user = await build.user();
    expect((await call(t, 'GET', '/privacy/me', user.cookie)).json().privacyNotice.mustAccept).toBe(false);
    // As if they had last accepted an earlier notice: the current one is asked for.
    await t.db
      .insert(consentRecords)
      .values({ userId: user.id, kind: 'privacy_notice', version: '2025-01-03', decision: 'given' });
    const before = (await call(t, 'GET', '/privacy/me', user.cookie)).json();
    expect(before.privacyNotice).toEqual({
      version: PRIVACY_NOTICE_VERSION,
      acceptedVersion: '2025-01-03',
      mustAccept: true,
    });
    const old = await call(t, 'POST', '/privacy/notice/accept', user.cookie, { version: '2020-01-01' });
    expect(old.json().code).toBe('privacy.notice_outdated');
    const ok = await call(t, 'POST', '/privacy/notice/accept', user.cookie, {
      version: PRIVACY_NOTICE_VERSION,
    });
    expect(ok.statusCode).toBe(200);
    const after = (await call(t, 'GET', '/privacy/me', user.cookie)).json();
    expect(after.privacyNotice.mustAccept).toBe(false);
    expect(after.consents[0]).toMatchObject({
      kind: 'privacy_notice',
      decision: 'given',
      version: PRIVACY_NOTICE_VERSION,
    });
    expect(after.consents[0].ipAddress).toBeTruthy();
  });

  it("a signatory's identity-processing consent is recorded for its application", async () => {
    const built = await build.application({ status: 'ready' });
    const rows = await t.db
      .select()
      .from(consentRecords)
      .where(and(eq(consentRecords.applicationId, built.id), eq(consentRecords.kind, 'identity_processing')));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.decision === 'given' && r.signatoryId !== null && r.userId === null)).toBe(
      true,
    );
  });

  it('consent records are append-only', async () => {
    await expect(t.db.update(consentRecords).set({ decision: 'given' })).rejects.toThrow();
    await expect(t.db.delete(consentRecords)).rejects.toThrow();
  });

  it('visitors get 401; notaries cannot file a withdrawal', async () => {
    expect((await call(t, 'GET', '/privacy/me')).statusCode).toBe(401);
    const notary = await build.notary();
    const res = await call(t, 'POST', '/privacy/withdrawal', notary.cookie, {
      text: 'I withdraw my consent now.',
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('withdrawing consent (30 days’ written notice)', () => {
  it('closes the account on the day: sign-in refused with the sentence, legal holds kept, the rest gone', async () => {
    const { client, sealed, paid, draft } = await clientWithHistory('Meera Withdraws');
    const text = 'I withdraw my consent to the processing of my personal data.';
    const filed = await call(t, 'POST', '/privacy/withdrawal', client.cookie, { text });
    expect(filed.statusCode, filed.body).toBe(201);
    const effectiveAt = new Date(clockAt.getTime() + CONSENT_WITHDRAWAL_NOTICE_DAYS * DAY_MS);
    expect(filed.json().request).toMatchObject({ kind: 'withdrawal', status: 'pending', text });
    expect(filed.json().request.effectiveAt).toBe(effectiveAt.toISOString());
    const mail = (await mailsTo(t, client.email)).find((m) => m.subject.includes('30 days'));
    expect(mail?.text).toContain(text);
    // Shown wherever the person signs in: /privacy/me carries the date for the banner.
    const status = (await call(t, 'GET', '/privacy/me', client.cookie)).json();
    expect(status.pending.effectiveAt).toBe(effectiveAt.toISOString());
    expect(status.privacyNotice.mustAccept).toBe(false);
    // A second one waits for the first.
    expect((await call(t, 'POST', '/privacy/withdrawal', client.cookie, { text })).statusCode).toBe(409);

    // A day early: nothing happens.
    clockAt = new Date(effectiveAt.getTime() - DAY_MS);
    expect(await t.app.mohar.privacyService.closeDue()).toBe(0);
    expect((await signIn(client)).statusCode).toBe(200);

    clockAt = effectiveAt;
    expect(await t.app.mohar.privacyService.closeDue()).toBe(1);
    // The job runs again (hourly, every process): nothing more happens.
    expect(await t.app.mohar.privacyService.closeDue()).toBe(0);

    const refused = await signIn(client);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('auth.account_closed');
    expect(refused.json().message).toMatch(
      /closed on .* at your request.*register entries.*invoices.*recordings/,
    );
    // Someone without the password learns nothing.
    const guess = await signIn({ email: client.email, password: 'not the password at all' });
    expect(guess.json().code).toBe('auth.invalid_credentials');
    expect((await call(t, 'GET', '/privacy/me', client.cookie)).statusCode).toBe(401);

    // Gone: the account's personal details, sessions, notifications, the draft, the newsletter address.
    const [row] = await t.db.select().from(users).where(eq(users.id, client.id));
    expect(row).toMatchObject({ name: 'Closed account', mobile: '', dateOfBirth: null });
    expect(row?.email).not.toContain(client.email.split('@')[0]);
    expect(
      await count_(t.db.select({ n: count() }).from(sessions).where(eq(sessions.userId, client.id))),
    ).toBe(0);
    expect(
      await count_(
        t.db.select({ n: count() }).from(notifications).where(eq(notifications.userId, client.id)),
      ),
    ).toBe(0);
    expect(await t.db.select().from(applications).where(eq(applications.id, draft.id))).toEqual([]);
    expect(
      await t.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, client.email)),
    ).toEqual([]);
    // The paid application was cancelled by Mohar and its refund asked for under the policy.
    const [paidRow] = await t.db.select().from(applications).where(eq(applications.id, paid.id));
    expect(paidRow?.status).toBe('cancelled');
    const refunds = await t.db.select().from(refundRequests).where(eq(refundRequests.applicationId, paid.id));
    expect(refunds).toHaveLength(1);

    // Kept under legal hold: the register entry, the sealed document's hash, the recording, the ledger and receipts,
    // the consent records.
    const [sealedRow] = await t.db.select().from(applications).where(eq(applications.id, sealed.id));
    expect(sealedRow?.status).toBe('notarised');
    expect(
      await t.db
        .select()
        .from(notaryRegisterEntries)
        .where(eq(notaryRegisterEntries.applicationId, sealed.id)),
    ).toHaveLength(1);
    const [seal] = await t.db.select().from(seals).where(eq(seals.applicationId, sealed.id));
    expect(seal?.sealedSha256).toMatch(/^[0-9a-f]{64}$/);
    expect(await heldRecordings(sealed.id)).toEqual(keptRecordings);
    expect(await heldMoney(client.id, sealed.id)).toEqual({
      payments: 1,
      receipts: 1,
      postings: expect.any(Number),
    });
    expect((await heldMoney(client.id, sealed.id)).postings).toBeGreaterThan(0);
    const consents = await t.db.select().from(consentRecords).where(eq(consentRecords.userId, client.id));
    expect(
      consents
        .filter((c) => c.decision === 'withdrawn')
        .map((c) => c.kind)
        .sort(),
    ).toEqual(['marketing', 'privacy_notice', 'terms']);
    const [request] = await t.db.select().from(dataRequests).where(eq(dataRequests.userId, client.id));
    expect(request).toMatchObject({ status: 'completed', text });
    clockAt = new Date('2026-11-28T10:00:00+05:30');
  });

  it('cancelled before the date, nothing happens on the day', async () => {
    const client = await build.user();
    const filed = await call(t, 'POST', '/privacy/withdrawal', client.cookie, {
      text: 'Please close my account, I no longer need it.',
    });
    const id = filed.json().request._id;
    const stranger = await build.user();
    expect((await call(t, 'POST', `/privacy/requests/${id}/cancel`, stranger.cookie)).statusCode).toBe(404);
    const cancelled = await call(t, 'POST', `/privacy/requests/${id}/cancel`, client.cookie);
    expect(cancelled.json().request.status).toBe('cancelled');
    expect((await call(t, 'POST', `/privacy/requests/${id}/cancel`, client.cookie)).statusCode).toBe(409);
    clockAt = new Date(clockAt.getTime() + 31 * DAY_MS);
    await t.app.mohar.privacyService.closeDue();
    expect((await signIn(client)).statusCode).toBe(200);
    expect((await call(t, 'GET', '/privacy/me', client.cookie)).json().pending).toBeNull();
    clockAt = new Date('2026-11-28T10:00:00+05:30');
  });
});

describe('erasure', () => {
  let support: BuiltUser;
  beforeAll(async () => {
    support = await build.admin({ adminRoles: ['support'] });
  });

  it('is listed for support while pending and, carried out, keeps exactly the legal-hold records', async () => {
    const { client, sealed, paid } = await clientWithHistory('Kiran Erases');
    // A support ticket written signed in: not a legal hold, it goes with the account.
    const ticket = await call(t, 'POST', '/support/tickets', client.cookie, {
      name: client.name,
      email: client.email,
      topic: SUPPORT_TOPICS[0],
      message: 'My address is 12 MG Road; please help with my affidavit.',
    });
    expect(ticket.statusCode, ticket.body).toBe(201);
    const [paidBefore] = await t.db.select().from(applications).where(eq(applications.id, paid.id));
    const paidDocumentKey = paidBefore?.document?.key ?? '';
    expect(await t.blobStore.exists(paidDocumentKey)).toBe(true);
    // A "Download my data" archive, ready: personal data, no legal hold.
    expect((await call(t, 'POST', '/privacy/export', client.cookie)).statusCode).toBe(201);
    await t.app.mohar.jobs.run(EXPORT_JOB);
    const [archive] = await t.db.select().from(dataExports).where(eq(dataExports.userId, client.id));
    expect(archive?.status).toBe('ready');
    const filed = await call(t, 'POST', '/privacy/erasure', client.cookie, {
      text: 'Erase my data, please.',
    });
    expect(filed.statusCode, filed.body).toBe(201);
    const id = filed.json().request._id;
    const list = (await call(t, 'GET', '/admin/data-requests?status=pending', support.cookie)).json();
    expect(list.requests.find((r: { _id: string }) => r._id === id)).toMatchObject({
      kind: 'erasure',
      email: client.email,
      kept: [],
    });

    const done = await call(t, 'POST', `/admin/data-requests/${id}/carry-out`, support.cookie);
    expect(done.statusCode, done.body).toBe(200);
    const kept = done.json().request.kept as Array<{ record: string; count: number; reason: string }>;
    expect(kept.map((k) => k.record)).toEqual([
      'register_entries',
      'notarised_documents',
      'ledger_and_invoices',
      'recordings',
      'consent_records',
    ]);
    expect(kept.every((k) => k.reason.length > 20)).toBe(true);
    expect(kept.find((k) => k.record === 'register_entries')?.count).toBe(1);
    expect(done.json().request.email).not.toBe(client.email);

    // What the view says was kept is still in the database; the account's own data is not.
    expect(
      await t.db
        .select()
        .from(notaryRegisterEntries)
        .where(eq(notaryRegisterEntries.applicationId, sealed.id)),
    ).toHaveLength(1);
    expect(await t.db.select().from(seals).where(eq(seals.applicationId, sealed.id))).toHaveLength(1);
    expect(await heldRecordings(sealed.id)).toEqual(keptRecordings);
    expect((await heldMoney(client.id, sealed.id)).postings).toBeGreaterThan(0);
    const remaining = await t.db
      .select({ id: applications.id, status: applications.status })
      .from(applications)
      .where(eq(applications.ownerId, client.id));
    expect(remaining.map((r) => r.status).sort()).toEqual(['cancelled', 'notarised']);
    expect(
      await count_(
        t.db.select({ n: count() }).from(notifications).where(eq(notifications.userId, client.id)),
      ),
    ).toBe(0);
    // The cancelled paid application stays (its payment and invoice are held) without its document: nothing was
    // notarised, so the document is no legal record. The notarised one keeps its document.
    const [paidAfter] = await t.db.select().from(applications).where(eq(applications.id, paid.id));
    expect(paidAfter?.document).toBeNull();
    expect(await t.blobStore.exists(paidDocumentKey)).toBe(false);
    const [sealedAfter] = await t.db.select().from(applications).where(eq(applications.id, sealed.id));
    expect(sealedAfter?.document).not.toBeNull();
    // The people named on the cancelled one lose their names and contact details; those on the notarised act keep
    // them (the register prints them).
    const namesOn = async (applicationId: string) =>
      (
        await t.db
          .select()
          .from(applicationSignatories)
          .where(eq(applicationSignatories.applicationId, applicationId))
      ).map((s) => [s.fullName, s.email.endsWith('@erased.invalid'), s.mobile]);
    expect(await namesOn(paid.id)).toEqual(paid.signatories.map(() => ['Erased signatory', true, '']));
    expect((await namesOn(sealed.id)).map(([name]) => name)).toEqual(
      sealed.signatories.map((s) => s.fullName),
    );
    expect(await t.db.select().from(supportTickets).where(eq(supportTickets.userId, client.id))).toHaveLength(
      0,
    );
    const erased = done.json().request.erased as Array<{ record: string; count: number }>;
    expect(erased).toEqual(
      expect.arrayContaining([
        { record: 'cancelled_application_documents', count: 1 },
        { record: 'cancelled_application_signatories', count: paid.signatories.length },
        { record: 'support_tickets', count: 1 },
        { record: 'data_exports', count: 1 },
      ]),
    );
    expect(await t.blobStore.exists(archive?.blobKey ?? '')).toBe(false);
    expect((await signIn(client)).json().code).toBe('auth.account_closed');
    expect((await call(t, 'POST', `/admin/data-requests/${id}/carry-out`, support.cookie)).statusCode).toBe(
      409,
    );
  });

  it('only support and compliance (and owners) see the requests', async () => {
    const content = await build.admin({ adminRoles: ['content'] });
    const compliance = await build.admin({ adminRoles: ['compliance'] });
    const client = await build.user();
    expect((await call(t, 'GET', '/admin/data-requests', content.cookie)).statusCode).toBe(404);
    expect((await call(t, 'GET', '/admin/data-requests', client.cookie)).statusCode).toBe(404);
    expect((await call(t, 'GET', '/admin/data-requests', compliance.cookie)).statusCode).toBe(200);
  });
});
