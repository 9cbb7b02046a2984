import { describe, expect, it } from 'vitest';
import { parseCsv, readSignatoriesCsv, templateCsv } from './bulk-csv.ts';

const TODAY = '2026-11-29';
const HEADER = 'Reference,Title,Signatory Name,Email,Mobile,Date of Birth';

describe('reading the signatories CSV', () => {
  it('keeps quoted commas, doubled quotes and line breaks inside a cell, and numbers rows as a spreadsheet does', () => {
    const rows = parseCsv('\uFEFFa,b\r\n"x, y","say ""hi""\nthere"\r\n\r\nlast,row');
    expect(rows).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 2, cells: ['x, y', 'say "hi"\nthere'] },
      { line: 5, cells: ['last', 'row'] },
    ]);
  });

  it('reads headers in any case and spacing, Indian dates, a spreadsheet text marker, and an empty role as executant', () => {
    const { drafts, issues } = readSignatoriesCsv(
      `${HEADER}\nR-1,Affidavit,Asha Rao,Asha@Example.in,'+91 98765 43210,05/07/1991`,
      TODAY,
    );
    expect(issues).toEqual([]);
    expect(drafts).toEqual([
      {
        reference: 'R-1',
        title: 'Affidavit',
        rows: [2],
        signatories: [
          {
            fullName: 'Asha Rao',
            email: 'asha@example.in',
            // A mobile number, stored as +91 and its ten digits.
            mobile: '+91 98765 43210'.replaceAll(' ', ''),
            dateOfBirth: '1991-07-05',
            role: 'executant',
          },
        ],
      },
    ]);
  });

  it('refuses a seventh signatory and a repeated e-mail within one application', () => {
    const rows = Array.from(
      { length: 7 },
      (_, i) => `R-1,Affidavit,Person ${i},p${i % 6}@example.in,9876543210,1990-01-01`,
    );
    const { drafts, issues } = readSignatoriesCsv([HEADER, ...rows].join('\n'), TODAY);
    expect(drafts).toEqual([]);
    expect(issues.map((i) => [i.row, i.column, i.reason])).toEqual([
      [8, 'email', 'duplicate_email'],
      [8, 'reference', 'too_many_signatories'],
    ]);
  });

  it('the template it offers reads back without a problem', () => {
    const { drafts, issues } = readSignatoriesCsv(templateCsv(), TODAY);
    expect(issues).toEqual([]);
    expect(drafts.map((d) => [d.reference, d.signatories.length])).toEqual([
      ['LOAN-0001', 2],
      ['LOAN-0002', 1],
    ]);
  });
});
