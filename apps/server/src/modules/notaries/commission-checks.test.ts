import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, notaryProfiles } from '../../db/schema.ts';
import { API } from '../../testing/accounts.ts';
import { type Builders, buildersFor } from '../../testing/builders/index.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { runCommissionChecks } from './commission-checks.ts';

let t: TestApp;
let build: Builders;
beforeAll(async () => {
  t = await createTestApp();
  build = buildersFor(t);
});
afterAll(() => t.close());

const NOW = new Date('2026-11-22T06:00:00Z'); // 11:30 IST

async function verifiedNotaryExpiring(commissionExpiresOn: string) {
  const notary = await build.notary({ details: { commissionExpiresOn: '2030-01-01' } });
  await t.db
    .update(notaryProfiles)
    .set({ commissionExpiresOn, isOnline: true })
    .where(eq(notaryProfiles.userId, notary.id));
  return notary;
}

const reminders = async (email: string) =>
  (await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email))).filter((m) =>
    m.subject.startsWith('Your notary commission expires'),
  );
const check = (now = NOW) =>
  runCommissionChecks({ db: t.db, mailer: t.app.mohar.mailer, publicUrl: t.config.publicUrl, now });

describe('commission expiry', () => {
  it('reminds 30, 7 and 1 days before, each once, however often the check runs', async () => {
    const notary = await verifiedNotaryExpiring('2026-12-20'); // 28 days after NOW
    await check();
    await check();
    expect((await reminders(notary.email)).map((m) => m.subject)).toEqual([
      'Your notary commission expires in 28 days',
    ]);

    await check(new Date('2026-12-14T06:00:00Z')); // 6 days left
    await check(new Date('2026-12-15T06:00:00Z'));
    await check(new Date('2026-12-19T06:00:00Z')); // 1 day left
    await check(new Date('2026-12-19T10:00:00Z'));
    expect((await reminders(notary.email)).map((m) => m.subject).sort()).toEqual([
      'Your notary commission expires in 28 days',
      'Your notary commission expires in 6 days',
      'Your notary commission expires tomorrow',
    ]);
  });

  it('a late first check sends only the most urgent reminder', async () => {
    const notary = await verifiedNotaryExpiring('2026-11-25'); // 3 days left
    await check();
    expect((await reminders(notary.email)).map((m) => m.subject)).toEqual([
      'Your notary commission expires in 3 days',
    ]);
  });

  it('takes a notary whose commission lapsed offline, out of the directory, unable to go online', async () => {
    const notary = await verifiedNotaryExpiring('2026-11-21');
    const { takenOffline } = await check();
    expect(takenOffline).toBeGreaterThanOrEqual(1);
    const [row] = await t.db.select().from(notaryProfiles).where(eq(notaryProfiles.userId, notary.id));
    expect(row?.isOnline).toBe(false);
    const online = await t.app.inject({
      method: 'PUT',
      url: `${API}/notary/availability`,
      headers: { cookie: notary.cookie },
      payload: { isOnline: true },
    });
    expect(online.json().code).toBe('notaries.cannot_take_work');
  });
});
