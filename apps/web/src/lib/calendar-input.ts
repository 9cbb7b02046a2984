/**
 * Date inputs read and write DD/MM/YYYY in both languages (issue 23), while forms and contracts keep the calendar
 * date as YYYY-MM-DD. A browser's own date input follows the browser's locale (mm/dd/yyyy in an American one), so
 * the product's date fields are text fields that convert.
 */

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TYPED_DATE = /^\s*(\d{1,2})\s*[/.-]\s*(\d{1,2})\s*[/.-]\s*(\d{4})\s*$/;

/** What the field shows for a value: DD/MM/YYYY for a calendar date, anything else (half typed) as it is. */
export function displayOfCalendarDate(value: string): string {
  const match = ISO_DATE.exec(value);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : value;
}

/**
 * The value a typed text gives: YYYY-MM-DD once it reads as day, month and year (1/2/1990 and 01-02-1990 too; an
 * impossible day such as 31/02 is left to the contract's "Enter a real date"), else the text as typed, so the form's
 * check names the problem. A YYYY-MM-DD typed or pasted is taken as it is.
 */
export function calendarDateOfTyped(text: string): string {
  const match = TYPED_DATE.exec(text);
  if (!match) return text.trim();
  const [, day = '', month = '', year = ''] = match;
  return `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
}
