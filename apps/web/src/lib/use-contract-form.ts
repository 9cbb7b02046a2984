import { useForm } from '@mantine/form';
import type { FormEvent } from 'react';
import { useEffect, useRef, useState } from 'react';
import type { z } from 'zod/mini';
import {
  ApiError,
  CLIENT_ERROR_CODES,
  type CodeFields,
  failureMessage,
  formFailureErrorsOf,
} from './api-errors';
import { type FieldErrors, hasFieldErrors, type TranslateIssue } from './field-errors';
import { loadErrorTexts } from './i18n';
import { useFailureFocus } from './use-failure-focus';

type FieldOf<V> = Extract<keyof V, string>;

/**
 * A form's contract schema, or a loader of it. With a loader the schema's module and zod are fetched when the
 * visitor first focuses or types in the form, not with the screen (decision 0033: /login's first paint).
 */
export type SchemaSource<S> = S | (() => Promise<S>);

/** The checks' file could not be fetched: the form says so as a request without an answer would (spec §8). */
const CHECKS_NOT_LOADED = new ApiError({
  message: 'Network Error',
  status: 0,
  code: CLIENT_ERROR_CODES.network,
});

type Checks = typeof import('./form-validation');
type Loaded<S> = { schema: S; checks: Checks };

// zod's checks (lib/form-validation.ts, in zod's file): one load for every form. The texts of field messages and API
// errors come with them: a screen that loads its form on demand (/login) does not load them with the screen
// (decision 0079), and a form's first message (a field's, or a failed submit's) can only follow this load.
let checksModule: Promise<Checks> | undefined;
const loadChecks = () => {
  checksModule ??= Promise.all([import('./form-validation'), loadErrorTexts()]).then(([checks]) => checks);
  // A failed load (offline) is tried again on the next submit.
  checksModule.catch(() => {
    checksModule = undefined;
  });
  return checksModule;
};

const isLoader = <S>(source: SchemaSource<S>): source is () => Promise<S> => typeof source === 'function';

/** The schema and zod's checks: at once for a schema given as it is, on `load()` for a loader. */
function useLoadedSchema<S>(source: SchemaSource<S>) {
  const loaded = useRef<Loaded<S> | null>(null);
  const loading = useRef<Promise<Loaded<S>> | null>(null);
  const load = (): Promise<Loaded<S>> => {
    loading.current ??= Promise.all([isLoader(source) ? source() : source, loadChecks()]).then(
      ([schema, checks]) => (loaded.current = { schema, checks }),
      (error: unknown) => {
        loading.current = null;
        throw error;
      },
    );
    return loading.current;
  };
  const isEager = !isLoader(source);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the schema is the form's for its whole life.
  useEffect(() => {
    if (isEager) void load().catch(() => {});
  }, [isEager]);
  return { loaded, load };
}

/**
 * A form on `@mantine/form` checked by its request's contract schema, as every form here works: a problem shows under
 * its field and focus moves to the first one; a refused request puts the server's field problems under the fields and
 * anything else in `failure`, the message above the form.
 *
 * The submit handler receives the parsed request (trimmed, lower-cased e-mail, … as the contract makes it). The
 * form's fields are the keys of `initialValues`.
 */
export function useContractForm<V extends Record<string, unknown>, S extends z.core.$ZodType>(options: {
  schema: SchemaSource<S>;
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
  const { loaded, load } = useLoadedSchema(options.schema);
  const form = useForm<V, z.output<S>>({
    initialValues: options.initialValues,
    // Submitting waits for the checks (below), so they are there whenever a submit validates.
    validate: (values) =>
      loaded.current
        ? loaded.current.checks.contractResolver({
            schema: loaded.current.schema,
            fields,
            translate: options.translate,
            toRequest,
            check: options.check,
          })(values)
        : {},
    // Runs only once `validate` found nothing, so the parse cannot throw.
    transformValues: (values) =>
      loaded.current
        ? loaded.current.checks.parseRequest(loaded.current.schema, toRequest(values))
        : (values as z.output<S>),
    onValuesChange: (values) => {
      void load().catch(() => {});
      options.onValuesChange?.(values);
    },
  });
  // A schema given as a loader starts loading once the visitor is in the form.
  const { containerRef } = own;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `load` keeps its promise in a ref.
  useEffect(() => {
    const container = containerRef.current;
    const start = () => void load().catch(() => {});
    container?.addEventListener('focusin', start, { once: true });
    return () => container?.removeEventListener('focusin', start);
  }, [containerRef]);

  /** The `<form>`'s onSubmit (or a button's onClick): checks, then hands `onValid` the request. */
  const onSubmit = (onValid: (request: z.output<S>) => void, onInvalid?: () => void) => {
    const submit = form.onSubmit(
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
    return (event?: FormEvent<HTMLFormElement>) => {
      if (loaded.current) return submit(event);
      // The checks are still on their way (a submit before any input, or a slow network): submit once they are in.
      event?.preventDefault();
      load().then(
        () => submit(),
        () => {
          setFailure(failureMessage(CHECKS_NOT_LOADED, CHECKS_NOT_LOADED.message));
          focusFailure();
        },
      );
    };
  };

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

  return { form, onSubmit, showFailure, failure, setFailure, focusFailure, containerRef };
}
