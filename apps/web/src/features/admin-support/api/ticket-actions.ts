import type {
  AdminSupportTicketResponse,
  adminSupportTicketResponse,
  SupportTicketStatus,
} from '@mohar/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ticketKey } from './get-ticket';
import { ADMIN_TICKETS_KEY } from './get-tickets';

type TicketAnswer = typeof adminSupportTicketResponse;
const base = (id: string) => `/admin/support/tickets/${encodeURIComponent(id)}`;

/**
 * The console's actions on one ticket (reply, note, status, assignee): each answers the whole ticket, which
 * replaces the cached one; the lists are refreshed since status, assignee or activity changed.
 */
function useTicketAction<I>(id: string, send: (input: I) => Promise<AdminSupportTicketResponse>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (ticket) => {
      queryClient.setQueryData(ticketKey(id), ticket);
      void queryClient.invalidateQueries({ queryKey: [...ADMIN_TICKETS_KEY, 'list'] });
    },
  });
}

/** POST /admin/support/tickets/:id/replies — e-mailed to the customer with a link to answer. */
export const useReply = (id: string) =>
  useTicketAction(id, (body: string) => api.post<TicketAnswer>(`${base(id)}/replies`, { body }));

/** POST /admin/support/tickets/:id/notes — internal, never shown to the customer. */
export const useAddNote = (id: string) =>
  useTicketAction(id, (body: string) => api.post<TicketAnswer>(`${base(id)}/notes`, { body }));

/** PUT /admin/support/tickets/:id/status */
export const useSetStatus = (id: string) =>
  useTicketAction(id, (status: Exclude<SupportTicketStatus, 'new'>) =>
    api.put<TicketAnswer>(`${base(id)}/status`, { status }),
  );

/** PUT /admin/support/tickets/:id/assignee — an admin's id, or null for nobody. */
export const useAssign = (id: string) =>
  useTicketAction(id, (assigneeId: string | null) =>
    api.put<TicketAnswer>(`${base(id)}/assignee`, { assigneeId }),
  );
