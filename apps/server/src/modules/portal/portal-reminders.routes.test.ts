import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationSignatories, signatoryInvitations } from '../../db/schema.ts';
import { latestMailTo, mailsTo, tokenFromMail } from '../../testing/accounts.ts';
import { call, SIGNATORY } from '../../testing/applications.ts';
import { type Builders, buildersFor } from '../../testing/builders/index.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

// The app's clock; the links' own times are the database's, moved back by `sentHoursAgo`.
let clockAt = new Date('2026-11-23T12:00:00+05:30');
let t: TestApp;
let build: Builders;
beforeAll(async () => {
  t = await createTestApp({ now: () => clockAt });
  build = buildersFor(t);
});
afterAll(() => t.close());

let counter = 0;
/** An application with two signatories, paid (which sends their links): it awaits identity. */
async function paidApplication() {
  counter += 1;
  const owner = await build.user({ name: 'Asha Kulkarni' });
  const emails = [`kavya.rao.r${counter}@example.in`, `imran.sheikh.r${counter}@example.in`] as const;
  const built = await build.application({
    status: 'submitted',
    owner,
    signatories: [
      { ...SIGNATORY, fullName: 'Kavya Rao', email: emails[0] },
      { ...SIGNATORY, fullName: 'Imran Sheikh', email: emails[1], role: 'witness' },
    ],
  });
  const { id } = built;
  const totalPaise = built.totalPaise ?? 0;
  await build.walletCredit({ userId: owner.id, amountPaise: totalPaise });
  const paid = await call(t, 'POST', `/applications/${id}/checkout`, owner.cookie, {
    walletPaise: totalPaise,
  });
  expect(paid.json().next.kind, paid.body).toBe('paid');
  const signatories = (await call(t, 'GET', `/applications/${id}`, owner.cookie)).json().application
    .signatories as Array<{ _id: string; email: string }>;
  const idOf = (email: string) => signatories.find((s) => s.email === email)?._id ?? '';
  return { owner, id, emails, ids: [idOf(emails[0]), idOf(emails[1])] as const };
}

/** As if the application's links had been sent that many hours before the app's clock. */
async function sentHoursAgo(applicationId: string, hours: number) {
  const at = new Date(clockAt.getTime() - hours * 3_600_000);
  await t.db
    .update(signatoryInvitations)
    .set({ createdAt: at })
    .where(eq(signatoryInvitations.applicationId, applicationId));
}

const latestLink = async (email: string) => {
  const mail = await latestMailTo(t, email);
  if (!mail) throw new Error(`no mail to ${email}`);
  return tokenFromMail(mail.text, '/access-application/');
};
const opens = async (token: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/v1/access/${token}` })).statusCode;
const reminders = (email: string) =>
  mailsTo(t, email).then((mails) => mails.filter((m) => m.subject.startsWith('Reminder:')));
const sweep = () => t.app.mohar.portalReminders.sendDueReminders();

describe('reminders to signatories who have not finished the portal (issue 26)', () => {
  it('are sent 24 and 72 hours after the first link, inside service hours, once each, and keep every link working', async () => {
    clockAt = new Date('2026-11-23T12:00:00+05:30');
    const { owner, id, emails, ids } = await paidApplication();
    const firstLink = await latestLink(emails[0]);
    // Imran has already proved who he is: nothing to remind him of.
    await t.db
      .update(applicationSignatories)
      .set({ progress: 'identity_submitted' })
      .where(eq(applicationSignatories.id, ids[1]));

    await sentHoursAgo(id, 23);
    await sweep();
    expect(await reminders(emails[0])).toHaveLength(0);

    await sentHoursAgo(id, 25);
    await sweep();
    await sweep();
    const first = await reminders(emails[0]);
    expect(first).toHaveLength(1);
    expect(first[0]?.subject).toBe('Reminder: “Affidavit of address” is waiting for you on Mohar');
    expect(first[0]?.text).toContain('The link in our earlier e-mail still works too.');
    expect(await reminders(emails[1])).toHaveLength(0);
    const reminderLink = await latestLink(emails[0]);
    expect(reminderLink).not.toBe(firstLink);
    expect(await opens(firstLink)).toBe(200);
    expect(await opens(reminderLink)).toBe(200);

    // 73 hours on, but at 21:00 IST the service is closed: the reminder waits for 10:00.
    clockAt = new Date('2026-11-23T21:00:00+05:30');
    await sentHoursAgo(id, 73);
    await sweep();
    expect(await reminders(emails[0])).toHaveLength(1);
    clockAt = new Date('2026-11-24T10:15:00+05:30');
    await sweep();
    await sweep();
    expect(await reminders(emails[0])).toHaveLength(2);
    expect(await opens(firstLink)).toBe(200);

    // Only "Send a new link" replaces the links: then the earlier ones, reminders' included, stop working.
    const resent = await call(
      t,
      'POST',
      `/applications/${id}/signatories/${ids[0]}/invitation`,
      owner.cookie,
      {},
    );
    expect(resent.statusCode).toBe(200);
    expect(await opens(firstLink)).toBe(410);
    expect(await opens(reminderLink)).toBe(410);
    expect(await opens(await latestLink(emails[0]))).toBe(200);
  });

  it('after a long stop only the latest due step is sent, and two sweeps at once send it once', async () => {
    clockAt = new Date('2026-11-23T12:00:00+05:30');
    const { id, emails } = await paidApplication();
    await sentHoursAgo(id, 100);
    await Promise.all([sweep(), sweep(), sweep()]);
    await sweep();
    for (const email of emails) expect(await reminders(email)).toHaveLength(1);
  });

  it('the owner reminds a signatory at any time, once an hour; no one else can, and not once they are done', async () => {
    clockAt = new Date('2026-11-23T22:30:00+05:30');
    const { owner, id, emails, ids } = await paidApplication();
    const firstLink = await latestLink(emails[0]);
    const remind = (cookie: string | undefined, applicationId: string, signatoryId: string) =>
      call(t, 'POST', `/applications/${applicationId}/signatories/${signatoryId}/reminder`, cookie, {});

    const other = await build.user();
    const elsewhere = await paidApplication();
    expect((await remind(other.cookie, id, ids[0])).statusCode).toBe(404);
    expect((await remind(owner.cookie, id, elsewhere.ids[0])).statusCode).toBe(404);
    expect((await remind(owner.cookie, 'not-a-uuid', ids[0])).statusCode).toBe(404);
    expect((await remind(undefined, id, ids[0])).statusCode).toBe(401);
    expect(await reminders(emails[0])).toHaveLength(0);

    // Outside service hours too: the owner chose to.
    const sent = await remind(owner.cookie, id, ids[0]);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toEqual({ message: 'Kavya Rao has been reminded. Their links keep working.' });
    expect(await reminders(emails[0])).toHaveLength(1);
    expect(await opens(firstLink)).toBe(200);
    expect(await opens(await latestLink(emails[0]))).toBe(200);

    const tooSoon = await remind(owner.cookie, id, ids[0]);
    expect(tooSoon.statusCode).toBe(409);
    expect(tooSoon.json()).toMatchObject({
      code: 'portal.reminder_too_soon',
      message: 'Kavya Rao was reminded less than an hour ago. You can send another reminder at 23:30 IST.',
      details: { nextAt: new Date('2026-11-23T23:30:00+05:30').toISOString() },
    });
    expect(await reminders(emails[0])).toHaveLength(1);
    clockAt = new Date('2026-11-23T23:31:00+05:30');
    expect((await remind(owner.cookie, id, ids[0])).statusCode).toBe(200);
    expect(await reminders(emails[0])).toHaveLength(2);

    await t.db
      .update(applicationSignatories)
      .set({ progress: 'qr_verified' })
      .where(eq(applicationSignatories.id, ids[1]));
    const done = await remind(owner.cookie, id, ids[1]);
    expect(done.statusCode).toBe(409);
    expect(done.json().code).toBe('portal.reminder_not_needed');
    expect(await reminders(emails[1])).toHaveLength(0);
  });
});
