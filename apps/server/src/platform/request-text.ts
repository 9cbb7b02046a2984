import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';

/**
 * Text PostgreSQL cannot store (NUL) or that only a broken encoding leaves behind (U+FFFD, which is what invalid UTF-8
 * in a URL or a JSON body decodes to, and unpaired surrogates): never a person's real input.
 */
// With the u flag a paired surrogate is one code point, so `\p{Cs}` matches only an unpaired half.
const UNPAIRED_SURROGATE = /\p{Cs}/u;
const isUnsafeText = (text: string) =>
  text.includes('\0') || text.includes('\uFFFD') || UNPAIRED_SURROGATE.test(text);

/** The keyword of the validation issue for such text (the error handler answers it 400 even in a path). */
export const UNSAFE_TEXT_KEYWORD = 'unsafe_text';

/** Where in a parsed request part (params, query, JSON body) the first unsafe text is, as a JSON pointer; else null. */
export function findUnsafeText(value: unknown): string | null {
  // Iterative: a deeply nested JSON body must not overflow the stack.
  const stack: Array<{ value: unknown; path: string }> = [{ value, path: '' }];
  while (stack.length > 0) {
    const item = stack.pop() as { value: unknown; path: string };
    if (typeof item.value === 'string') {
      if (isUnsafeText(item.value)) return item.path;
    } else if (item.value !== null && typeof item.value === 'object') {
      for (const [key, child] of Object.entries(item.value)) {
        const path = `${item.path}/${key}`;
        if (isUnsafeText(key)) return path;
        stack.push({ value: child, path });
      }
    }
  }
  return null;
}

/**
 * The zod validator every route's params, query, headers and body go through, refusing unsafe text first: one place,
 * so no route's text can carry a NUL byte or broken encoding to the database (where it would fail as a 500).
 */
export const safeTextValidatorCompiler: FastifySchemaCompiler<unknown> = (route) => {
  const validate = validatorCompiler(route as Parameters<typeof validatorCompiler>[0]);
  return (data: unknown) => {
    const at = findUnsafeText(data);
    if (at === null) return validate(data);
    return {
      error: [
        {
          keyword: UNSAFE_TEXT_KEYWORD,
          instancePath: at,
          schemaPath: '#',
          params: {},
          message: 'Text must not contain NUL bytes or invalid characters',
        },
      ],
    } as unknown as ReturnType<ReturnType<typeof validatorCompiler>>;
  };
};
