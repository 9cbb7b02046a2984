import { changePasswordRequest, loginRequest, notaryDetailsRequest, registerRequest } from '@mohar/contracts';
import { describe, expect, it } from 'vitest';
import { contractResolver, hasFieldErrors, validateForm } from './form-validation';

describe('forms are validated with the contract schemas', () => {
  it('returns the parsed request when the form is valid', () => {
    const result = validateForm({
      schema: loginRequest,
      values: { email: ' Asha@Example.IN ', password: 'x' },
      fields: ['email', 'password'],
    });
    expect(result).toEqual({ ok: true, data: { email: 'asha@example.in', password: 'x' } });
  });

  it('keeps the first problem of each field, including a cross-field rule', () => {
    const result = validateForm({
      schema: changePasswordRequest,
      values: { currentPassword: '', password: 'short', confirmPassword: 'other' },
      fields: ['currentPassword', 'password', 'confirmPassword'],
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.currentPassword).toBe('Enter your current password');
    expect(result.errors.password).toBe('Use at least 8 characters');
    expect(hasFieldErrors(result.errors)).toBe(true);
  });

  it('reports a mismatched confirmation on the confirmation field', () => {
    const result = validateForm({
      schema: changePasswordRequest,
      values: { currentPassword: 'old', password: 'a long new password', confirmPassword: 'different one' },
      fields: ['currentPassword', 'password', 'confirmPassword'],
    });
    expect(result).toEqual({ ok: false, errors: { confirmPassword: 'Passwords do not match' } });
  });

  it('translates through the form’s translator', () => {
    const result = validateForm({
      schema: registerRequest,
      values: {},
      fields: ['termsAccepted'],
      translate: ({ field, code }) => `${field}:${code}`,
    });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(Object.keys(result.errors)).toEqual(['termsAccepted']);
  });
});

describe('a problem the form has no field for', () => {
  it('goes on the form’s first field, so the form does not submit what the contract refuses', () => {
    const result = validateForm({
      schema: loginRequest,
      values: { email: 'not an address', password: 'x' },
      fields: ['password'],
      translate: ({ field, code }) => `${field}:${code}`,
    });
    expect(result).toEqual({ ok: false, errors: { password: 'password:invalid_format' } });
  });
});

describe('the forms’ resolver (@mantine/form validate) over a contract schema', () => {
  it('has nothing to say about valid values', () => {
    const validate = contractResolver({ schema: loginRequest, fields: ['email', 'password'] });
    expect(validate({ email: 'asha@example.in', password: 'x' })).toEqual({});
  });

  it('puts each field’s first problem under it, in the form’s words', () => {
    const validate = contractResolver({
      schema: changePasswordRequest,
      fields: ['currentPassword', 'password', 'confirmPassword'],
      translate: ({ field, code }) => `${field}:${code}`,
    });
    expect(validate({ currentPassword: '', password: 'short', confirmPassword: 'short' })).toEqual({
      currentPassword: 'currentPassword:too_small',
      password: 'password:too_small',
    });
  });

  it('checks the request the values make, and adds what the contract cannot know', () => {
    type Values = { fullName: string; commissionExpiresOn: string };
    const validate = contractResolver<Values, keyof Values>({
      schema: notaryDetailsRequest,
      fields: ['fullName', 'commissionExpiresOn'],
      // An untouched empty field is left out of the request, so a half-filled form is valid.
      toRequest: (values) => (values.fullName ? { fullName: values.fullName } : {}),
      check: (values) =>
        values.commissionExpiresOn === '2000-01-01' ? { commissionExpiresOn: 'lapsed' } : {},
    });
    expect(validate({ fullName: '', commissionExpiresOn: '' })).toEqual({});
    expect(validate({ fullName: '', commissionExpiresOn: '2000-01-01' })).toEqual({
      commissionExpiresOn: 'lapsed',
    });
  });
});
