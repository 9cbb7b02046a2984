import { i18n, translateValidation, VALIDATION_NAMESPACE } from './i18n';

/**
 * zod's own text for a problem no contract worded: `zod/mini` carries no locale, so every such problem reads
 * "Invalid input". The server sends it too under a refused request's fields.
 */
export const UNWORDED_ISSUE_MESSAGE = 'Invalid input';

/** The parts of a schema problem (zod's issue) its text depends on. */
export type SchemaIssue = {
  code: string;
  message: string;
  origin?: string;
  format?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  divisor?: number | bigint;
};

/**
 * The `validation.json` key of a problem the contract left unworded, from zod's issue code and its parameters, with
 * the values its text names. A string that must not be empty reads as a missing value, not as a length.
 */
export function issueKeyOf(issue: SchemaIssue): { key: string; values: Record<string, string> } {
  const bound = (value: number | bigint | undefined) => String(value ?? '');
  switch (issue.code) {
    case 'invalid_type':
      return { key: 'issue.required', values: {} };
    case 'too_small':
      if (issue.origin === 'string' && Number(issue.minimum) <= 1)
        return { key: 'issue.required', values: {} };
      return sized(issue.origin, 'too_small', { minimum: bound(issue.minimum) });
    case 'too_big':
      return sized(issue.origin, 'too_big', { maximum: bound(issue.maximum) });
    case 'invalid_format':
      return {
        key:
          issue.format === 'email' || issue.format === 'url'
            ? `issue.invalid_format.${issue.format}`
            : 'issue.invalid_format',
        values: {},
      };
    case 'invalid_value':
      return { key: 'issue.invalid_value', values: {} };
    case 'not_multiple_of':
      return { key: 'issue.not_multiple_of', values: { divisor: bound(issue.divisor) } };
    default:
      return { key: 'issue.invalid', values: {} };
  }
}

const SIZED_ORIGINS = new Set(['string', 'number', 'int', 'bigint', 'array', 'set', 'file']);

function sized(origin: string | undefined, code: 'too_small' | 'too_big', values: Record<string, string>) {
  const kind = origin === 'int' || origin === 'bigint' ? 'number' : origin === 'set' ? 'array' : origin;
  return kind && SIZED_ORIGINS.has(kind)
    ? { key: `issue.${code}.${kind}`, values }
    : { key: 'issue.invalid', values: {} };
}

/**
 * The text shown under a field for a schema problem, in the reader's language: the contract's own sentence
 * (translated in `validation.json`, keyed by the English), or — where the contract left it to zod — a sentence chosen
 * by the problem's code and parameters ("Use at most 200 characters"). One rule for every form (issue 23).
 */
export function describeIssue(issue: SchemaIssue): string {
  if (issue.message !== UNWORDED_ISSUE_MESSAGE) return translateValidation(issue.message);
  // Before set-up (a form's unit test without the app's texts) the problem stays as zod wrote it.
  if (!i18n.isInitialized) return issue.message;
  const { key, values } = issueKeyOf(issue);
  return i18n.t(key, { ns: VALIDATION_NAMESPACE, keySeparator: false, nsSeparator: false, ...values });
}
