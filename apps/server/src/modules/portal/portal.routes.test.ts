import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications, signatoryInvitations } from '../../db/schema.ts';
import { latestMailTo, mailsTo, tokenFromMail } from '../../testing/accounts.ts';
import { call, SIGNATORY } from '../../testing/applications.ts';
import { type Builders, type BuiltUser, buildersFor } from '../../testing/builders/index.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let build: Builders;
let admin: BuiltUser;
beforeAll(async () => {
  t = await createTestApp();
  build = buildersFor(t);
  admin = await build.admin();
});
afterAll(() => t.close());

let counter = 0;
const signatoryEmails = () => {
  counter += 1;
  return [`kavya.rao.${counter}@example.in`, `imran.sheikh.${counter}@example.in`];
};

/**
 * A client's application with two signatories, submitted (built) and paid from the wallet over HTTP — paying is what
 * sends the links: it awaits identity.
 */
async function paidApplication() {
  const owner = await build.user({ name: 'Asha Kulkarni' });
  const [first = '', second = ''] = signatoryEmails();
  const { id, totalPaise } = await build.application({
    status: 'submitted',
    owner,
    signatories: [
      { ...SIGNATORY, fullName: 'Kavya Rao', email: first },
      { ...SIGNATORY, fullName: 'Imran Sheikh', email: second, role: 'witness' },
    ],
  });
  const total = totalPaise ?? 0;
  await build.walletCredit({ userId: owner.id, amountPaise: total });
  const paid = await call(t, 'POST', `/applications/${id}/checkout`, owner.cookie, { walletPaise: total });
  expect(paid.json().next.kind, paid.body).toBe('paid');
  return { owner, id, emails: [first, second] as const };
}

async function linkTokenOf(email: string) {
  const mail = await latestMailTo(t, email);
  if (!mail) throw new Error(`no mail to ${email}`);
  return tokenFromMail(mail.text, '/access-application/');
}

const open = (token: string) => t.app.inject({ method: 'GET', url: `/api/v1/access/${token}` });

describe('personal links', () => {
  it('paying sends each signatory their own link, which opens their place in the application and signs nobody in', async () => {
    const { owner, id, emails } = await paidApplication();
    for (const email of emails) {
      const mails = await mailsTo(t, email);
      expect(mails).toHaveLength(1);
      expect(mails[0]?.subject).toBe('Asha Kulkarni asked you to sign “Affidavit of address” on Mohar');
    }
    const res = await open(await linkTokenOf(emails[0]));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body.application).toMatchObject({ title: 'Affidavit of address', status: 'awaiting_identity' });
    expect(body.signatory).toMatchObject({ fullName: 'Kavya Rao', email: emails[0], progress: 'invited' });
    // The others by first name, progress and the act's facts only: no e-mail, mobile or date of birth of anyone else.
    const act = { identity: null, signedAt: null };
    expect(body.signatories).toEqual([
      { firstName: 'Kavya', position: 1, progress: 'invited', act, isYou: true },
      { firstName: 'Imran', position: 2, progress: 'invited', act, isYou: false },
    ]);
    expect(res.body).not.toContain(emails[1]);
    const days = (Date.parse(body.linkExpiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);

    const view = await call(t, 'GET', `/applications/${id}`, owner.cookie);
    expect(view.json().application.signatories.map((s: { progress: string }) => s.progress)).toEqual([
      'invited',
      'invited',
    ]);
  });

  it('only a hash of each link is stored', async () => {
    const { id, emails } = await paidApplication();
    const token = await linkTokenOf(emails[0]);
    const rows = await t.db
      .select()
      .from(signatoryInvitations)
      .where(eq(signatoryInvitations.applicationId, id));
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.tokenHash).toMatch(/^[0-9a-f]{64}$/);
      expect(row.tokenHash).not.toContain(token);
    }
    const [{ count } = { count: 0 }] = await t.db
      .select({ count: sql<number>`count(*)::int` })
      .from(signatoryInvitations)
      .where(sql`${signatoryInvitations.tokenHash} = ${token}`);
    expect(count).toBe(0);
  });

  it('an unknown, expired, replaced or ended link gives a clear reason and nothing about the application', async () => {
    const { owner, id, emails } = await paidApplication();
    const refusals: Array<[string, string, number, string]> = [];
    const check = async (label: string, token: string, status: number, code: string) => {
      const res = await open(token);
      refusals.push([label, res.body, res.statusCode, res.json().code]);
      expect(res.statusCode, label).toBe(status);
      expect(res.json().code, label).toBe(code);
      expect(res.body, label).not.toContain('Affidavit');
      expect(res.body, label).not.toContain('Kavya');
    };
    await check('unknown', 'A'.repeat(43), 404, 'portal.link_invalid');
    await check('malformed', 'not a token', 400, 'request.invalid');

    // Expired: the link's week is over.
    const kavya = await linkTokenOf(emails[0]);
    await t.db
      .update(signatoryInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(signatoryInvitations.applicationId, id));
    await check('expired', kavya, 410, 'portal.link_expired');

    // Replaced: the owner sends Imran a new link; the old one stops, the new one works.
    const oldImran = await linkTokenOf(emails[1]);
    const view = await call(t, 'GET', `/applications/${id}`, owner.cookie);
    const imranId = view.json().application.signatories[1]._id as string;
    const resent = await call(
      t,
      'POST',
      `/applications/${id}/signatories/${imranId}/invitation`,
      owner.cookie,
      {},
    );
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json().message).toBe('A new link is on its way. The previous one no longer works.');
    await check('replaced', oldImran, 410, 'portal.link_replaced');
    const newImran = await linkTokenOf(emails[1]);
    expect(newImran).not.toBe(oldImran);
    expect((await open(newImran)).statusCode).toBe(200);

    // Ended: the owner cancels; every link stops.
    const cancelled = await call(t, 'POST', `/applications/${id}/cancel`, owner.cookie, {});
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await check('ended', newImran, 410, 'portal.application_closed');
    const open_ = await t.db
      .select()
      .from(signatoryInvitations)
      .where(
        sql`${signatoryInvitations.applicationId} = ${id} and ${signatoryInvitations.revokedAt} is null`,
      );
    expect(open_).toHaveLength(0);
    expect(new Set(refusals.map(([, body]) => JSON.parse(body).message)).size).toBe(refusals.length);
  });

  it("only the owner or an admin re-sends a link, for that application's own signatories, once it is paid", async () => {
    const { owner, id } = await paidApplication();
    const other = await build.user();
    const signatoryId = (await call(t, 'GET', `/applications/${id}`, owner.cookie)).json().application
      .signatories[0]._id as string;
    const resend = (cookie: string, applicationId: string, sid: string) =>
      call(t, 'POST', `/applications/${applicationId}/signatories/${sid}/invitation`, cookie, {});

    expect((await resend(other.cookie, id, signatoryId)).statusCode).toBe(404);
    expect((await resend(owner.cookie, 'not-a-uuid', signatoryId)).statusCode).toBe(404);
    const elsewhere = await paidApplication();
    const foreign = (await call(t, 'GET', `/applications/${elsewhere.id}`, elsewhere.owner.cookie)).json()
      .application.signatories[0]._id as string;
    expect((await resend(owner.cookie, id, foreign)).statusCode).toBe(404);
    expect((await resend(admin.cookie, id, signatoryId)).statusCode).toBe(200);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/v1/applications/${id}/signatories/${signatoryId}/invitation`,
          payload: {},
        })
      ).statusCode,
    ).toBe(401);

    // Before payment there is nothing to open yet.
    const draftOwner = await build.user();
    const draftEmail = `draft.${Date.now()}@example.in`;
    const { id: draft } = await build.application({
      owner: draftOwner,
      signatories: [{ ...SIGNATORY, email: draftEmail }],
    });
    const draftSignatory = (await call(t, 'GET', `/applications/${draft}`, draftOwner.cookie)).json()
      .application.signatories[0]._id as string;
    const early = await resend(draftOwner.cookie, draft, draftSignatory);
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('portal.invitation_not_allowed');
    const [row] = await t.db.select().from(applications).where(eq(applications.id, draft));
    expect(row?.status).toBe('draft');
    expect(await mailsTo(t, draftEmail)).toHaveLength(0);
  });
});
