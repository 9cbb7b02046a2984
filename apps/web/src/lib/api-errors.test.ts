import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../locales/en/errors.json';
import hi from '../locales/hi/errors.json';
import {
  ApiError,
  errorMessage,
  failureMessage,
  formFailureErrorsOf,
  formFieldErrorsOf,
  hasErrorCode,
} from './api-errors';
import { i18n } from './i18n';

beforeAll(async () => {
  await i18n.init({
    lng: 'en',
    fallbackLng: 'en',
    resources: { en: { errors: en }, hi: { errors: hi } },
    interpolation: { escapeValue: false },
  });
});
afterAll(() => i18n.changeLanguage('en'));

const invalidCredentials = new ApiError({
  message: 'Invalid email or password',
  status: 401,
  code: 'auth.invalid_credentials',
});

describe('what a failed call shows (spec §8)', () => {
  it('the text for its code, which in English is the server’s sentence', () => {
    expect(failureMessage(invalidCredentials, 'Login failed')).toBe('Invalid email or password');
    const weak = new ApiError({
      message: 'This password is on a list of common passwords.',
      status: 400,
      code: 'auth.password_weak',
    });
    expect(failureMessage(weak, 'Registration failed')).toBe(
      'This password is on a list of common passwords.',
    );
  });

  it('the server’s message for a code this build has no text for', () => {
    const newer = new ApiError({
      message: 'Something new went wrong.',
      status: 409,
      code: 'newsletter.closed',
    });
    expect(failureMessage(newer, 'x')).toBe('Something new went wrong.');
  });

  it('else the error text (network problems included)', () => {
    expect(
      failureMessage(new ApiError({ message: 'Network Error', status: 0, code: 'network.error' }), 'x'),
    ).toBe('Network Error');
    expect(failureMessage(new Error('Request aborted'), 'x')).toBe('Request aborted');
    expect(failureMessage('boom', 'x')).toBe('boom');
  });

  it('else the screen’s fixed fallback', () => {
    expect(failureMessage(new Error(''), 'Login failed')).toBe('Login failed');
    expect(failureMessage(undefined, 'Registration failed')).toBe('Registration failed');
    expect(failureMessage({}, 'Logout failed.')).toBe('Logout failed.');
  });
});

describe('in Hindi', () => {
  beforeAll(() => i18n.changeLanguage('hi'));
  afterAll(() => i18n.changeLanguage('en'));

  it('a known code is told in Hindi, with the details it names', () => {
    expect(failureMessage(invalidCredentials, 'Login failed')).toBe(hi.auth.invalid_credentials);
    const wrongCode = new ApiError({
      message: 'That code is not right. 2 tries are left.',
      status: 400,
      code: 'portal.code_wrong',
      details: { attemptsLeft: 2 },
    });
    expect(errorMessage(wrongCode)).toBe('यह कोड सही नहीं है। बचे हुए प्रयास: 2।');
  });

  it('an unknown code, or no answer at all, keeps the words it came with', () => {
    const newer = new ApiError({
      message: 'Something new went wrong.',
      status: 409,
      code: 'newsletter.closed',
    });
    expect(errorMessage(newer)).toBe('Something new went wrong.');
    const offline = new ApiError({ message: 'Network Error', status: 0, code: 'network.error' });
    expect(failureMessage(offline, 'x')).toBe('Network Error');
    expect(failureMessage(undefined, 'Login failed')).toBe('Login failed');
  });
});

describe('server field errors', () => {
  const invalid = new ApiError({
    message: 'Invalid request',
    status: 400,
    code: 'request.invalid',
    details: [
      { path: 'body.email', message: 'Enter a valid e-mail address' },
      { path: 'body.email', message: 'second problem' },
      { path: 'body.unknownField', message: 'ignored' },
      { path: 'params.token', message: 'ignored too' },
    ],
  });

  it('are keyed by the form’s field names, first problem only, unknown fields dropped', () => {
    expect(formFieldErrorsOf(invalid, ['email', 'password'])).toEqual({
      email: 'Enter a valid e-mail address',
    });
  });

  it('recognise an error by its code', () => {
    expect(hasErrorCode(invalid, 'request.invalid')).toBe(true);
    expect(hasErrorCode(invalid, 'auth.token_invalid')).toBe(false);
    expect(hasErrorCode(new Error('x'), 'request.invalid')).toBe(false);
  });
});

describe('a refused form', () => {
  it('shows a whole-request code under the field it belongs to, with the failure’s text', () => {
    const wrong = new ApiError({
      message: 'Current password is wrong',
      status: 400,
      code: 'auth.password_wrong',
    });
    const options = {
      fields: ['currentPassword', 'password'] as const,
      codeFields: { 'auth.password_wrong': 'currentPassword' as const },
      message: 'Current password is wrong',
    };
    expect(formFailureErrorsOf(wrong, options)).toEqual({ currentPassword: 'Current password is wrong' });
    expect(formFailureErrorsOf(new Error('Network Error'), { ...options, message: 'Network Error' })).toEqual(
      {},
    );
  });

  it('keeps the server’s own field problem before a code’s', () => {
    const invalid = new ApiError({
      message: 'Invalid request',
      status: 400,
      code: 'request.invalid',
      details: [{ path: 'body.code', message: 'Enter the 6-digit code' }],
    });
    expect(
      formFailureErrorsOf(invalid, {
        fields: ['code'],
        codeFields: { 'request.invalid': 'code' },
        message: 'Invalid request',
      }),
    ).toEqual({ code: 'Enter the 6-digit code' });
  });
});
