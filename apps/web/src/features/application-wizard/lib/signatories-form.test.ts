import { describe, expect, it } from 'vitest';
import {
  emptyRow,
  hasEmail,
  hasRowErrors,
  localMobileOf,
  rowOfUser,
  type SignatoryRow,
  serverSignatoryErrorsOf,
  validateSignatories,
  visibleRowErrors,
} from './signatories-form';

const today = '2025-06-15';
const messages = {
  duplicateEmail: 'Each signatory needs their own e-mail address',
  underAge: 'Each signatory must be 18 or older',
};
const asha: SignatoryRow = {
  key: 'a',
  fullName: 'Asha Rao',
  email: 'Asha@Example.com ',
  mobile: '98765 43210',
  dateOfBirth: '1990-04-01',
  role: 'executant',
};
const ravi: SignatoryRow = {
  ...asha,
  key: 'b',
  fullName: 'Ravi Rao',
  email: 'ravi@example.com',
  role: 'witness',
};

describe('the signatories list', () => {
  it('a valid list becomes the request body, normalised as the server stores it', () => {
    const result = validateSignatories({ rows: [asha, ravi], today, messages });
    expect(result.errors).toEqual([{}, {}]);
    expect(result.signatories).toEqual([
      {
        fullName: 'Asha Rao',
        email: 'asha@example.com',
        mobile: `+91${'9876543210'}`,
        dateOfBirth: '1990-04-01',
        role: 'executant',
      },
      {
        fullName: 'Ravi Rao',
        email: 'ravi@example.com',
        mobile: `+91${'9876543210'}`,
        dateOfBirth: '1990-04-01',
        role: 'witness',
      },
    ]);
  });

  it('each row is checked with the contract, field by field', () => {
    const result = validateSignatories({ rows: [{ ...emptyRow('x'), mobile: '12345' }], today, messages });
    expect(result.signatories).toBeNull();
    expect(Object.keys(result.errors[0] ?? {}).sort()).toEqual([
      'dateOfBirth',
      'email',
      'fullName',
      'mobile',
    ]);
    expect(result.errors[0]?.mobile).toBe('Enter a 10-digit Indian mobile number');
  });

  it('two signatories cannot share an e-mail address (case and spaces aside)', () => {
    const result = validateSignatories({
      rows: [asha, { ...ravi, email: 'asha@example.com' }],
      today,
      messages,
    });
    expect(result.signatories).toBeNull();
    expect(result.errors).toEqual([{}, { email: messages.duplicateEmail }]);
  });

  it('a signatory under 18 today is refused; the 18th birthday itself counts', () => {
    const minor = { ...ravi, dateOfBirth: '2007-06-16' };
    expect(validateSignatories({ rows: [asha, minor], today, messages }).errors[1]).toEqual({
      dateOfBirth: messages.underAge,
    });
    const adultToday = { ...ravi, dateOfBirth: '2007-06-15' };
    expect(validateSignatories({ rows: [asha, adultToday], today, messages }).signatories).not.toBeNull();
  });

  it('an empty list is not saved', () => {
    expect(validateSignatories({ rows: [], today, messages }).signatories).toBeNull();
  });
});

describe('server reasons on the right field', () => {
  it('reads both the service’s and the request validator’s paths', () => {
    const result = serverSignatoryErrorsOf(
      [
        { path: 'signatories.1.dateOfBirth', message: 'Ravi Rao must be 18 or older to sign.' },
        { path: 'body.signatories.0.email', message: 'Enter a valid e-mail address' },
        { path: 'signatories', message: 'Add between 1 and 6 signatories.' },
      ],
      2,
    );
    expect(result.rows).toEqual([
      { email: 'Enter a valid e-mail address' },
      { dateOfBirth: 'Ravi Rao must be 18 or older to sign.' },
    ]);
    expect(result.list).toBe('Add between 1 and 6 signatories.');
  });

  it('ignores details that are not field issues', () => {
    expect(serverSignatoryErrorsOf({ missing: [] }, 1)).toEqual({ rows: [{}], list: null });
  });
});

describe('what the form shows', () => {
  it('only touched fields until the step is checked', () => {
    const errors = [{ fullName: 'Enter the full name', email: 'Enter a valid e-mail address' }];
    expect(visibleRowErrors({ errors, touched: [{ email: true }], showAll: false })).toEqual([
      { email: 'Enter a valid e-mail address' },
    ]);
    expect(visibleRowErrors({ errors, touched: [], showAll: true })).toEqual(errors);
    expect(hasRowErrors([{}, {}])).toBe(false);
  });

  it('"Add myself" takes the account’s details and the 10 digits after +91', () => {
    const row = rowOfUser({
      user: { name: 'Asha Rao', email: 'asha@example.com', mobile: `+91${'9876543210'}` },
      key: 'k',
    });
    expect(row).toEqual({
      key: 'k',
      fullName: 'Asha Rao',
      email: 'asha@example.com',
      mobile: '9876543210',
      dateOfBirth: '',
      role: 'executant',
    });
    expect(localMobileOf('9876543210')).toBe('9876543210');
    expect(hasEmail([row], ' ASHA@example.com')).toBe(true);
    expect(hasEmail([row], '')).toBe(false);
  });
});
