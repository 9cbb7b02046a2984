import { supportTicketRequest, type supportTicketResponse } from '@mohar/contracts';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

export { supportTicketRequest };

/** The request after the contract's own parsing (trimmed, lower-cased e-mail, phone as +91XXXXXXXXXX or absent). */
export type SupportTicketInput = z.output<typeof supportTicketRequest>;

export const createTicket = (input: SupportTicketInput) =>
  api.post<typeof supportTicketResponse>('/support/tickets', input);

/** Nothing cached changes when a ticket is created, so there is nothing to invalidate. */
export const useCreateTicket = () => useMutation({ mutationFn: createTicket });
