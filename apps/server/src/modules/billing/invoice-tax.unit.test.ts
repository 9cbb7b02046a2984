import { describe, expect, it } from 'vitest';
import { formatInvoiceNumber, invoiceAmounts } from './invoice-tax.ts';
import { istMonthOf, istMonthStart, nextMonth, previousMonthOf } from './months.ts';

const plan = { name: 'Business', monthlyPaise: 99_999, includedNotarisations: 10, overagePaise: 4_950 };

describe('a month’s invoice amounts', () => {
  it('within the seller’s state: CGST 9% and SGST 9%, each rounded to the paisa with halves up', () => {
    // ₹999.99 + 2 × ₹49.50 = ₹1,098.99; 9% = ₹98.9091 → ₹98.91 each.
    const amounts = invoiceAmounts({ plan, used: 12, buyerState: '07', sellerState: '07' });
    expect(amounts).toMatchObject({
      taxablePaise: 109_899,
      cgstPaise: 9_891,
      sgstPaise: 9_891,
      igstPaise: 0,
      totalPaise: 109_899 + 2 * 9_891,
      supply: 'intra_state',
    });
    expect(amounts.lines.map((line) => [line.code, line.quantity, line.amountPaise])).toEqual([
      ['plan', 1, 99_999],
      ['usage', 2, 9_900],
    ]);
  });

  it('across states: IGST 18%; usage within the plan adds no line', () => {
    // 18% of ₹999.99 = ₹179.9982 → ₹180.00.
    const amounts = invoiceAmounts({ plan, used: 10, buyerState: '27', sellerState: '07' });
    expect(amounts).toMatchObject({ taxablePaise: 99_999, cgstPaise: 0, sgstPaise: 0, igstPaise: 18_000 });
    expect(amounts.supply).toBe('inter_state');
    expect(amounts.lines).toHaveLength(1);
  });

  it('numbers invoices in their own series per financial year', () => {
    expect(formatInvoiceNumber('2026-27', 12)).toBe('MOH/ORG/2026-27/000012');
  });
});

describe('IST months', () => {
  it('a month begins at midnight IST and the run invoices the month before', () => {
    expect(istMonthStart('2026-12').toISOString()).toBe('2026-11-30T18:30:00.000Z');
    expect(istMonthOf(new Date('2026-11-30T18:29:59Z'))).toBe('2026-11');
    expect(istMonthOf(new Date('2026-11-30T18:30:00Z'))).toBe('2026-12');
    expect(previousMonthOf(new Date('2027-01-01T00:00:00Z'))).toBe('2026-12');
    expect(nextMonth('2026-12')).toBe('2027-01');
  });
});
