// The answers' serializer: the contract's check and stripping, written straight to JSON text in one walk.
//
// fastify-type-provider-zod checks an answer with `safeEncode(schema, data)` and then `JSON.stringify`s zod's copy.
// The contracts are `zod/mini` schemas, which zod walks in its generic (uncompiled) loop: on a signed-in read that
// was the largest piece of the server's own work (decision 0042). Here each response schema is turned once, when
// its route is compiled, into a tree of small functions that check a value as zod would and write the same JSON.
//
// It only ever takes the fast way when it is sure: anything it does not know (a transform, a pipe, a check on a
// string, a record…) is handed to zod for that part, and any value it finds wrong — or merely unusual, such as a
// required key that is absent — is answered by zod's own serializer from the start, so a wrong answer fails with
// zod's error exactly as before. What passes is written in the contract's key order with keys outside the contract
// left out: the same bytes `JSON.stringify(safeEncode(schema, data).data)` gives.
import type { FastifySerializerCompiler } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { $ZodType, safeEncode } from 'zod/v4/core';

/** A value the fast way will not vouch for: zod's serializer decides. */
const UNSURE: unique symbol = Symbol('unsure');
/** JSON text of the value, `undefined` for a key left out (as JSON.stringify leaves out undefined), or UNSURE. */
type Write = (value: unknown) => string | undefined | typeof UNSURE;

type Def = {
  type: string;
  checks?: unknown[];
  coerce?: boolean;
  shape?: Record<string, $ZodType>;
  catchall?: $ZodType;
  innerType?: $ZodType;
  element?: $ZodType;
  options?: $ZodType[];
  entries?: Record<string, string | number>;
  values?: unknown[];
  format?: string;
  inclusive?: boolean;
  discriminator?: string;
};

const defOf = (schema: $ZodType) => schema._zod.def as unknown as Def;

/** The part zod keeps for itself: its own encode of this piece, as JSON. */
function byZod(schema: $ZodType): Write {
  return (value) => {
    const result = safeEncode(schema, value);
    return result.success ? JSON.stringify(result.data) : UNSURE;
  };
}

const writeString: Write = (value) => (typeof value === 'string' ? JSON.stringify(value) : UNSURE);
const writeBoolean: Write = (value) => (typeof value === 'boolean' ? String(value) : UNSURE);
// zod's number takes finite numbers only; its int, a safe integer. Finite numbers print as JSON prints them.
const writeNumber: Write = (value) =>
  typeof value === 'number' && Number.isFinite(value) ? JSON.stringify(value) : UNSURE;
const writeSafeInteger: Write = (value) =>
  typeof value === 'number' && Number.isSafeInteger(value) ? JSON.stringify(value) : UNSURE;

function writeOneOf(values: readonly unknown[]): Write {
  const texts = new Map<unknown, string>();
  for (const value of values) {
    if (
      typeof value !== 'string' &&
      typeof value !== 'number' &&
      typeof value !== 'boolean' &&
      value !== null
    ) {
      return UNKNOWN_PART;
    }
    texts.set(value, JSON.stringify(value));
  }
  return (value) => texts.get(value) ?? UNSURE;
}
// A marker: the caller hands this part to zod.
const UNKNOWN_PART: Write = () => UNSURE;

function writeObject(def: Def): Write | null {
  const shape = def.shape ?? {};
  if (Object.getOwnPropertySymbols(shape).length > 0) return null;
  let strict = false;
  if (def.catchall) {
    // strictObject: a key outside the contract is an error (zod's to report); any other catchall keeps keys.
    if (defOf(def.catchall).type !== 'never') return null;
    strict = true;
  }
  const fields = Object.keys(shape).map((key) => {
    const schema = shape[key] as $ZodType;
    return {
      key,
      prefix: `${JSON.stringify(key)}:`,
      write: compile(schema),
      // Absent is allowed only where zod allows it for nothing in its place (optional in and out).
      mayBeAbsent: schema._zod.optin === 'optional' && schema._zod.optout === 'optional',
    };
  });
  const known = new Set(Object.keys(shape));
  return (value) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return UNSURE;
    const input = value as Record<string, unknown>;
    if (strict) {
      for (const key in input) if (!known.has(key)) return UNSURE;
    }
    let text = '{';
    for (const field of fields) {
      const present = field.key in input;
      if (!present) {
        if (field.mayBeAbsent) continue;
        return UNSURE;
      }
      const written = field.write(input[field.key]);
      if (written === UNSURE) return UNSURE;
      if (written === undefined) continue;
      text += text.length === 1 ? field.prefix : `,${field.prefix}`;
      text += written;
    }
    return `${text}}`;
  };
}

function writeArray(element: Write): Write {
  return (value) => {
    if (!Array.isArray(value)) return UNSURE;
    let text = '[';
    for (let i = 0; i < value.length; i++) {
      if (!(i in value)) return UNSURE;
      const written = element(value[i]);
      if (written === UNSURE) return UNSURE;
      if (i > 0) text += ',';
      // JSON.stringify writes null for an undefined element.
      text += written === undefined ? 'null' : written;
    }
    return `${text}]`;
  };
}

/** zod's union answers with the first option that takes the value (a discriminated one: the only one that can). */
function writeFirstOf(options: Write[]): Write {
  return (value) => {
    for (const option of options) {
      const written = option(value);
      if (written !== UNSURE) return written;
    }
    return UNSURE;
  };
}

/** One schema, once: the known kinds written here, anything else (or with checks) left to zod for that part. */
function compile(schema: $ZodType): Write {
  const def = defOf(schema);
  if (def.coerce || (def.checks && def.checks.length > 0)) return byZod(schema);
  switch (def.type) {
    case 'string':
      return writeString;
    case 'boolean':
      return writeBoolean;
    case 'number':
      // z.int() is a number with the safe-integer format (its own check); any other format is zod's.
      if (def.format === undefined) return writeNumber;
      return def.format === 'safeint' ? writeSafeInteger : byZod(schema);
    case 'unknown':
    case 'any':
      // JSON.stringify gives no text for undefined, a function or a symbol: zod keeps what it kept, as it was.
      return (value) => JSON.stringify(value);
    case 'enum': {
      const write = writeOneOf(Object.values(def.entries ?? {}));
      return write === UNKNOWN_PART ? byZod(schema) : write;
    }
    case 'literal': {
      const write = writeOneOf(def.values ?? []);
      return write === UNKNOWN_PART ? byZod(schema) : write;
    }
    case 'nullable': {
      const inner = compile(def.innerType as $ZodType);
      return (value) => (value === null ? 'null' : inner(value));
    }
    case 'optional': {
      const inner = compile(def.innerType as $ZodType);
      return (value) => (value === undefined ? undefined : inner(value));
    }
    case 'array':
      return writeArray(compile(def.element as $ZodType));
    case 'object':
      return writeObject(def) ?? byZod(schema);
    case 'union':
      // An exclusive union (xor) fails a value two options take: zod's to decide.
      if (def.inclusive === false && def.discriminator === undefined) return byZod(schema);
      return writeFirstOf((def.options ?? []).map(compile));
    default:
      return byZod(schema);
  }
}

/** The writer of one schema: JSON text when it is sure, else `null` (then zod's serializer answers). */
export function compileAnswerWriter(schema: $ZodType): (data: unknown) => string | null {
  const write = compile(schema);
  return (data) => {
    const written = write(data);
    return typeof written === 'string' ? written : null;
  };
}

function zodSchemaOf(schema: unknown): $ZodType | null {
  if (schema instanceof $ZodType) return schema;
  const properties = (schema as { properties?: unknown } | null)?.properties;
  return properties instanceof $ZodType ? properties : null;
}

/**
 * Fastify's serializer compiler for the answers: the fast writer, with zod's own serializer behind it for every
 * answer the writer is not sure of (which then checks, strips or fails exactly as it did).
 */
export const answerSerializerCompiler: FastifySerializerCompiler<unknown> = (route) => {
  const byZodSerializer = zodSerializerCompiler(route as Parameters<typeof zodSerializerCompiler>[0]);
  const schema = zodSchemaOf(route.schema);
  if (!schema) return byZodSerializer;
  const write = compileAnswerWriter(schema);
  return (data) => write(data) ?? byZodSerializer(data);
};
