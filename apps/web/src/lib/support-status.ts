import type { SupportTicketStatus } from '@mohar/contracts';

/** The badge colour (shades whose light badges pass WCAG AA, see app/theme.ts) of a ticket's status, the same in the customer's pages and the console. */
export const STATUS_COLOR: Record<SupportTicketStatus, string> = {
  new: 'ink',
  open: 'green',
  waiting_on_customer: 'yellow',
  closed: 'gray',
};
