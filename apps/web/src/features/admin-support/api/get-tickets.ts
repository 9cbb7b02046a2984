import type { adminSupportTicketsResponse } from '@mohar/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { type TicketListState, ticketListQuery } from '../lib/ticket-list';

export const ADMIN_TICKETS_KEY = ['admin', 'support', 'tickets'] as const;

/** GET /admin/support/tickets — the inbox, latest activity first. */
export const getTickets = (state: TicketListState, signal?: AbortSignal) =>
  api.get<typeof adminSupportTicketsResponse>(`/admin/support/tickets${ticketListQuery(state)}`, signal);

export const ticketsQueryOptions = (state: TicketListState) =>
  queryOptions({
    queryKey: [...ADMIN_TICKETS_KEY, 'list', state],
    queryFn: ({ signal }) => getTickets(state, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const useTickets = (state: TicketListState) => useQuery(ticketsQueryOptions(state));
