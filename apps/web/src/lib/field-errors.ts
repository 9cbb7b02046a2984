// No schema library here: forms whose checks load on demand (lib/use-contract-form.ts) read these before zod is in.

export type FieldErrors<F extends string> = Partial<Record<F, string>>;

/** Turns one schema problem into the text shown under the field; the contract's English message is the default. */
export type TranslateIssue<F extends string> = (issue: { field: F; code: string; message: string }) => string;

/** Whether any field has a problem. */
export function hasFieldErrors<F extends string>(errors: FieldErrors<F>): boolean {
  return Object.values(errors).some(Boolean);
}
