/** What may be known of a failed query: PostgreSQL's error code and the names of what it concerned, no values. */
export type DatabaseFailure = { code: string; constraint?: string; table?: string; column?: string };

const SQLSTATE = /^[0-9A-Z]{5}$/;

type Candidate = {
  code?: unknown;
  severity?: unknown;
  constraint?: unknown;
  table?: unknown;
  column?: unknown;
};

const nameOf = (value: unknown) => (typeof value === 'string' && value.length > 0 ? value : undefined);

/**
 * The database's refusal inside an error (drizzle's DrizzleQueryError wraps pg's or PGlite's DatabaseError as
 * `cause`), or null when the error did not come from the database.
 */
export function databaseFailureOf(error: unknown): DatabaseFailure | null {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth += 1) {
    const candidate = current as Candidate;
    if (typeof candidate.code === 'string' && SQLSTATE.test(candidate.code) && 'severity' in candidate) {
      const failure: DatabaseFailure = { code: candidate.code };
      const constraint = nameOf(candidate.constraint);
      const table = nameOf(candidate.table);
      const column = nameOf(candidate.column);
      if (constraint) failure.constraint = constraint;
      if (table) failure.table = table;
      if (column) failure.column = column;
      return failure;
    }
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/** Class 22 (data exception): the value sent cannot be stored as that type — the caller's input, not our failure. */
export const isBadInputFailure = (failure: DatabaseFailure) => failure.code.startsWith('22');

/**
 * An error fit for the log. A failed query's error carries the SQL text and its parameters (in `query`, `params`,
 * the message, the stack's first lines, and PostgreSQL's own message and detail, which quote values): all of it may be
 * a person's data. What is logged instead: the code, the constraint/table/column names, and the stack's frames.
 */
export function loggableError<T>(error: T): T | Error {
  const failure = databaseFailureOf(error);
  if (!failure) return error;
  const names = [failure.constraint, failure.table, failure.column].filter(Boolean).join(', ');
  const summary = new Error(`database error ${failure.code}${names ? ` (${names})` : ''}`);
  summary.name = 'DatabaseError';
  Object.assign(summary, failure);
  summary.stack = `DatabaseError: ${summary.message}${framesOf(error)}`;
  return summary;
}

/** The stack's frames only: its head repeats the message (query and values), so it is cut off exactly, or all dropped. */
function framesOf(error: unknown): string {
  if (!(error instanceof Error) || !error.stack) return '';
  const head = `${error.name}: ${error.message}`;
  return error.stack.startsWith(head) ? error.stack.slice(head.length) : '';
}
