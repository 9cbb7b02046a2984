import type { PlanInput, PlanVersion } from '@mohar/contracts';
import type { Database } from '../../db/client.ts';
import * as repo from './billing.repository.ts';

export const toPlanVersion = (row: repo.PlanVersionRow, changedBy: string | null = null): PlanVersion => ({
  _id: row.id,
  code: row.code,
  name: row.name,
  monthlyPaise: row.monthlyPaise,
  includedNotarisations: row.includedNotarisations,
  overagePaise: row.overagePaise,
  active: row.active,
  changedAt: row.createdAt.toISOString(),
  changedBy,
});

/**
 * Plans (decision 0073), versioned like the fee settings: a change is a new row of the same code (the table is
 * append-only), so the history is complete and each invoice names the version it billed.
 */
export function createPlansService(deps: { db: Database }) {
  const { db } = deps;

  async function view() {
    const rows = await repo.listPlanVersions(db);
    const history = rows.map(({ row, changedBy }) => toPlanVersion(row, changedBy ?? null));
    const seen = new Set<string>();
    // Newest first: the first version of each code is the one in force.
    const plans = history.filter((version) => !seen.has(version.code) && seen.add(version.code));
    return { plans, history };
  }

  return {
    view,

    /** A new version of the plan with this code (a new code makes a new plan). */
    async update(input: PlanInput, adminId: string) {
      await repo.insertPlanVersion(db, { ...input, changedBy: adminId });
      return view();
    },

    /** The plans an organisation may subscribe to now. */
    async offered(): Promise<PlanVersion[]> {
      return (await view()).plans.filter((plan) => plan.active);
    },
  };
}

export type PlansService = ReturnType<typeof createPlansService>;
