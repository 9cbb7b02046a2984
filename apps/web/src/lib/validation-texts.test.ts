import * as authContracts from '@mohar/contracts/auth';
import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import enValidation from '@/locales/en/validation.json';
import hiValidation from '@/locales/hi/validation.json';

/**
 * The sign-in, registration, password and profile forms show their contract's field messages (lib/form-validation.ts)
 * through locales/<language>/validation.json, keyed by the English sentence: each one those forms can show has its
 * Hindi there, so a Hindi reader never meets an English sentence under a field (issue 23).
 */

/** Every request of the sign-in, registration, password and profile contracts. */
const SCHEMAS = Object.entries(authContracts)
  .filter(([name]) => name.endsWith('Request'))
  .map(([, schema]) => schema as z.core.$ZodType);

/** Wrong values for every field those forms have: missing, empty, too long, malformed, mismatched, under age. */
const BAD_INPUTS: Array<Record<string, unknown>> = [
  {},
  {
    email: '',
    password: '',
    name: '',
    mobile: '',
    dateOfBirth: '',
    code: '',
    currentPassword: '',
    language: 'fr',
  },
  {
    email: 'not-an-address',
    password: 'short',
    name: 'A',
    mobile: '12345',
    dateOfBirth: '2024-02-30',
    code: '12',
  },
  {
    email: `${'a'.repeat(250)}@example.in`,
    password: 'p'.repeat(129),
    name: 'N'.repeat(101),
    dateOfBirth: '1800-01-01',
  },
  {
    password: 'tiger lily ferry 42',
    confirmPassword: 'tiger lily ferry 43',
    dateOfBirth: '2020-01-01',
    role: 'x',
  },
  { termsAccepted: false, role: 'admin', confirmPassword: 1 },
];

function messagesOf(schema: z.core.$ZodType): string[] {
  return BAD_INPUTS.flatMap((input) => {
    const result = z.safeParse(schema, input);
    // Unknown fields are the contract refusing what no form sends, not a message under a field.
    return result.success
      ? []
      : result.error.issues
          .filter((issue) => issue.code !== 'unrecognized_keys')
          .map((issue) => issue.message);
  });
}

describe('the auth and profile forms’ field messages', () => {
  const shown = [...new Set(SCHEMAS.flatMap((schema) => messagesOf(schema)))].sort();

  it('are found (the bad inputs reach every kind of problem)', () => {
    expect(shown).toEqual(
      expect.arrayContaining([
        'Passwords do not match',
        'You must be 18 or older to use Mohar',
        'Enter a real date',
        'Use at most 128 characters',
      ]),
    );
  });

  it('each have their English and Hindi sentence', () => {
    const en = enValidation as Record<string, string>;
    const hi = hiValidation as Record<string, string>;
    expect(shown.filter((message) => en[message] !== message)).toEqual([]);
    expect(shown.filter((message) => !/[\u0900-\u097f]/.test(hi[message] ?? ''))).toEqual([]);
  });
});
