// No schema library here: forms whose checks load on demand (lib/use-contract-form.ts) read these before zod is in.

export type FieldErrors<F extends string> = Partial<Record<F, string>>;

/**
 * Turns one schema problem into the text shown under the field, for a form that words some problems its own way.
 * `message` is the default text, already in the reader's language (lib/issue-text.ts: the contract's sentence or the
 * problem kind's), so a translator falls back to it, never to the contract's English.
 */
export type TranslateIssue<F extends string> = (issue: { field: F; code: string; message: string }) => string;

/** Whether any field has a problem. */
export function hasFieldErrors<F extends string>(errors: FieldErrors<F>): boolean {
  return Object.values(errors).some(Boolean);
}
