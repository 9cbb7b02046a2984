// @vitest-environment happy-dom
import type { FeeBreakdown } from '@mohar/contracts';
import { describe, expect, it } from 'vitest';
import { mountTranslated } from '@/lib/testing/mount';
import enApplications from '@/locales/en/applications.json';
import hiApplications from '@/locales/hi/applications.json';
import { FeeBreakdownTable } from './fee-breakdown';

/** As the server sends it: English labels, and what the words name. */
const fee: FeeBreakdown = {
  currency: 'INR',
  isFinal: true,
  totalPaise: 29_900 + 5_382 + 20_000 + 9_900,
  lines: [
    { code: 'platform_fee', label: 'Platform fee', amountPaise: 29_900 },
    { code: 'gst', label: 'GST 18% on the platform fee', amountPaise: 5_382, params: { rate: 18 } },
    {
      code: 'notarial_fee',
      label: 'Notarial fee (affidavit / oath)',
      amountPaise: 20_000,
      params: { act: 'affidavit_oath' },
    },
    {
      code: 'extra_signatories',
      label: 'Extra signatories (1 beyond the 2 included)',
      amountPaise: 9_900,
      params: { extra: 1, included: 2 },
    },
  ],
};

const rowsIn = async (language: 'en' | 'hi', shown: FeeBreakdown) => {
  const { container } = await mountTranslated(<FeeBreakdownTable fee={shown} />, {
    language,
    resources: { en: { applications: enApplications }, hi: { applications: hiApplications } },
  });
  return [...container.querySelectorAll('tbody th')].map((cell) => cell.textContent);
};

describe('the fee table', () => {
  it('words each line in the reader’s language from its code, not the server’s English label', async () => {
    expect(await rowsIn('en', fee)).toEqual(fee.lines.map((line) => line.label));
    expect(await rowsIn('hi', fee)).toEqual([
      'प्लेटफ़ॉर्म शुल्क',
      'प्लेटफ़ॉर्म शुल्क पर 18% GST',
      'नोटरी शुल्क (शपथ पत्र / शपथ)',
      'अतिरिक्त हस्ताक्षरकर्ता (शामिल 2 के अलावा 1)',
    ]);
  });

  it('keeps the server’s words where a fee fixed before them names what it cannot say', async () => {
    const older = { ...fee, lines: fee.lines.map(({ params: _, ...line }) => line) };
    const rows = await rowsIn('hi', older);
    expect(rows[0]).toBe('प्लेटफ़ॉर्म शुल्क');
    expect(rows.slice(1)).toEqual(older.lines.slice(1).map((line) => line.label));
  });
});
