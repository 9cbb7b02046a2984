import type { PlanInput } from '@mohar/contracts';
import type { Database } from '../../../db/client.ts';
import { findUserIdByEmail } from '../../auth/auth.service.ts';
import type { PlansService } from '../plans.service.ts';

/** Two plans a demo organisation can subscribe to in the sandbox, as the demo admin would set them up. */
export const DEMO_PLANS: PlanInput[] = [
  {
    code: 'starter',
    name: 'Starter',
    monthlyPaise: 499_900,
    includedNotarisations: 10,
    overagePaise: 59_900,
    active: true,
  },
  {
    code: 'business',
    name: 'Business',
    monthlyPaise: 1_999_900,
    includedNotarisations: 50,
    overagePaise: 44_900,
    active: true,
  },
];

/** Adds the demo plans when there are no plans at all (an admin's own plans are never touched); how many it added. */
export async function seedDemoPlans(deps: { db: Database; plansService: PlansService; adminEmail: string }) {
  if ((await deps.plansService.view()).history.length > 0) return 0;
  const adminId = await findUserIdByEmail(deps.db, deps.adminEmail);
  if (!adminId) return 0;
  for (const plan of DEMO_PLANS) await deps.plansService.update(plan, adminId);
  return DEMO_PLANS.length;
}
