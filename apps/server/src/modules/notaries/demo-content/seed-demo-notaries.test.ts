import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../../testing/accounts.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { DEMO_NOTARIES, seedDemoNotaries } from './seed-demo-notaries.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.mohar.usersService.seedDemoAccounts();
});
afterAll(() => t.close());

describe('demo notaries', () => {
  it('two verified notaries (one platform-issued certificate, one own) in the directory and one pending in the queue; seeding again changes nothing', async () => {
    const seed = () =>
      seedDemoNotaries({
        db: t.db,
        notariesService: t.app.mohar.notariesService,
        adminEmail: 'admin@mohar.example',
      });
    expect(await seed()).toBe(3);
    expect(await seed()).toBe(0);

    const directory = (await t.app.inject({ url: `${API}/notaries` })).json();
    const names = directory.notaries.map((n: { fullName: string }) => n.fullName).sort();
    expect(names).toEqual(['Lakshmi Deshpande', 'Ravi Shankar Iyer']);

    const profiles = await Promise.all(
      directory.notaries.map((n: { _id: string }) => t.app.mohar.notariesService.getForAdmin(n._id)),
    );
    expect(profiles.map((p) => p.signingCertificate?.isPlatformIssued).sort()).toEqual([false, true]);
    expect(profiles.every((p) => p.missing.length === 0 && p.canTakeWork)).toBe(true);

    const queue = await t.app.mohar.notariesService.listForAdmin({ status: 'pending' });
    expect(queue.notaries.map((n) => n.registrationNumber)).toEqual([
      DEMO_NOTARIES[2]?.details.registrationNumber,
    ]);
  });
});
