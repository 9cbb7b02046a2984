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

describe("a signature's caption embeds only the faces its text needs", () => {
  /** The faces a saved document carries (pdf-lib names a subset `<PostScript name>-<number>`). */
  async function facesAfterCaption(caption: string) {
    const { embedTextFont, drawTextLine } = await import('./fonts.ts');
    const pdf = await PDFDocument.create();
    const page = pdf.addPage();
    drawTextLine(page, caption, { x: 20, y: 20, size: 8, font: await embedTextFont(pdf, caption) });
    const text = Buffer.from(await pdf.save({ useObjectStreams: false })).toString('latin1');
    return new Set([...text.matchAll(/\/BaseFont\s*\/([A-Za-z]+-[A-Za-z]+)-\d+/g)].map((m) => m[1]));
  }

  it('a Latin caption: Noto Sans alone (every face embedded is subset and written at each save)', async () => {
    expect(await facesAfterCaption('Signed by Asha Verma on 29/11/2026, 10:40 IST')).toEqual(
      new Set(['NotoSans-Regular']),
    );
  });

  it('a Devanagari name: Noto Sans Devanagari too, and still no bold face', async () => {
    expect(await facesAfterCaption('Signed by आशा वर्मा on 29/11/2026')).toEqual(
      new Set(['NotoSans-Regular', 'NotoSansDevanagari-Regular']),
    );
  });
});
