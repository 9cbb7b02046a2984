import type { ApplicationStatus } from '@mohar/contracts';

/** Where a booked session can be made or shown: paid, before the session starts (issue 26, decision 0067). */
export const BOOKING_STATUSES: ReadonlySet<ApplicationStatus> = new Set<ApplicationStatus>([
  'awaiting_identity',
  'ready',
]);
