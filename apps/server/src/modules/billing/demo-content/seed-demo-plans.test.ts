import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { findUserIdByEmail } from '../../auth/auth.service.ts';
import { DEMO_PLANS, seedDemoPlans } from './seed-demo-plans.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.mohar.usersService.seedDemoAccounts();
});
afterAll(() => t.close());

describe('demo plans', () => {
  it('offers Starter and Business on a new demo database; seeding again, or after an admin set plans, changes nothing', async () => {
    const { plansService } = t.app.mohar.billing;
    const seed = () => seedDemoPlans({ db: t.db, plansService, adminEmail: 'admin@mohar.example' });
    expect(await seed()).toBe(2);
    expect((await plansService.offered()).map((p) => p.name).sort()).toEqual(['Business', 'Starter']);
    expect(await seed()).toBe(0);
    // An admin retires one: the demo seed never brings it back.
    const starter = DEMO_PLANS[0];
    const adminId = (await findUserIdByEmail(t.db, 'admin@mohar.example')) ?? '';
    const { plans } = await plansService.update(
      { ...(starter as (typeof DEMO_PLANS)[number]), active: false },
      adminId,
    );
    expect(plans.find((p) => p.code === 'starter')?.active).toBe(false);
    expect(await seed()).toBe(0);
    expect((await plansService.offered()).map((p) => p.code)).toEqual(['business']);
  });
});
