import { PDFDocument } from '@cantoo/pdf-lib';
import { describe, expect, it } from 'vitest';
import { embedFonts } from './fonts.ts';

describe('Hindi in a sealed document', () => {
  // Checked by width because no Hindi OCR is installed: shaped text is exactly as wide as the glyphs a reader sees.
  it('is shaped, not drawn letter by letter: र् before a consonant is a reph and क्ष is one conjunct', async () => {
    const { devanagari } = await embedFonts(await PDFDocument.create());
    const width = (text: string) => devanagari.widthOfTextAtSize(text, 12);

    // The reph sits above the consonant and takes no room; letter by letter, र and ् would each add their own.
    expect(width('र्म')).toBe(width('म'));
    expect(width('क्ष')).toBeLessThan(width('क') + width('्') + width('ष'));
  });
});
