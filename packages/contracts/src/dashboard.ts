import { z } from 'zod/mini';

/**
 * The admin dashboard's live counts (issues 19 and 22), each leading to its queue: notaries waiting for verification,
 * refund requests waiting (and those past their due date), sessions live now, seals that failed while their session is
 * still live; and today's (IST) applications made, revenue (payments captured) and acts completed (notarised).
 * `today` is the IST day those three count, so the links open the same day's list.
 */
export const adminDashboardResponse = z.object({
  notariesWaiting: z.int(),
  refundsDue: z.int(),
  refundsOverdue: z.int(),
  sessionsLive: z.int(),
  sealsFailed: z.int(),
  today: z.string(),
  applicationsToday: z.int(),
  revenueTodayPaise: z.int(),
  actsCompletedToday: z.int(),
  /** Support tickets still to handle (new, open, waiting on the customer): the inbox's default view. */
  ticketsOpen: z.int(),
  /** Of those, the ones with no reply yet past the first-response target (service hours). */
  ticketsLate: z.int(),
});
export type AdminDashboard = z.infer<typeof adminDashboardResponse>;
