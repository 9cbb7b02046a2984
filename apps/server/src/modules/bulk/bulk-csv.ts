import {
  BULK_COLUMNS,
  BULK_LIMITS,
  type BulkColumn,
  type BulkRowIssue,
  emailField,
  indianMobileField,
  isAdultOn,
  MAX_SIGNATORIES,
  MIN_AGE_YEARS,
  type SignatoryInput,
  signatoryDateOfBirthField,
  signatoryRole,
} from '@mohar/contracts';
import { z } from 'zod/mini';

/** Columns a row must fill; `role` may be left empty (an executant). */
const REQUIRED: readonly BulkColumn[] = [
  'reference',
  'title',
  'signatory_name',
  'email',
  'mobile',
  'date_of_birth',
];
const MAX = { reference: 100, title: 200, signatory_name: 100 } as const;

/** RFC 4180: quoted cells may hold commas, quotes ("") and line breaks. Returns rows with their first line number. */
export function parseCsv(text: string): Array<{ line: number; cells: string[] }> {
  const rows: Array<{ line: number; cells: string[] }> = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  const source = text.replace(/^\uFEFF/, '');
  const endRow = () => {
    cells.push(cell);
    if (cells.some((c) => c.trim() !== '')) rows.push({ line: rowLine, cells });
    cells = [];
    cell = '';
  };
  for (let i = 0; i < source.length; i++) {
    const char = source[i];
    if (quoted) {
      if (char === '"' && source[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else {
        if (char === '\n') line++;
        cell += char;
      }
    } else if (char === '"' && cell === '') quoted = true;
    else if (char === ',') {
      cells.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && source[i + 1] === '\n') i++;
      endRow();
      line++;
      rowLine = line;
    } else cell += char;
  }
  if (cell !== '' || cells.length > 0) endRow();
  return rows;
}

/** A spreadsheet's "text" marker (what our own template writes before + or -) is not part of the value. */
const clean = (value: string | undefined) => (value ?? '').trim().replace(/^'(?=[=+\-@])/, '');

/** DD-MM-YYYY and DD/MM/YYYY, as Indian spreadsheets write dates, become YYYY-MM-DD. */
function isoDate(value: string) {
  const match = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(value);
  return match ? `${match[3]}-${match[2]?.padStart(2, '0')}-${match[1]?.padStart(2, '0')}` : value;
}

export type BulkDraft = { reference: string; title: string; rows: number[]; signatories: SignatoryInput[] };

/**
 * Every problem of every row, or the drafts the rows make (rows sharing a reference are one application, in the
 * order their references first appear). Nothing is created by the caller unless `issues` is empty.
 */
export function readSignatoriesCsv(
  text: string,
  today: string,
): { drafts: BulkDraft[]; issues: BulkRowIssue[] } {
  const issues: BulkRowIssue[] = [];
  const fileIssue = (reason: BulkRowIssue['reason'], message: string) => ({
    drafts: [],
    issues: [{ row: 0, column: null, reason, message }],
  });
  const [header, ...rows] = parseCsv(text);
  if (!header || rows.length === 0) return fileIssue('empty', 'The CSV has no rows under its header.');
  if (rows.length > BULK_LIMITS.rows)
    return fileIssue('too_many_rows', `A CSV can have at most ${BULK_LIMITS.rows} rows.`);
  const names = header.cells.map((c) =>
    c
      .trim()
      .toLowerCase()
      .replace(/[\s-]+/g, '_'),
  );
  const missingColumns = REQUIRED.filter((column) => !names.includes(column));
  if (missingColumns.length > 0)
    return {
      drafts: [],
      issues: missingColumns.map((column) => ({
        row: header.line,
        column,
        reason: 'missing_columns' as const,
        message: `The header row has no “${column}” column.`,
      })),
    };
  const at = (cells: string[], column: BulkColumn) => {
    const index = names.indexOf(column);
    return index < 0 ? '' : clean(cells[index]);
  };

  const byReference = new Map<string, BulkDraft>();
  for (const { line, cells } of rows) {
    const add = (column: BulkColumn, reason: BulkRowIssue['reason'], message: string) =>
      issues.push({ row: line, column, reason, message });
    const values = Object.fromEntries(BULK_COLUMNS.map((c) => [c, at(cells, c)])) as Record<
      BulkColumn,
      string
    >;
    for (const column of REQUIRED) if (!values[column]) add(column, 'missing', `Fill in “${column}”.`);
    for (const [column, max] of Object.entries(MAX) as Array<[keyof typeof MAX, number]>)
      if (values[column].length > max) add(column, 'too_long', `Keep “${column}” under ${max} characters.`);
    if (values.title && values.title.length < 3)
      add('title', 'invalid', 'A title needs at least 3 characters.');
    if (values.signatory_name && values.signatory_name.length < 2)
      add('signatory_name', 'invalid', 'Enter the full name.');
    const email = z.safeParse(emailField, values.email);
    if (values.email && !email.success) add('email', 'invalid', 'Enter a valid e-mail address.');
    const mobile = z.safeParse(indianMobileField, values.mobile);
    if (values.mobile && !mobile.success) add('mobile', 'invalid', 'Enter a 10-digit Indian mobile number.');
    const dateOfBirth = isoDate(values.date_of_birth);
    const dob = z.safeParse(signatoryDateOfBirthField, dateOfBirth);
    if (values.date_of_birth && !dob.success)
      add('date_of_birth', 'invalid', 'Enter the date of birth as YYYY-MM-DD or DD-MM-YYYY.');
    else if (dob.success && !isAdultOn(dateOfBirth, today))
      add('date_of_birth', 'under_age', `A signatory must be ${MIN_AGE_YEARS} or older.`);
    const role = z.safeParse(signatoryRole, values.role.toLowerCase() || 'executant');
    if (!role.success) add('role', 'invalid', 'The role is “executant” or “witness”.');
    if (!values.reference) continue;

    let draft = byReference.get(values.reference);
    if (!draft) {
      draft = { reference: values.reference, title: values.title, rows: [], signatories: [] };
      byReference.set(values.reference, draft);
    } else if (values.title && draft.title && values.title !== draft.title)
      add('title', 'title_differs', `Rows of “${values.reference}” must share one title.`);
    draft.rows.push(line);
    if (draft.signatories.some((s) => s.email.toLowerCase() === values.email.toLowerCase()) && values.email)
      add('email', 'duplicate_email', 'Each signatory of an application needs their own e-mail address.');
    if (draft.rows.length > MAX_SIGNATORIES)
      add(
        'reference',
        'too_many_signatories',
        `An application can have at most ${MAX_SIGNATORIES} signatories.`,
      );
    if (email.success && mobile.success && dob.success && role.success)
      draft.signatories.push({
        fullName: values.signatory_name,
        email: email.data,
        mobile: mobile.data,
        dateOfBirth: dateOfBirth,
        role: role.data,
      });
  }
  if (byReference.size > BULK_LIMITS.applications)
    issues.push({
      row: 0,
      column: 'reference',
      reason: 'too_many_applications',
      message: `One CSV can make at most ${BULK_LIMITS.applications} applications.`,
    });
  return { drafts: issues.length > 0 ? [] : [...byReference.values()], issues };
}

/** The template the web app offers: the header and two applications, one of them with a witness. */
export function templateCsv(): string {
  const rows = [
    [
      'LOAN-0001',
      'Loan agreement — Priya Sharma',
      'Priya Sharma',
      'priya@example.com',
      '9876543210',
      '1990-04-12',
      'executant',
    ],
    [
      'LOAN-0001',
      'Loan agreement — Priya Sharma',
      'Arjun Mehta',
      'arjun@example.com',
      '9876501234',
      '1985-11-03',
      'witness',
    ],
    [
      'LOAN-0002',
      'Loan agreement — Ravi Kumar',
      'Ravi Kumar',
      'ravi@example.com',
      '9123456780',
      '1978-01-25',
      'executant',
    ],
  ];
  const cell = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
  return `\uFEFF${[[...BULK_COLUMNS], ...rows].map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`;
}
