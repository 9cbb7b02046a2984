/**
 * The notary's certificate on the document itself: the act's wording, registration number, fee and receipt, the round
 * seal and the notary's signature, in one boxed block. An act is notarial only under the notary's signature and
 * official seal (Notaries Act 1952), so the block keeps them together with the wording they authenticate.
 *
 * Placement: at the bottom of the last page when its free band (see page-content.ts) is tall enough, otherwise at the
 * top of a page of the same size appended to the document (an annexure, titled so it reads as part of the document);
 * A4 when the last page is too small to hold the block. On pages narrower than about 400 pt the seal and signature go
 * below the wording instead of beside it.
 *
 * For a client who reads Hindi (decision 0065, as decision 0061 did for the certificate page) the headings, the
 * annexed page's title and the notary's caption are Hindi with the English beside or below them, and a Hindi line
 * says the English wording governs; the act's wording stays English (it is what the notary certifies).
 */

import { PageSizes, type PDFDocument, type PDFPage } from '@cantoo/pdf-lib';
import type { NotarialAct } from '@mohar/contracts';
import { formatInr } from '../payments/money.ts';
import { type ActWording, renderActWording } from './act-templates.ts';
import { COLOURS, drawTextLine, drawWrapped, embedFonts, type MoharFonts, measureWrapped } from './fonts.ts';
import { type Box, embedImageBytes, fitInBox } from './images.ts';
import { findBottomFreeBand } from './page-content.ts';
import { SEALING_RENDER_ERROR_CODES, SealingRenderError } from './render-errors.ts';

export type NotarialCertificateData = {
  act: NotarialAct;
  /** Executants / deponents / persons producing the original, as on their identity documents. */
  executants: string[];
  notary: { name: string; registrationNumber: string; areaOfPractice: string };
  /** The notary's station, printed in "Given under my hand and seal at …". */
  place: string;
  /** When the act was performed (printed as the IST date). */
  actAt: Date;
  fee: { chargedPaise: number; receiptSerial: string };
  /** The act's serial number in the notary's register (Form XV column 1), when already allotted. */
  registerSerial?: number | null;
  oath?: 'sworn' | 'affirmed';
  translation?: { from: string; to: string };
  /** The round seal, PNG or JPEG (transparent PNG from notaries/seal.ts `renderSealPng` looks best). */
  sealImage: Uint8Array;
  /** The notary's signature specimen, PNG or JPEG. */
  signatureImage: Uint8Array;
  /** Printed diameter of the seal; default 38 mm (the physical seal is 50 mm; 38 mm keeps the block compact). */
  sealSizeMm?: number;
  /** Named on the annexed page when the block does not fit on the last page. */
  documentTitle?: string | null;
  /** 'new-page' always annexes a page; default 'auto'. */
  placement?: 'auto' | 'new-page';
  /** The client's language: 'hi' adds the Hindi headings (the English stays and governs). Default 'en'. */
  headingLanguage?: 'en' | 'hi';
};

/** The block's fixed texts other than the act's wording, per reading language. */
const LABELS = {
  en: {
    annexedTo: (title: string) => `Notarial certificate annexed to “${title}”`,
    annexed: 'Notarial certificate',
    partOf: 'This page forms part of the notarised document.',
    notaryOf: (area: string) => `Notary, ${area}`,
    governs: null,
  },
  hi: {
    annexedTo: (title: string) =>
      `“${title}” से संलग्न नोटरी प्रमाणपत्र · Notarial certificate annexed to “${title}”`,
    annexed: 'नोटरी प्रमाणपत्र · Notarial certificate',
    partOf: 'यह पृष्ठ नोटरीकृत दस्तावेज़ का भाग है। · This page forms part of the notarised document.',
    notaryOf: (area: string) => `नोटरी · Notary, ${area}`,
    governs: 'प्रमाणपत्र का पाठ अंग्रेज़ी में है; अंग्रेज़ी पाठ ही मान्य है।',
  },
} as const;

export type NotarialCertificateResult = {
  /** 0-based index of the page the block is on. */
  pageIndex: number;
  isNewPage: boolean;
  /** The whole block, and the seal and signature inside it (PDF points, origin bottom-left). */
  box: Box;
  sealBox: Box;
  signatureBox: Box;
};

const MM = 72 / 25.4;
const PAGE_MARGIN = 36;
const CONTENT_GAP = 12;
const MAX_WIDTH = 540;
const PAD = 10;
const GUTTER = 14;
const HEADING = { size: 9.5, band: 20, lineStep: 12 };
/** The heading band holds one line, or the Hindi and the English heading one above the other. */
const bandHeight = (lines: number) => HEADING.band + (lines - 1) * HEADING.lineStep;
const BODY = { size: 9, lineHeight: 12, paragraphGap: 4 };
const META = { size: 8.5, lineHeight: 11.5 };
const SIGNATURE_HEIGHT = 40;
const NAME = { size: 9, lineHeight: 11.5 };
const NOTE = { size: 8, lineHeight: 10 };
const MIN_TEXT_WIDTH = 200;

function check(data: NotarialCertificateData) {
  const problems: string[] = [];
  if (data.executants.filter((n) => n.trim()).length === 0) problems.push('at least one executant is needed');
  if (!Number.isSafeInteger(data.fee.chargedPaise) || data.fee.chargedPaise < 0)
    problems.push('the fee must be a whole number of paise');
  if (!data.fee.receiptSerial.trim()) problems.push('the receipt serial is missing');
  if (!data.notary.name.trim() || !data.notary.registrationNumber.trim())
    problems.push("the notary's name and registration number are needed");
  if (data.sealSizeMm !== undefined && !(data.sealSizeMm >= 20 && data.sealSizeMm <= 50))
    problems.push('the seal size must be 20–50 mm');
  if (problems.length > 0) {
    throw new SealingRenderError({
      code: SEALING_RENDER_ERROR_CODES.dataInvalid,
      message: `Cannot draw the notarial certificate: ${problems.join('; ')}.`,
      details: { problems },
    });
  }
}

type BlockLayout = {
  blockWidth: number;
  blockHeight: number;
  sealSize: number;
  rightWidth: number;
  /** Narrow pages: seal and signature below the wording instead of beside it. */
  isStacked: boolean;
  textWidth: number;
};

function measureBlock(options: {
  fonts: MoharFonts;
  wording: ActWording;
  meta: string[];
  notary: NotarialCertificateData['notary'];
  notaryCaption: string;
  sealSizeMm: number | undefined;
  pageWidth: number;
}): BlockLayout {
  const { fonts } = options;
  const blockWidth = Math.min(options.pageWidth - 2 * PAGE_MARGIN, MAX_WIDTH);
  const sealSize = (options.sealSizeMm ?? 38) * MM;
  const rightWidth = Math.max(sealSize, 150);
  const inner = blockWidth - 2 * PAD;
  const isStacked = inner - rightWidth - GUTTER < MIN_TEXT_WIDTH;
  const textWidth = isStacked ? inner : inner - rightWidth - GUTTER;
  const height = (text: string, style: { size: number; lineHeight: number }) =>
    measureWrapped(text, { font: fonts.regular, width: textWidth, ...style }).height;
  const leftHeight =
    options.wording.paragraphs.reduce((sum, text) => sum + height(text, BODY) + BODY.paragraphGap, 0) +
    4 +
    options.meta.reduce((sum, text) => sum + height(text, META), 0);
  const nameLines = measureWrapped(options.notary.name, {
    font: fonts.bold,
    size: NAME.size,
    width: rightWidth,
    lineHeight: NAME.lineHeight,
    maxLines: 2,
  });
  const areaLines = measureWrapped(options.notaryCaption, {
    font: fonts.regular,
    size: NOTE.size,
    width: rightWidth,
    lineHeight: NOTE.lineHeight,
    maxLines: 2,
  });
  const rightHeight = sealSize + 4 + SIGNATURE_HEIGHT + 4 + nameLines.height + areaLines.height;
  const bodyHeight = isStacked ? leftHeight + 8 + rightHeight : Math.max(leftHeight, rightHeight);
  return {
    blockWidth,
    blockHeight: bandHeight(options.wording.heading.length) + 8 + bodyHeight + PAD,
    sealSize,
    rightWidth,
    isStacked,
    textWidth,
  };
}

/** Draws the notarial certificate block on the last page (or an annexed page) and says where it went. */
export async function addNotarialCertificate(
  pdfDoc: PDFDocument,
  data: NotarialCertificateData,
): Promise<NotarialCertificateResult> {
  check(data);
  if (pdfDoc.getPageCount() === 0) {
    throw new SealingRenderError({
      code: SEALING_RENDER_ERROR_CODES.dataInvalid,
      message: 'Cannot draw the notarial certificate: the document has no pages.',
    });
  }
  const fonts = await embedFonts(pdfDoc);
  const [seal, signature] = await Promise.all([
    embedImageBytes(pdfDoc, { bytes: data.sealImage, what: 'seal image' }),
    embedImageBytes(pdfDoc, { bytes: data.signatureImage, what: "notary's signature image" }),
  ]);

  const language = data.headingLanguage ?? 'en';
  const labels = LABELS[language];
  const notaryCaption = labels.notaryOf(data.notary.areaOfPractice);
  const wording = renderActWording({
    headingLanguage: language,
    act: data.act,
    executants: data.executants,
    notaryName: data.notary.name,
    registrationNumber: data.notary.registrationNumber,
    place: data.place,
    date: data.actAt,
    oath: data.oath,
    translation: data.translation,
  });
  const meta = [
    `Registration No. ${data.notary.registrationNumber}${data.registerSerial ? ` · Register serial No. ${data.registerSerial}` : ''}`,
    `Fee charged ${formatInr(data.fee.chargedPaise)} (receipt ${data.fee.receiptSerial})`,
    ...(labels.governs ? [labels.governs] : []),
  ];

  const lastIndex = pdfDoc.getPageCount() - 1;
  const lastPage = pdfDoc.getPage(lastIndex);
  const visible = lastPage.getCropBox();
  const measure = (pageWidth: number) =>
    measureBlock({
      fonts,
      wording,
      meta,
      notary: data.notary,
      notaryCaption,
      sealSizeMm: data.sealSizeMm,
      pageWidth,
    });

  let layout = measure(visible.width);
  const band =
    data.placement === 'new-page'
      ? null
      : findBottomFreeBand(lastPage, { margin: PAGE_MARGIN, gap: CONTENT_GAP });
  let page: PDFPage;
  let pageIndex: number;
  let top: number;
  let left: number;
  const isNewPage = !band || band.top - band.bottom < layout.blockHeight;
  if (!isNewPage) {
    page = lastPage;
    pageIndex = lastIndex;
    top = band.top;
    left = visible.x + PAGE_MARGIN;
  } else {
    // The annexed page is upright and as large as the last page looks (a rotated page's sides swap); a page too small
    // to hold the block (A6, a receipt) is annexed as A4 instead.
    const { width, height } = lastPage.getSize();
    let size: [number, number] = lastPage.getRotation().angle % 180 !== 0 ? [height, width] : [width, height];
    const title = data.documentTitle?.trim();
    const heading = title ? labels.annexedTo(title) : labels.annexed;
    const headingLines = language === 'hi' ? 4 : 3;
    const annexHeight = (blockWidth: number) =>
      measureWrapped(heading, {
        font: fonts.bold,
        size: 11,
        lineHeight: 14,
        width: blockWidth,
        maxLines: headingLines,
      }).height +
      measureWrapped(labels.partOf, { font: fonts.regular, size: 8.5, width: blockWidth }).height +
      10;
    layout = measure(size[0]);
    if (layout.blockHeight + annexHeight(layout.blockWidth) + 2 * PAGE_MARGIN > size[1]) {
      size = [...PageSizes.A4];
      layout = measure(size[0]);
    }
    page = pdfDoc.addPage(size);
    pageIndex = lastIndex + 1;
    left = PAGE_MARGIN;
    top = drawWrapped(page, heading, {
      x: left,
      y: page.getHeight() - PAGE_MARGIN,
      width: layout.blockWidth,
      size: 11,
      font: fonts.bold,
      color: COLOURS.ink,
      lineHeight: 14,
      maxLines: headingLines,
    });
    top = drawWrapped(page, labels.partOf, {
      x: left,
      y: top,
      width: layout.blockWidth,
      size: 8.5,
      font: fonts.regular,
      color: COLOURS.muted,
    });
    top -= 10;
  }
  const { blockWidth, blockHeight, sealSize, rightWidth, isStacked, textWidth } = layout;

  const box: Box = { x: left, y: top - blockHeight, width: blockWidth, height: blockHeight };
  page.drawRectangle({ ...box, color: COLOURS.white, borderColor: COLOURS.indigo, borderWidth: 0.8 });
  const headingBand = bandHeight(wording.heading.length);
  page.drawRectangle({
    x: box.x + 0.4,
    y: top - headingBand,
    width: box.width - 0.8,
    height: headingBand - 0.4,
    color: COLOURS.indigoTint,
  });
  for (const [index, line] of wording.heading.entries()) {
    drawTextLine(page, line, {
      x: box.x + PAD,
      y: top - HEADING.band + 6.5 - index * HEADING.lineStep,
      size: HEADING.size,
      font: fonts.bold,
      color: COLOURS.indigo,
    });
  }

  // Left: wording, then registration and fee.
  const bodyTop = top - headingBand - 8;
  let y = bodyTop;
  for (const text of wording.paragraphs) {
    y = drawWrapped(page, text, {
      x: box.x + PAD,
      y,
      width: textWidth,
      size: BODY.size,
      lineHeight: BODY.lineHeight,
      font: fonts.regular,
      color: COLOURS.ink,
    });
    y -= BODY.paragraphGap;
  }
  y -= 4;
  for (const text of meta) {
    y = drawWrapped(page, text, {
      x: box.x + PAD,
      y,
      width: textWidth,
      size: META.size,
      lineHeight: META.lineHeight,
      font: fonts.regular,
      color: COLOURS.ink,
    });
  }

  // Right (or below, on narrow pages): seal, signature, name.
  const rightX = isStacked ? box.x + (box.width - rightWidth) / 2 : box.x + box.width - PAD - rightWidth;
  let ry = isStacked ? y - 8 : bodyTop;
  const sealBox = fitInBox(seal, {
    x: rightX + (rightWidth - sealSize) / 2,
    y: ry - sealSize,
    width: sealSize,
    height: sealSize,
  });
  page.drawImage(seal, sealBox);
  ry -= sealSize + 4;
  const signatureBox = fitInBox(signature, {
    x: rightX,
    y: ry - SIGNATURE_HEIGHT,
    width: rightWidth,
    height: SIGNATURE_HEIGHT,
  });
  page.drawImage(signature, signatureBox);
  ry -= SIGNATURE_HEIGHT + 2;
  page.drawLine({
    start: { x: rightX + 10, y: ry },
    end: { x: rightX + rightWidth - 10, y: ry },
    thickness: 0.5,
    color: COLOURS.muted,
  });
  ry -= 2;
  ry = drawWrapped(page, data.notary.name, {
    x: rightX,
    y: ry,
    width: rightWidth,
    size: NAME.size,
    lineHeight: NAME.lineHeight,
    font: fonts.bold,
    color: COLOURS.ink,
    align: 'center',
    maxLines: 2,
  });
  drawWrapped(page, notaryCaption, {
    x: rightX,
    y: ry,
    width: rightWidth,
    size: NOTE.size,
    lineHeight: NOTE.lineHeight,
    font: fonts.regular,
    color: COLOURS.muted,
    align: 'center',
    maxLines: 2,
  });

  return { pageIndex, isNewPage, box, sealBox, signatureBox };
}
