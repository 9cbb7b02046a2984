import { useForm } from '@mantine/form';
import { useState } from 'react';
import { z } from 'zod/mini';
import { type CodeFields, failureMessage, formFailureErrorsOf } from './api-errors';
import { contractResolver, type FieldErrors, hasFieldErrors, type TranslateIssue } from './form-validation';
import { useFailureFocus } from './use-failure-focus';

type FieldOf<V> = Extract<keyof V, string>;

/**
 * A form on `@mantine/form` checked by its request's contract schema, as every form here works: a problem shows under
 * its field and focus moves to the first one; a refused request puts the server's field problems under the fields and
 * anything else in `failure`, the message above the form.
 *
 * The submit handler receives the parsed request (trimmed, lower-cased e-mail, … as the contract makes it). The
 * form's fields are the keys of `initialValues`.
 */
export function useContractForm<V extends Record<string, unknown>, S extends z.core.$ZodType>(options: {
  schema: S;
  initialValues: V;
  translate?: TranslateIssue<FieldOf<V>>;
  /** The request the schema checks, when it is not the values themselves. */
  toRequest?: (values: V) => unknown;
  /** Problems the contract cannot see (a date already past), added to the contract's. */
  check?: (values: V) => FieldErrors<FieldOf<V>>;
  onValuesChange?: (values: V) => void;
  /** Where focus goes on failure, when the form's failure message sits outside the `<form>`. */
  failureFocus?: { focusFailure: () => void };
}) {
  const fields = Object.keys(options.initialValues) as FieldOf<V>[];
  const toRequest = options.toRequest ?? ((values: V) => values);
  const own = useFailureFocus<HTMLFormElement>();
  const focusFailure = options.failureFocus?.focusFailure ?? own.focusFailure;
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<V, z.output<S>>({
    initialValues: options.initialValues,
    validate: contractResolver({
      schema: options.schema,
      fields,
      translate: options.translate,
      toRequest,
      check: options.check,
    }),
    // Runs only once `validate` found nothing, so the parse cannot throw.
    transformValues: (values) => z.parse(options.schema, toRequest(values)),
    onValuesChange: options.onValuesChange,
  });

  /** The `<form>`'s onSubmit (or a button's onClick): checks, then hands `onValid` the request. */
  const onSubmit = (onValid: (request: z.output<S>) => void, onInvalid?: () => void) =>
    form.onSubmit(
      (request) => {
        setFailure(null);
        onValid(request);
      },
      () => {
        setFailure(null);
        onInvalid?.();
        focusFailure();
      },
    );

  /**
   * Shows a refused request: field problems under their fields (`codeFields` names the field a whole-request code
   * belongs to), anything else as `failure` with the server's message or `fallback` (spec §8).
   */
  const showFailure = (
    error: unknown,
    failureOptions: { fallback: string; codeFields?: CodeFields<FieldOf<V>> },
  ) => {
    const message = failureMessage(error, failureOptions.fallback);
    const errors = formFailureErrorsOf(error, { fields, codeFields: failureOptions.codeFields, message });
    form.setErrors(errors);
    setFailure(hasFieldErrors(errors) ? null : message);
    focusFailure();
  };

  return { form, onSubmit, showFailure, failure, setFailure, focusFailure, containerRef: own.containerRef };
}
