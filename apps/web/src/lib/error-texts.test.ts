import { ALL_ERROR_CODES } from '@mohar/contracts/error-codes';
import { describe, expect, it } from 'vitest';
import en from '../locales/en/errors.json';
import hi from '../locales/hi/errors.json';

type Texts = Record<string, Record<string, unknown>>;
const LANGUAGES = { en: en as Texts, hi: hi as Texts };

const textOf = (texts: Texts, code: string) => {
  const [feature = '', reason = ''] = code.split('.');
  const text = texts[feature]?.[reason];
  return typeof text === 'string' ? text : null;
};

describe('the texts for the API’s error codes', () => {
  it.each(Object.entries(LANGUAGES))('%s has a text for every code in the contract’s list', (_, texts) => {
    const missing = ALL_ERROR_CODES.filter((code) => !textOf(texts, code)?.trim());
    expect(missing).toEqual([]);
  });

  it.each(Object.entries(LANGUAGES))('%s has no text for a code the list does not have', (_, texts) => {
    const listed = new Set<string>(ALL_ERROR_CODES);
    const extra = Object.entries(texts).flatMap(([feature, reasons]) =>
      Object.keys(reasons)
        .map((reason) => `${feature}.${reason}`)
        .filter((code) => !listed.has(code)),
    );
    expect(extra).toEqual([]);
  });

  it('Hindi says every code in Hindi, never by passing on the server’s English sentence', () => {
    const notHindi = ALL_ERROR_CODES.filter((code) => {
      const text = textOf(LANGUAGES.hi, code) ?? '';
      return text.includes('{{message}}') || !/[\u0900-\u097F]/.test(text);
    });
    expect(notHindi).toEqual([]);
  });
});
