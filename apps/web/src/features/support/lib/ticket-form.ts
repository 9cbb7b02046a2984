import { SUPPORT_TOPICS, type SupportTopic } from '@mohar/contracts';

export type TicketFormValues = {
  name: string;
  email: string;
  phone: string;
  topic: SupportTopic | '';
  message: string;
};

export function isSupportTopic(value: string | null): value is SupportTopic {
  return (SUPPORT_TOPICS as readonly string[]).includes(value ?? '');
}

export function emptyTicketForm(topic: SupportTopic | '' = ''): TicketFormValues {
  return { name: '', email: '', phone: '', topic, message: '' };
}

/** "20:00" → "8:00 PM": service hours are configured on a 24-hour clock and shown on a 12-hour one. */
export function formatClockTime(hhmm: string): string {
  const [hours = 0, minutes = 0] = hhmm.split(':').map(Number);
  const suffix = hours >= 12 ? 'PM' : 'AM';
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${hour12}:${String(minutes).padStart(2, '0')} ${suffix}`;
}
