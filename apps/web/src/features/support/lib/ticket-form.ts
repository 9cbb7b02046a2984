import { SUPPORT_TOPICS, type SupportTopic, supportTicketRequest } from '@mohar/contracts';
import type { SupportTicketInput } from '../api/create-ticket';

export const TICKET_FIELDS = ['name', 'email', 'phone', 'topic', 'message'] as const;
export type TicketField = (typeof TICKET_FIELDS)[number];
export type TicketFormValues = Record<Exclude<TicketField, 'topic'>, string> & { topic: SupportTopic | '' };
export type FieldErrors = Partial<Record<TicketField, string>>;

export function isTicketField(value: string): value is TicketField {
  return (TICKET_FIELDS as readonly string[]).includes(value);
}

export function isSupportTopic(value: string | null): value is SupportTopic {
  return (SUPPORT_TOPICS as readonly string[]).includes(value ?? '');
}

export function emptyTicketForm(topic: SupportTopic | '' = ''): TicketFormValues {
  return { name: '', email: '', phone: '', topic, message: '' };
}

/** Translates one problem; the contract's English message is the fallback for anything not listed. */
export type TranslateIssue = (issue: { field: TicketField; code: string; message: string }) => string;

/**
 * Validates with the very schema the server uses (zod v4 `safeParse`), keeping the first problem of each field.
 * Messages go through the page's translations by field and issue code, so Hindi visitors read Hindi.
 */
export function validateTicket(
  values: TicketFormValues,
  translate: TranslateIssue,
): { ok: true; data: SupportTicketInput } | { ok: false; errors: FieldErrors } {
  const result = supportTicketRequest.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (typeof field !== 'string' || !isTicketField(field)) continue;
    errors[field] ??= translate({ field, code: issue.code, message: issue.message });
  }
  return { ok: false, errors };
}

/** "20:00" → "8:00 PM": service hours are configured on a 24-hour clock and shown on a 12-hour one. */
export function formatClockTime(hhmm: string): string {
  const [hours = 0, minutes = 0] = hhmm.split(':').map(Number);
  const suffix = hours >= 12 ? 'PM' : 'AM';
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${hour12}:${String(minutes).padStart(2, '0')} ${suffix}`;
}
