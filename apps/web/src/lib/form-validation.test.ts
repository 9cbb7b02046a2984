import { changePasswordRequest, loginRequest, registerRequest } from '@mohar/contracts';
import { describe, expect, it } from 'vitest';
import { hasFieldErrors, validateForm } from './form-validation';

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
