import * as contracts from '@mohar/contracts';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { $ZodType } from 'zod/v4/core';
import { answerSerializerCompiler, compileAnswerWriter } from './answer-serializer.ts';

type Def = {
  type: string;
  shape?: Record<string, $ZodType>;
  innerType?: $ZodType;
  element?: $ZodType;
  options?: $ZodType[];
  entries?: Record<string, unknown>;
  values?: unknown[];
  format?: string;
};
const defOf = (schema: $ZodType) => schema._zod.def as unknown as Def;

/** A value of the contract's shape, every field filled (nullable ones with their inner value). */
function sampleOf(schema: $ZodType): unknown {
  const def = defOf(schema);
  switch (def.type) {
    case 'string':
      return 'text "quoted" \u2028 हिन्दी';
    case 'number':
      return def.format === 'safeint' ? 42 : 4.5;
    case 'boolean':
      return true;
    case 'enum':
      return Object.values(def.entries ?? {})[0];
    case 'literal':
      return def.values?.[0];
    case 'nullable':
    case 'optional':
      return sampleOf(def.innerType as $ZodType);
    case 'array':
      return [sampleOf(def.element as $ZodType), sampleOf(def.element as $ZodType)];
    case 'object':
      return Object.fromEntries(Object.entries(def.shape ?? {}).map(([k, v]) => [k, sampleOf(v)]));
    case 'union':
      return sampleOf((def.options ?? [])[0] as $ZodType);
    default:
      return { some: 'thing' };
  }
}

const ODD_VALUES: unknown[] = [
  null,
  undefined,
  0,
  -0,
  1.5,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  2 ** 60,
  '',
  'other',
  false,
  [],
  {},
  { extra: 1 },
];

/** Every way to spoil one place of a value: each odd value there, the key gone, an extra key beside it. */
function* variantsOf(value: unknown): Generator<unknown> {
  yield value;
  if (Array.isArray(value)) {
    yield [];
    for (let i = 0; i < value.length; i++) {
      for (const inner of variantsOf(value[i])) yield value.map((v, j) => (j === i ? inner : v));
    }
    return;
  }
  if (typeof value === 'object' && value !== null) {
    yield { ...value, passwordHash: 'secret' };
    for (const key of Object.keys(value)) {
      const { [key]: _gone, ...without } = value as Record<string, unknown>;
      yield without;
      for (const inner of variantsOf((value as Record<string, unknown>)[key]))
        yield { ...value, [key]: inner };
    }
    return;
  }
  yield* ODD_VALUES;
}

const route = (schema: unknown) => ({ schema, method: 'GET', url: '/test', httpStatus: '200' });
const outcome = (serialize: (data: unknown) => string, data: unknown) => {
  try {
    return { text: serialize(data) };
  } catch (error) {
    return { error: (error as Error).constructor.name, message: (error as Error).message };
  }
};

/** Each answer the contracts define (every schema exported under a name ending in "Response"). */
const responseSchemas = Object.entries(contracts as Record<string, unknown>).filter(
  (entry): entry is [string, $ZodType] => entry[0].endsWith('Response') && entry[1] instanceof $ZodType,
);

describe('the answers serializer', () => {
  it('writes the signed-in reads itself, without zod', () => {
    for (const schema of [
      contracts.applicationResponse,
      contracts.applicationListResponse,
      contracts.userResponse,
    ]) {
      const sample = sampleOf(schema);
      const written = compileAnswerWriter(schema)(sample);
      expect(written).not.toBeNull();
      expect(written).toBe(JSON.stringify(z.encode(schema, sample as never)));
    }
  });

  it.each(responseSchemas)(
    'answers %s as zod does, for good values and every spoiled one',
    (_name, schema) => {
      const ours = answerSerializerCompiler(route(schema)) as (data: unknown) => string;
      const zods = zodSerializerCompiler(route(schema) as never) as (data: unknown) => string;
      for (const data of variantsOf(sampleOf(schema))) {
        expect(outcome(ours, data)).toEqual(outcome(zods, data));
      }
    },
  );

  it('leaves out a field outside the contract, also in a nested object and an array', () => {
    const schema = z.object({ user: z.object({ id: z.string() }), list: z.array(z.object({ n: z.int() })) });
    const write = compileAnswerWriter(schema);
    expect(write({ user: { id: 'u', passwordHash: 'x' }, list: [{ n: 1, secret: 2 }], other: 3 })).toBe(
      '{"user":{"id":"u"},"list":[{"n":1}]}',
    );
  });

  it('is not sure of a wrong answer, which then fails as zod fails it', () => {
    const schema = z.object({ count: z.int(), status: z.enum(['a', 'b']) });
    expect(compileAnswerWriter(schema)({ count: 1.5, status: 'a' })).toBeNull();
    expect(compileAnswerWriter(schema)({ count: 1, status: 'c' })).toBeNull();
    expect(compileAnswerWriter(schema)({ status: 'a' })).toBeNull();
    const serialize = answerSerializerCompiler(route(schema)) as (data: unknown) => string;
    expect(() => serialize({ count: 1, status: 'c' })).toThrow("Response doesn't match the schema");
  });

  it('hands a part it does not know (a string check, a transform) to zod', () => {
    const schema = z.object({ code: z.string().check(z.maxLength(3)), n: z.optional(z.nullable(z.int())) });
    const write = compileAnswerWriter(schema);
    expect(write({ code: 'abc' })).toBe('{"code":"abc"}');
    expect(write({ code: 'abcd', n: 1 })).toBeNull();
    expect(write({ code: 'abc', n: null })).toBe('{"code":"abc","n":null}');
  });

  it('keeps the first option of a union that takes the value, and a strict object refuses other keys', () => {
    const schema = z.union([z.strictObject({ a: z.string() }), z.object({ b: z.string() })]);
    const write = compileAnswerWriter(schema);
    expect(write({ a: 'x' })).toBe('{"a":"x"}');
    expect(write({ a: 'x', b: 'y' })).toBe('{"b":"y"}');
  });
});
