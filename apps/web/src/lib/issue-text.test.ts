import * as contracts from '@mohar/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import enValidation from '@/locales/en/validation.json';
import hiValidation from '@/locales/hi/validation.json';
import { validateForm } from './form-validation';
import { i18n, MISSING_KEY_OPTIONS } from './i18n';
import { describeIssue, type SchemaIssue } from './issue-text';

/**
 * Every field message a form can show comes from validation.json in the reader's language (issue 23): the contracts'
 * own sentences, keyed by their English, and — where a contract left the wording to zod — one sentence per problem
 * kind chosen by zod's issue code and parameters.
 */

const en = enValidation as Record<string, string>;
const hi = hiValidation as Record<string, string>;
const isHindi = (text: string) => /[\u0900-\u097f]/.test(text);

beforeAll(() =>
  i18n.init({
    lng: 'hi',
    fallbackLng: 'en',
    resources: { en: { validation: en }, hi: { validation: hi } },
    interpolation: { escapeValue: false },
    ...MISSING_KEY_OPTIONS,
  }),
);

type ZodLike = { _zod: { def: Record<string, unknown> } };
const isSchema = (value: unknown): value is ZodLike =>
  typeof value === 'object' && value !== null && '_zod' in value;

/** The text an error option gives (zod keeps `{ message }` and `'…'` options as a function). */
function wordingOf(error: unknown): string | undefined {
  if (typeof error !== 'function') return undefined;
  const out: unknown = error({ code: 'custom', input: undefined, path: [] });
  if (typeof out === 'string') return out;
  if (typeof out === 'object' && out !== null && 'message' in out && typeof out.message === 'string')
    return out.message;
  return undefined;
}

/** Every sentence a contract words for its problems, found by walking its schemas (their checks included). */
function contractSentences(): Set<string> {
  const found = new Set<string>();
  const seen = new Set<unknown>();
  const visit = (value: unknown): void => {
    if (seen.has(value) || typeof value !== 'object' || value === null) return;
    seen.add(value);
    if (!isSchema(value)) {
      for (const part of Array.isArray(value) ? value : Object.values(value)) visit(part);
      return;
    }
    const def = value._zod.def;
    const wording = wordingOf(def.error);
    if (wording) found.add(wording);
    for (const [name, part] of Object.entries(def)) {
      if (name === 'getter' && typeof part === 'function') visit(part());
      else visit(part);
    }
  };
  for (const schema of Object.values(contracts)) visit(schema);
  return found;
}

describe('field messages come from the translation files', () => {
  it('every sentence a contract words has its English and its Hindi', () => {
    const sentences = [...contractSentences()].sort();
    // The walk reaches the contracts' checks, their templated texts and their enums.
    expect(sentences).toEqual(
      expect.arrayContaining([
        'Passwords do not match',
        'Choose a language from the list',
        'Write your message',
      ]),
    );
    expect(sentences.filter((sentence) => en[sentence] !== sentence)).toEqual([]);
    expect(sentences.filter((sentence) => !isHindi(hi[sentence] ?? ''))).toEqual([]);
  });

  it('a problem the contract left to zod is worded by its code and parameters, in each language', async () => {
    const cases: Array<[SchemaIssue, string]> = [
      [{ code: 'invalid_type', message: 'Invalid input' }, 'Fill in this field'],
      [{ code: 'too_small', origin: 'string', minimum: 1, message: 'Invalid input' }, 'Fill in this field'],
      [
        { code: 'too_small', origin: 'string', minimum: 3, message: 'Invalid input' },
        'Use at least 3 characters',
      ],
      [
        { code: 'too_big', origin: 'string', maximum: 200, message: 'Invalid input' },
        'Use at most 200 characters',
      ],
      [{ code: 'too_small', origin: 'number', minimum: 1, message: 'Invalid input' }, 'Enter 1 or more'],
      [{ code: 'too_big', origin: 'int', maximum: 28, message: 'Invalid input' }, 'Enter 28 or less'],
      [{ code: 'too_small', origin: 'array', minimum: 1, message: 'Invalid input' }, 'Add at least 1'],
      [{ code: 'too_big', origin: 'file', maximum: 10, message: 'Invalid input' }, 'The file is too large'],
      [{ code: 'invalid_format', format: 'email', message: 'Invalid input' }, 'Enter a valid e-mail address'],
      [{ code: 'invalid_format', format: 'regex', message: 'Invalid input' }, 'Check the format'],
      [{ code: 'invalid_value', message: 'Invalid input' }, 'Choose one of the options'],
      [{ code: 'custom', message: 'Invalid input' }, 'Check this field'],
    ];
    await i18n.changeLanguage('en');
    expect(cases.map(([issue]) => describeIssue(issue))).toEqual(cases.map(([, text]) => text));
    await i18n.changeLanguage('hi');
    const hindi = cases.map(([issue]) => describeIssue(issue));
    expect(hindi.filter((text) => !isHindi(text))).toEqual([]);
    expect(
      describeIssue({ code: 'too_big', origin: 'string', maximum: 200, message: 'Invalid input' }),
    ).toContain('200');
  });

  it('every request a form sends, given bad values, shows only Hindi messages to a Hindi reader', async () => {
    await i18n.changeLanguage('hi');
    const badInputs: unknown[] = [
      {},
      { email: 'x', name: '', title: 'x'.repeat(5000), reason: '', amount: 'x' },
    ];
    const requests = Object.entries(contracts).filter(
      ([name, schema]) => /(Request|Input)$/.test(name) && isSchema(schema),
    );
    expect(requests.length).toBeGreaterThan(20);
    const english = requests.flatMap(([name, schema]) =>
      badInputs.flatMap((input) => {
        const result = z.safeParse(schema as z.core.$ZodType, input);
        return result.success
          ? []
          : result.error.issues
              .filter((issue) => issue.code !== 'unrecognized_keys')
              .map((issue) => `${name}: ${describeIssue(issue)}`)
              .filter((text) => !isHindi(text));
      }),
    );
    expect(english).toEqual([]);
  });

  it('a form’s checks speak Hindi', async () => {
    await i18n.changeLanguage('hi');
    const result = validateForm({
      schema: z.object({ note: z.string().check(z.maxLength(5)) }),
      values: { note: 'too long a note' },
      fields: ['note'],
    });
    expect(result.ok ? '' : result.errors.note).toBe(hi['issue.too_big.string']?.replace('{{maximum}}', '5'));
    // A form that words some problems itself falls back to the same text, not to the contract's English.
    const worded = validateForm({
      schema: z.object({ note: z.string({ message: 'Write your message' }) }),
      values: {},
      fields: ['note'],
      translate: ({ code, message }) => (code === 'custom' ? 'own' : message),
    });
    expect(worded.ok ? '' : worded.errors.note).toBe(hi['Write your message']);
  });
});
