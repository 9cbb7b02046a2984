import type { AdminDashboard } from '@mohar/contracts';
import type { Database } from '../../db/client.ts';
import type { AdminApplicationsService } from '../admin-applications/admin-applications.service.ts';
import { countNotariesInStatus } from '../notaries/notaries.service.ts';
import type { RefundsService } from '../payments/refunds.service.ts';
import type { AdminSupportService } from '../support/admin-support.service.ts';

/**
 * What each role's dashboard counts that no other screen already lists. Clients and notaries read their own
 * applications and requests from the existing lists; the admin's counts span the platform and are read here, each
 * through the queue it links to (dashboard.routes.test.ts holds them equal).
 */
export function createDashboardService(deps: {
  db: Database;
  refundsService: Pick<RefundsService, 'list'>;
  adminApplicationsService: Pick<AdminApplicationsService, 'counts'>;
  supportService: Pick<AdminSupportService, 'countActive'>;
}) {
  const { db } = deps;
  return {
    async admin(): Promise<AdminDashboard> {
      const [notariesWaiting, refunds, operations, tickets] = await Promise.all([
        countNotariesInStatus(db, 'pending'),
        deps.refundsService.list({ status: 'requested', pageSize: 1 }),
        deps.adminApplicationsService.counts(),
        deps.supportService.countActive(),
      ]);
      return {
        notariesWaiting,
        refundsDue: refunds.total,
        refundsOverdue: refunds.overdueCount,
        ...operations,
        ...tickets,
      };
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
