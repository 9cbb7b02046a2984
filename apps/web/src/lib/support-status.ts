import type { SupportTicketStatus } from '@mohar/contracts';

/** The badge colour of a ticket's status, the same in the customer's pages and the console. */
export const STATUS_COLOR: Record<SupportTicketStatus, string> = {
  new: 'blue',
  open: 'teal',
  waiting_on_customer: 'orange',
  closed: 'gray',
};
