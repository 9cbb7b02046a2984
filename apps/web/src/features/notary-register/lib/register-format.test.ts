import { describe, expect, it } from 'vitest';
import { formatCalendarDate, formatInr } from '@/lib/format';
import {
  isRangeReversed,
  notarialActKey,
  registerExportUrl,
  registerQueryString,
  registerStateOf,
} from './register-format';

describe('the register screen', () => {
  it('dates are DD/MM/YYYY and fees are rupees with Indian grouping', () => {
    expect(formatCalendarDate('2025-03-05')).toBe('05/03/2025');
    expect(formatInr(125_050)).toBe('₹1,250.50');
    expect(formatInr(1_00_000_00)).toBe('₹1,00,000.00');
  });

  it('exports carry the current date filters, and nothing else', () => {
    expect(registerExportUrl({ format: 'csv', filters: {} })).toBe('/api/v1/notary/register/export.csv');
    expect(registerExportUrl({ format: 'pdf', filters: { from: '2025-01-01', to: '2025-03-31' } })).toBe(
      '/api/v1/notary/register/export.pdf?from=2025-01-01&to=2025-03-31',
    );
  });

  it('the first page is the default and is left out of the query', () => {
    expect(registerQueryString({ page: 1 })).toBe('');
    expect(registerQueryString({ to: '2025-02-01', page: 3 })).toBe('?to=2025-02-01&page=3');
  });

  it('reads filters and page from the address bar, ignoring malformed values', () => {
    expect(registerStateOf(new URLSearchParams('from=2025-01-01&page=2'))).toEqual({
      from: '2025-01-01',
      page: 2,
    });
    expect(registerStateOf(new URLSearchParams('from=yesterday&to=2025-13&page=-4'))).toEqual({ page: 1 });
  });

  it('names the notarial acts it knows; any other is shown as stored', () => {
    expect(notarialActKey('affidavit_oath')).toBe('acts.affidavit_oath');
    expect(notarialActKey('Protest of a bill')).toBeNull();
  });

  it('a range that ends before it starts is caught', () => {
    expect(isRangeReversed({ from: '2025-03-01', to: '2025-02-01' })).toBe(true);
    expect(isRangeReversed({ from: '2025-03-01', to: '2025-03-01' })).toBe(false);
    expect(isRangeReversed({ from: '2025-03-01' })).toBe(false);
  });
});
