import type { PDFDocument } from '@cantoo/pdf-lib';
import { COLOURS, drawTextLine, embedTextFont } from '../sealing/fonts.ts';
import { embedImageBytes, fitInBox } from '../sealing/images.ts';

/** One slot per signatory in the bottom margin, from the right edge leftwards, so six never overlap. */
const SLOT = { width: 52, height: 18, gap: 6, right: 20, bottom: 14 };

/** "Asha K. Verma" → "AKV" (the letters printed under the mini signature). */
export function initialsOf(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .map((word) => Array.from(word.replace(/[^\p{L}]/gu, ''))[0] ?? '')
    .join('')
    .toUpperCase();
}

/**
 * Initials on every page (an option per application): a small copy of the signature with the signer's initials
 * under it, in the bottom margin of each page of the uploaded document (not on an appended signature page).
 * `slot` is the signatory's place in the owner's list, fixed whatever the signing order.
 */
export async function stampInitials(
  pdf: PDFDocument,
  options: { png: Uint8Array; name: string; slot: number; pageCount: number },
) {
  const image = await embedImageBytes(pdf, { bytes: options.png, what: 'signature image' });
  const letters = initialsOf(options.name);
  const font = await embedTextFont(pdf, letters);
  for (let index = 0; index < options.pageCount; index++) {
    const page = pdf.getPage(index);
    const crop = page.getCropBox();
    const box = {
      x: crop.x + crop.width - SLOT.right - (options.slot + 1) * SLOT.width - options.slot * SLOT.gap,
      y: crop.y + SLOT.bottom,
      width: SLOT.width,
      height: SLOT.height,
    };
    if (box.x < crop.x) continue;
    page.drawImage(image, fitInBox(image, box));
    drawTextLine(page, letters, {
      x: box.x,
      y: box.y - 7,
      width: box.width,
      align: 'center',
      size: 5.5,
      font,
      color: COLOURS.muted,
    });
  }
}
