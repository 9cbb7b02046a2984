import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { decodePDFRawStream, PageSizes, PDFArray, PDFDocument, PDFRawStream } from '@cantoo/pdf-lib';
import { describe, expect, it } from 'vitest';
import { amountInWords, formatRupees, type InvoiceData, renderInvoicePdf, splitGst } from './invoice-pdf.ts';

const sample: InvoiceData = {
  serial: 'MOH/2026-27/000123',
  issuedAt: new Date('2026-03-31T18:45:00Z'), // 1 April 2026, 00:15 IST
  seller: {
    name: 'Mohar Digital Services Private Limited',
    address: '4th Floor, Example House, 12 MG Road, Bengaluru 560001, Karnataka',
    gstin: '29ABCDE1234F1Z5',
    state: 'Karnataka',
    stateCode: '29',
  },
  buyer: { name: 'Asha Verma (आशा वर्मा)', email: 'asha@example.com' },
  application: { id: '0b7e4c1a-3a52-4d9b-9d0e-2f4b1f6a9c11', title: 'Rental agreement — flat 4B' },
  lines: [
    { code: 'platform_fee', label: 'Platform fee', amountPaise: 49_900 },
    { code: 'gst', label: 'GST 18% on the platform fee', amountPaise: 8_982 },
    { code: 'notarial_fee', label: 'Notarial fee (affidavit / oath)', amountPaise: 16_000 },
  ],
  totalPaise: 74_882,
  paidFrom: { walletPaise: 10_000, gatewayPaise: 64_882, gatewayPaymentId: 'pay_Q1w2E3r4T5y6U7' },
  gstRatePercent: 18,
  sac: '998399',
};

/**
 * The text drawn on page 1. pdf-lib always deflates content streams and draws standard-font text as hex strings
 * (`<48656C6C6F> Tj`, one per drawn line), so: inflate each content stream and decode those strings as WinAnsi.
 */
async function pageText(bytes: Uint8Array): Promise<string> {
  const pdf = await PDFDocument.load(bytes);
  const contents = pdf.getPage(0).node.Contents();
  const streams =
    contents instanceof PDFArray ? contents.asArray().map((ref) => pdf.context.lookup(ref)) : [contents];
  const drawn: string[] = [];
  for (const stream of streams) {
    if (!(stream instanceof PDFRawStream)) throw new Error('unexpected content stream');
    const operators = Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1');
    for (const match of operators.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)) {
      drawn.push(Buffer.from(match[1]!, 'hex').toString('latin1'));
    }
  }
  return drawn.join('\n');
}

describe('the invoice PDF', () => {
  it('is one A4 page with the invoice number as its title and the issue time as its creation date', async () => {
    const pdf = await PDFDocument.load(await renderInvoicePdf(sample), { updateMetadata: false });
    expect(pdf.getPageCount()).toBe(1);
    const { width, height } = pdf.getPage(0).getSize();
    expect([width, height]).toEqual(PageSizes.A4);
    expect(pdf.getTitle()).toBe('Tax invoice MOH/2026-27/000123');
    expect(pdf.getAuthor()).toBe(sample.seller.name);
    expect(pdf.getCreationDate()?.toISOString()).toBe('2026-03-31T18:45:00.000Z');
  });

  it('shows the seller, the invoice number and IST date, place of supply, buyer and application', async () => {
    const text = await pageText(await renderInvoicePdf(sample));
    expect(text).toContain('Tax Invoice');
    expect(text).toContain('GSTIN: 29ABCDE1234F1Z5');
    expect(text).toContain('State: Karnataka (code 29)');
    expect(text).toContain('MOH/2026-27/000123');
    expect(text).toContain('01/04/2026'); // 31 March in UTC, already 1 April in IST
    expect(text).toMatch(/Place of supply\nKarnataka \(29\)/);
    expect(text).toContain('asha@example.com');
    expect(text).toContain('Ref. 0b7e4c1a-3a52-4d9b-9d0e-2f4b1f6a9c11');
  });

  it('splits the GST into CGST and SGST at half the rate each, and keeps the notarial fee out of the taxable value', async () => {
    const text = await pageText(await renderInvoicePdf(sample));
    expect(text).toContain('998399');
    expect(text).toMatch(/Taxable value\nRs\. 499\.00/);
    expect(text).toMatch(/CGST @ 9%\nRs\. 44\.91/);
    expect(text).toMatch(/SGST @ 9%\nRs\. 44\.91/);
    expect(text.replace(/\n/g, ' ')).toContain(
      'Notarial fee (statutory fee collected for the notary; not a taxable supply of Mohar)',
    );
    expect(text).toContain('Rs. 160.00');
  });

  it('prints the total in figures and in Indian-style words, and how it was paid', async () => {
    const text = await pageText(await renderInvoicePdf(sample));
    expect(text).toMatch(/Total\nRs\. 748\.82/);
    expect(text).toContain('Rupees Seven Hundred Forty-Eight and Eighty-Two Paise Only');
    expect(text).toMatch(/Paid from your Mohar wallet\nRs\. 100\.00/);
    expect(text).toMatch(/payment ID pay_Q1w2E3r4T5y6U7\)\nRs\. 648\.82/);
  });

  it('shows extra signatories with the notarial fees, outside the taxable value (GST is on the platform fee only)', async () => {
    const text = await pageText(
      await renderInvoicePdf({
        ...sample,
        lines: [
          { code: 'platform_fee', label: 'Platform fee', amountPaise: 49_900 },
          { code: 'gst', label: 'GST', amountPaise: 8_982 },
          { code: 'notarial_fee', label: 'Notarial fee', amountPaise: 16_000 },
          {
            code: 'extra_signatories',
            label: 'Extra signatories (1 beyond the 2 included)',
            amountPaise: 9_900,
          },
        ],
        totalPaise: 84_782,
        paidFrom: { walletPaise: 84_782, gatewayPaise: 0, gatewayPaymentId: null },
      }),
    );
    expect(text).toMatch(
      /Extra signatories \(1 beyond the 2 included\) \(collected for the notary\)\nRs\. 99\.00/,
    );
    expect(text).toMatch(/Taxable value\nRs\. 499\.00/);
    expect(text).toMatch(/CGST @ 9%\nRs\. 44\.91/);
    expect(text).toMatch(/SGST @ 9%\nRs\. 44\.91/);
    expect(text).not.toContain('payment gateway');
  });

  it('draws text the standard fonts cannot show as "?", and truncates a long title', async () => {
    const text = await pageText(
      await renderInvoicePdf({
        ...sample,
        application: { id: 'a1', title: `शपथ पत्र ${'Very long title '.repeat(30)}` },
      }),
    );
    expect(text).toContain('Asha Verma (??? ?????)');
    const titleLines = text.split('\n').filter((line) => line.includes('Very long title'));
    expect(titleLines).toHaveLength(2);
    expect(titleLines[0]!.startsWith('??? ???? Very long title')).toBe(true);
    expect(titleLines[1]!.endsWith('...')).toBe(true);
  });

  it('shows a notice banner when given one (sandbox payments)', async () => {
    const notice = 'Sandbox payment: not a valid tax invoice';
    expect(await pageText(await renderInvoicePdf({ ...sample, notice }))).toContain(notice);
    expect(await pageText(await renderInvoicePdf(sample))).not.toContain('Sandbox');
  });

  it('is byte-for-byte the same for the same data', async () => {
    expect(
      Buffer.from(await renderInvoicePdf(sample)).equals(Buffer.from(await renderInvoicePdf(sample))),
    ).toBe(true);
  });

  it('refuses lines that do not add up to the total, or payment parts that do not', async () => {
    await expect(renderInvoicePdf({ ...sample, totalPaise: 74_883 })).rejects.toThrow(/add up/);
    await expect(
      renderInvoicePdf({
        ...sample,
        paidFrom: { walletPaise: 0, gatewayPaise: 100, gatewayPaymentId: null },
      }),
    ).rejects.toThrow(/add up/);
    await expect(
      renderInvoicePdf({
        ...sample,
        lines: [...sample.lines, { code: 'tip', label: 'Tip', amountPaise: 0 }],
      }),
    ).rejects.toThrow(/Unknown fee line "tip"/);
  });
});

describe('amounts', () => {
  it('are written in words the Indian way, with lakh and crore', () => {
    expect(amountInWords(74_882)).toBe('Rupees Seven Hundred Forty-Eight and Eighty-Two Paise Only');
    expect(amountInWords(50_000)).toBe('Rupees Five Hundred Only');
    expect(amountInWords(10_100)).toBe('Rupees One Hundred One Only');
    expect(amountInWords(1_234_567_89)).toBe(
      'Rupees Twelve Lakh Thirty-Four Thousand Five Hundred Sixty-Seven and Eighty-Nine Paise Only',
    );
    expect(amountInWords(2_00_00_000_00)).toBe('Rupees Two Crore Only');
    expect(amountInWords(1_50_00_00_000_00)).toBe('Rupees One Hundred Fifty Crore Only');
    expect(amountInWords(5)).toBe('Rupees Zero and Five Paise Only');
    expect(amountInWords(0)).toBe('Rupees Zero Only');
    expect(() => amountInWords(1.5)).toThrow();
    expect(() => amountInWords(-1)).toThrow();
  });

  it('are printed as Rs. with Indian digit grouping', () => {
    expect(formatRupees(74_882)).toBe('Rs. 748.82');
    expect(formatRupees(123_456)).toBe('Rs. 1,234.56');
    expect(formatRupees(1_234_567_89)).toBe('Rs. 12,34,567.89');
    expect(formatRupees(1_00_00_000_05)).toBe('Rs. 1,00,00,000.05');
    expect(formatRupees(7)).toBe('Rs. 0.07');
  });

  it('split GST into CGST and SGST that add up exactly, the odd paisa going to SGST', () => {
    expect(splitGst(8_982)).toEqual({ cgst: 4_491, sgst: 4_491 });
    expect(splitGst(10_765)).toEqual({ cgst: 5_382, sgst: 5_383 });
    expect(splitGst(1)).toEqual({ cgst: 0, sgst: 1 });
    expect(splitGst(0)).toEqual({ cgst: 0, sgst: 0 });
    expect(() => splitGst(-2)).toThrow();
  });

  it('for a Hindi-speaking payer has Hindi fixed text, drawn in Devanagari, and the same figures', async () => {
    // pdftotext (Debian's poppler-utils) reads the text back as a PDF reader would, through the fonts' ToUnicode maps.
    const dir = await mkdtemp(path.join(tmpdir(), 'mohar-invoice-'));
    try {
      const file = path.join(dir, 'invoice.pdf');
      await writeFile(file, await renderInvoicePdf({ ...sample, language: 'hi' }));
      const { stdout } = await promisify(execFile)('pdftotext', ['-layout', file, '-']);
      // Words without a pre-base vowel sign or reph: poppler gives those back in the order the glyphs are drawn.
      for (const words of ['बीजक', 'आपके मोहर वॉलेट से भुगतान', 'कुल', 'Rs. 748.82', 'MOH/2026-27/000123'])
        expect(stdout, words).toContain(words);
      expect(stdout).not.toContain('BILLED TO');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
