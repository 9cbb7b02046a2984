import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../db/schema.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { seedDemoNotaries } from '../../notaries/demo-content/seed-demo-notaries.ts';
import { seedDemoApplications } from './seed-demo-applications.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.mohar.usersService.seedDemoAccounts();
  await seedDemoNotaries({
    db: t.db,
    notariesService: t.app.mohar.notariesService,
    adminEmail: 'admin@mohar.example',
  });
});
afterAll(() => t.close());

describe('demo applications', () => {
  it('the demo client gets one application awaiting payment with the demo notary and one draft; seeding again changes nothing', async () => {
    const seed = () =>
      seedDemoApplications({
        db: t.db,
        applicationsService: t.app.mohar.applicationsService,
        clientEmail: 'client@mohar.example',
        notaryEmail: 'notary@mohar.example',
      });
    expect(await seed()).toBe(2);
    expect(await seed()).toBe(0);

    const [client] = await t.db.select().from(users).where(eq(users.email, 'client@mohar.example'));
    const viewer = { userId: client?.id ?? '', role: 'client' };
    const list = await t.app.mohar.applicationsService.list({ viewer });
    expect(list.applications.map((a) => [a.status, a.notaryName, a.signatoryCount])).toEqual([
      ['draft', null, 0],
      ['awaiting_payment', 'Ravi Shankar Iyer', 2],
    ]);
    const submitted = await t.app.mohar.applicationsService.view(list.applications[1]?._id ?? '', viewer);
    expect(submitted.fee.isFinal).toBe(true);
    expect(submitted.document?.pages).toBe(2);
  });
});
