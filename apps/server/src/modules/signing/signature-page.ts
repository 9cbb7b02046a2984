import type { SignaturePlacement } from '@mohar/contracts';
import { type PDFDocument, rgb, StandardFonts } from 'pdf-lib';

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 56;
const BOX_HEIGHT = 90;
const GAP = 28;

/**
 * Without placements from the owner, every signatory signs in a labelled box on one page appended after the
 * document (a PDF's own last page may have no free space, and we cannot tell reliably). The page is added by the
 * first signature; the boxes depend only on the number of signatories, so every later signature finds its box.
 */
export function defaultPlacements(options: {
  originalPageCount: number;
  signatories: number;
}): SignaturePlacement[] {
  const width = (A4[0] - 2 * MARGIN - GAP) / 2;
  return Array.from({ length: options.signatories }, (_, index) => ({
    page: options.originalPageCount,
    x: MARGIN + (index % 2) * (width + GAP),
    y: A4[1] - 170 - Math.floor(index / 2) * (BOX_HEIGHT + 60),
    width,
    height: BOX_HEIGHT,
  }));
}

/** Adds the signature page (title and one labelled box per signatory) if the document does not have it yet. */
export async function ensureSignaturePage(
  pdf: PDFDocument,
  options: { originalPageCount: number; names: string[]; title: string },
) {
  if (pdf.getPageCount() > options.originalPageCount) return;
  const page = pdf.addPage(A4);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  page.drawText('Signatures', { x: MARGIN, y: A4[1] - 90, size: 18, font: bold });
  page.drawText(ascii(`For: ${options.title}`), { x: MARGIN, y: A4[1] - 112, size: 10, font: regular });
  const boxes = defaultPlacements({
    originalPageCount: options.originalPageCount,
    signatories: options.names.length,
  });
  boxes.forEach((box, index) => {
    page.drawRectangle({
      x: box.x,
      y: box.y,
      width: box.width,
      height: box.height,
      borderColor: rgb(0.75, 0.75, 0.78),
      borderWidth: 0.75,
    });
    page.drawText(ascii(options.names[index] ?? ''), { x: box.x, y: box.y - 14, size: 10, font: regular });
  });
}

/** Helvetica (WinAnsi) cannot draw every character; names with others are shown transliterated by the caller. */
function ascii(text: string): string {
  return text.replace(/[^\x20-\x7E]/g, '?');
}

/** A signature image fitted into each of its boxes (aspect kept), with a small caption under the box. */
export async function drawSignature(
  pdf: PDFDocument,
  options: { png: Uint8Array; placements: SignaturePlacement[]; caption: string },
) {
  const image = await pdf.embedPng(options.png);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (const box of options.placements) {
    const page = pdf.getPage(box.page);
    const { width, height } = page.getSize();
    if (box.x + box.width > width + 0.5 || box.y + box.height > height + 0.5)
      throw new Error(`A signature box lies outside page ${box.page + 1}.`);
    const scale = Math.min(box.width / image.width, box.height / image.height);
    const w = image.width * scale;
    const h = image.height * scale;
    page.drawImage(image, {
      x: box.x + (box.width - w) / 2,
      y: box.y + (box.height - h) / 2,
      width: w,
      height: h,
    });
    page.drawText(ascii(options.caption), {
      x: box.x,
      y: box.y - 26,
      size: 7,
      font,
      color: rgb(0.35, 0.35, 0.4),
    });
  }
}
