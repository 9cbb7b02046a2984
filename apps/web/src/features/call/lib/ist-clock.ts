/**
 * The time printed on the recording: Indian Standard Time whatever the notary's own time zone, because the act is
 * performed under Indian law and the recording is evidence of when it happened.
 */
const IST_PARTS = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  day: '2-digit',
  month: 'numeric',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

// Fixed names rather than ICU's: en-IN spells September "Sept" in some ICU versions and "Sep" in others,
// and the overlay should read the same in every browser.
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** `22 Nov 2026, 14:05:09 IST` (24-hour clock). */
export function istTimestamp(date: Date): string {
  const part: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const { type, value } of IST_PARTS.formatToParts(date)) part[type] = value;
  const month = MONTHS[Number(part.month) - 1] ?? '';
  const day = (part.day ?? '').padStart(2, '0');
  return `${day} ${month} ${part.year}, ${part.hour}:${part.minute}:${part.second} IST`;
}
