import { describe, expect, it } from 'vitest';
import { accountLanguageToApply, browserLanguage, pickLanguage } from './language-choice';

describe('which language a person sees (decision 0055)', () => {
  it('a stored choice beats the browser’s languages', () => {
    expect(pickLanguage({ chosen: 'en', browser: ['hi-IN', 'hi'] })).toBe('en');
    expect(pickLanguage({ chosen: 'hi', browser: ['en-US'] })).toBe('hi');
  });

  it('without a choice the browser decides: its first language the product speaks', () => {
    expect(pickLanguage({ chosen: null, browser: ['hi-IN', 'en-IN'] })).toBe('hi');
    expect(pickLanguage({ chosen: null, browser: ['en-IN', 'hi-IN'] })).toBe('en');
    expect(pickLanguage({ chosen: null, browser: ['mr-IN', 'HI', 'en'] })).toBe('hi');
    expect(browserLanguage(['hi_IN'])).toBe('hi');
  });

  it('without a choice or a language the product speaks, English', () => {
    expect(pickLanguage({ chosen: null, browser: ['ta-IN', 'fr'] })).toBe('en');
    expect(pickLanguage({ chosen: null, browser: [] })).toBe('en');
  });

  it('a stored value that is not a language of the product is no choice', () => {
    expect(pickLanguage({ chosen: 'fr', browser: ['hi-IN'] })).toBe('hi');
    expect(pickLanguage({ chosen: 'HI', browser: ['en-GB'] })).toBe('en');
  });
});

describe('the account’s language at sign-in', () => {
  const asha = (language: 'en' | 'hi' | null) => ({ userId: 'asha', language });

  it('applies when someone signs in with a chosen language', () => {
    expect(accountLanguageToApply({ previous: null, next: asha('hi') })).toBe('hi');
    expect(
      accountLanguageToApply({
        previous: { userId: 'ravi', language: 'hi' },
        next: { userId: 'asha', language: 'en' },
      }),
    ).toBe('en');
  });

  it('applies when the account’s choice changes', () => {
    expect(accountLanguageToApply({ previous: asha('en'), next: asha('hi') })).toBe('hi');
  });

  it('an account that never chose leaves the language on screen (the browser’s, or this visit’s choice)', () => {
    expect(accountLanguageToApply({ previous: null, next: asha(null) })).toBeNull();
    expect(accountLanguageToApply({ previous: null, next: null })).toBeNull();
  });

  it('a re-read of the same session does not undo a choice made on screen since', () => {
    expect(accountLanguageToApply({ previous: asha('en'), next: asha('en') })).toBeNull();
  });
});
