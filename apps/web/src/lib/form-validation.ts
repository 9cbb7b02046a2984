import { z } from 'zod/mini';
import { type FieldErrors, hasFieldErrors, type TranslateIssue } from './field-errors';
import { describeIssue } from './issue-text';

export { type FieldErrors, hasFieldErrors, type TranslateIssue };

/**
 * Validates a form with the request's own contract schema (the same one the server applies), keeping the first
 * problem of each field the form shows. A problem the form has no field for goes on its first field, so a form never
 * looks valid while the contract refuses it.
 */
export function validateForm<S extends z.core.$ZodType, F extends string>(options: {
  schema: S;
  values: unknown;
  fields: readonly F[];
  translate?: TranslateIssue<F>;
}): { ok: true; data: z.output<S> } | { ok: false; errors: FieldErrors<F> } {
  const result = z.safeParse(options.schema, options.values);
  if (result.success) return { ok: true, data: result.data };
  const errors: FieldErrors<F> = {};
  const describe = (field: F, issue: z.core.$ZodIssue) =>
    options.translate
      ? options.translate({ field, code: issue.code, message: describeIssue(issue) })
      : describeIssue(issue);
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (typeof field !== 'string' || !(options.fields as readonly string[]).includes(field)) continue;
    errors[field as F] ??= describe(field as F, issue);
  }
  const [first] = options.fields;
  const [issue] = result.error.issues;
  if (!hasFieldErrors(errors) && first !== undefined && issue) errors[first] = describe(first, issue);
  return { ok: false, errors };
}

/**
 * A `@mantine/form` `validate` function from a contract schema. It checks the request the values make (`toRequest`;
 * the values themselves unless given), keeping each field's first problem, and adds what `check` finds that the
 * contract cannot know (a date already past, say).
 */
export function contractResolver<V, F extends string>(options: {
  schema: z.core.$ZodType;
  fields: readonly F[];
  translate?: TranslateIssue<F>;
  toRequest?: (values: V) => unknown;
  check?: (values: V) => FieldErrors<F>;
}): (values: V) => FieldErrors<F> {
  return (values) => {
    const result = validateForm({
      schema: options.schema,
      values: options.toRequest ? options.toRequest(values) : values,
      fields: options.fields,
      ...(options.translate ? { translate: options.translate } : {}),
    });
    const errors: FieldErrors<F> = result.ok ? {} : result.errors;
    for (const [field, message] of Object.entries(options.check?.(values) ?? {}) as Array<[F, string]>)
      errors[field] ??= message;
    return errors;
  };
}

/** The request the form sends: parsed by its contract (trimmed, lower-cased e-mail, …), once validation passed. */
export const parseRequest = <S extends z.core.$ZodType>(schema: S, request: unknown): z.output<S> =>
  z.parse(schema, request);
