import type { customerSupportThreadResponse, mySupportTicketsResponse } from '@mohar/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

const MY_TICKETS_KEY = ['support', 'mine'] as const;

/** GET /support/tickets — the signed-in user's own support requests. */
export const getMyTickets = (signal?: AbortSignal) =>
  api.get<typeof mySupportTicketsResponse>('/support/tickets', signal);

export const myTicketsQueryOptions = () =>
  queryOptions({ queryKey: MY_TICKETS_KEY, queryFn: ({ signal }) => getMyTickets(signal) });

export const useMyTickets = () => useQuery(myTicketsQueryOptions());

/** GET /support/tickets/:id — one of them with the replies (never the team's internal notes). */
export const getMyTicket = (id: string, signal?: AbortSignal) =>
  api.get<typeof customerSupportThreadResponse>(`/support/tickets/${encodeURIComponent(id)}`, signal);

export const myTicketQueryOptions = (id: string) =>
  queryOptions({ queryKey: [...MY_TICKETS_KEY, id], queryFn: ({ signal }) => getMyTicket(id, signal) });

export const useMyTicket = (id: string) => useQuery(myTicketQueryOptions(id));

/** POST /support/tickets/:id/messages — the user's answer; the list's order changes with it. */
export function useAnswerMine(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) =>
      api.post<typeof customerSupportThreadResponse>(`/support/tickets/${encodeURIComponent(id)}/messages`, {
        body,
      }),
    onSuccess: (thread) => {
      queryClient.setQueryData([...MY_TICKETS_KEY, id], thread);
      void queryClient.invalidateQueries({ queryKey: MY_TICKETS_KEY, exact: true });
    },
  });
}
