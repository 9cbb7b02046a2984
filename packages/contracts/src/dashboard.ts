import { z } from 'zod/mini';

/**
 * The admin dashboard's live counts (issue 19), each leading to its queue: notaries waiting for verification, refund
 * requests waiting (and those past their due date), sessions live now, seals that failed and were not retried since.
 */
export const adminDashboardResponse = z.object({
  notariesWaiting: z.int(),
  refundsDue: z.int(),
  refundsOverdue: z.int(),
  sessionsLive: z.int(),
  sealsFailed: z.int(),
  /** Support tickets still to handle (new, open, waiting on the customer): the inbox's default view. */
  ticketsOpen: z.int(),
  /** Of those, the ones with no reply yet past the first-response target (service hours). */
  ticketsLate: z.int(),
});
export type AdminDashboard = z.infer<typeof adminDashboardResponse>;
