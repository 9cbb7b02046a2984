import type { adminSupportTicketResponse } from '@mohar/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ADMIN_TICKETS_KEY } from './get-tickets';

export const ticketKey = (id: string) => [...ADMIN_TICKETS_KEY, 'one', id] as const;

/** GET /admin/support/tickets/:id — the thread with internal notes, and who may take the ticket. */
export const getTicket = (id: string, signal?: AbortSignal) =>
  api.get<typeof adminSupportTicketResponse>(`/admin/support/tickets/${encodeURIComponent(id)}`, signal);

export const ticketQueryOptions = (id: string) =>
  queryOptions({ queryKey: ticketKey(id), queryFn: ({ signal }) => getTicket(id, signal), staleTime: 0 });

export const useTicket = (id: string) => useQuery(ticketQueryOptions(id));
