/**
 * Signatories' signature images on the document, each in a box with a small caption under it.
 *
 * Default placement rule (`defaultPlacements`): one block holding a slot for every signatory, in rows of as many
 * slots as fit the page width (three on A4), in signing order.
 * - When the last page has a free band at the bottom (below its last content, or between the body and a footer; see
 *   page-content.ts) tall enough for the whole block, the block goes at the top of that band, under the content.
 * - Otherwise one page of the same size, headed "Signatures", is appended and the block goes at its top.
 * The decision is taken once per document for all signatories (later calls return the same slots), so plan before
 * stamping anything: a stamped signature would otherwise count as content on the last page.
 */
import type { PDFDocument, PDFPage } from '@cantoo/pdf-lib';
import { COLOURS, drawTextLine, drawWrapped, embedFonts, embedTextFont, measureWrapped } from './fonts.ts';
import { formatIstMinute } from './format.ts';
import { embedImageBytes, fitInBox } from './images.ts';
import { findBottomFreeBand } from './page-content.ts';
import { SEALING_RENDER_ERROR_CODES, SealingRenderError } from './render-errors.ts';

export type SignaturePlacement = {
  /** 0-based page index. */
  page: number;
  /** PDF points, origin bottom-left of the page's visible area (its CropBox coordinates). */
  x: number;
  y: number;
  width: number;
  height: number;
};

export type StampSignatureOptions = {
  /** The signature image: PNG (transparent is best) or JPEG. */
  png: Uint8Array;
  placements: SignaturePlacement[];
  /** Printed under each box, e.g. "Signed by Asha Verma, 23 Nov 2026 14:05 IST" (see `signatureCaption`). */
  caption?: string;
};

const CAPTION = { size: 7, lineHeight: 8.5, maxLines: 2, gap: 2 };
/** Tolerance for boxes computed in floating point right at the page edge. */
const EPSILON = 0.01;

/** "Signed by Asha Verma, 23 Nov 2026 14:05 IST". */
export function signatureCaption(options: { name: string; signedAt: Date }): string {
  return `Signed by ${options.name.trim()}, ${formatIstMinute(options.signedAt)}`;
}

function placementError(message: string, details: unknown): SealingRenderError {
  return new SealingRenderError({ code: SEALING_RENDER_ERROR_CODES.placementInvalid, message, details });
}

function checkPlacements(pdfDoc: PDFDocument, placements: SignaturePlacement[]) {
  if (placements.length === 0)
    throw placementError('A signature needs at least one placement.', { placements });
  const pageCount = pdfDoc.getPageCount();
  placements.forEach((placement, index) => {
    const { page, x, y, width, height } = placement;
    if (!Number.isInteger(page) || page < 0 || page >= pageCount) {
      throw placementError(
        `Signature placement ${index + 1} is on page ${page + 1}, but the document has ${pageCount} page${pageCount === 1 ? '' : 's'}.`,
        { index, placement, pageCount },
      );
    }
    if (![x, y, width, height].every(Number.isFinite) || width <= 0 || height <= 0) {
      throw placementError(`Signature placement ${index + 1} needs a finite position and a positive size.`, {
        index,
        placement,
      });
    }
    const crop = pdfDoc.getPage(page).getCropBox();
    const isInside =
      x >= crop.x - EPSILON &&
      y >= crop.y - EPSILON &&
      x + width <= crop.x + crop.width + EPSILON &&
      y + height <= crop.y + crop.height + EPSILON;
    if (!isInside) {
      throw placementError(
        `Signature placement ${index + 1} (x ${x}, y ${y}, ${width} × ${height} pt) is not inside page ${page + 1} (x ${crop.x}, y ${crop.y}, ${crop.width} × ${crop.height} pt).`,
        { index, placement, page: crop },
      );
    }
  });
}

/**
 * Draws the signature image, scaled to fit each box with its aspect ratio kept and centred, and the caption under
 * it (above it when the box sits too close to the page's bottom edge). Every placement is checked before anything is
 * drawn: a box off its page throws `SealingRenderError` (`sealing.placement_invalid`) and leaves the document as it was.
 */
export async function stampSignature(pdfDoc: PDFDocument, options: StampSignatureOptions): Promise<void> {
  checkPlacements(pdfDoc, options.placements);
  const image = await embedImageBytes(pdfDoc, { bytes: options.png, what: 'signature image' });
  const font = options.caption?.trim() ? await embedTextFont(pdfDoc, options.caption) : undefined;
  for (const placement of options.placements) {
    const page = pdfDoc.getPage(placement.page);
    page.drawImage(image, fitInBox(image, placement));
    if (!font || !options.caption) continue;
    const captionWidth = Math.max(placement.width, 90);
    const caption = measureWrapped(options.caption, {
      font,
      size: CAPTION.size,
      width: captionWidth,
      lineHeight: CAPTION.lineHeight,
      maxLines: CAPTION.maxLines,
    });
    const crop = page.getCropBox();
    const below = placement.y - CAPTION.gap;
    const top =
      below - caption.height >= crop.y
        ? below
        : placement.y + placement.height + CAPTION.gap + caption.height;
    const x = Math.min(
      Math.max(placement.x + (placement.width - captionWidth) / 2, crop.x),
      crop.x + crop.width - captionWidth,
    );
    drawWrapped(page, caption.lines.join('\n'), {
      x,
      y: top,
      width: captionWidth,
      size: CAPTION.size,
      lineHeight: CAPTION.lineHeight,
      font,
      color: COLOURS.muted,
      align: 'center',
    });
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Default signature block

const SLOT = { width: 160, height: 50, captionSpace: 22, gutter: 18, rowGap: 10 };
const PAGE_MARGIN = 36;
const CONTENT_GAP = 14;

export type SignatureBlockPlan = {
  /** One box per signatory, in order. */
  placements: SignaturePlacement[];
  pageIndex: number;
  /** True when the block did not fit on the last page and a "Signatures" page was appended. */
  isNewPage: boolean;
};

const plans = new WeakMap<PDFDocument, { signatoryCount: number; plan: Promise<SignatureBlockPlan> }>();

function layoutSlots(options: {
  count: number;
  pageIndex: number;
  left: number;
  top: number;
  width: number;
}) {
  const columns = Math.max(
    1,
    Math.min(options.count, Math.floor((options.width + SLOT.gutter) / (SLOT.width + SLOT.gutter))),
  );
  const slotWidth = Math.min(SLOT.width, options.width);
  return Array.from({ length: options.count }, (_, i): SignaturePlacement => {
    const row = Math.floor(i / columns);
    const column = i % columns;
    return {
      page: options.pageIndex,
      x: options.left + column * (slotWidth + SLOT.gutter),
      y: options.top - row * (SLOT.height + SLOT.captionSpace + SLOT.rowGap) - SLOT.height,
      width: slotWidth,
      height: SLOT.height,
    };
  });
}

function blockHeight(options: { count: number; width: number }): number {
  const columns = Math.max(1, Math.floor((options.width + SLOT.gutter) / (SLOT.width + SLOT.gutter)));
  const rows = Math.ceil(options.count / columns);
  return rows * (SLOT.height + SLOT.captionSpace) + (rows - 1) * SLOT.rowGap;
}

async function appendSignaturesPage(
  pdfDoc: PDFDocument,
  last: PDFPage,
): Promise<{ page: PDFPage; top: number }> {
  const fonts = await embedFonts(pdfDoc);
  const { width, height } = last.getSize();
  const isTurned = last.getRotation().angle % 180 !== 0;
  const page = pdfDoc.addPage(isTurned ? [height, width] : [width, height]);
  let top = page.getHeight() - PAGE_MARGIN;
  drawTextLine(page, 'Signatures', {
    x: PAGE_MARGIN,
    y: top - 14,
    size: 16,
    font: fonts.bold,
    color: COLOURS.ink,
  });
  top -= 24;
  top = drawWrapped(
    page,
    'Signed electronically during the notarisation session; this page forms part of the document.',
    {
      x: PAGE_MARGIN,
      y: top,
      width: page.getWidth() - 2 * PAGE_MARGIN,
      size: 8.5,
      font: fonts.regular,
      color: COLOURS.muted,
    },
  );
  return { page, top: top - 18 };
}

/** Slots for every signatory (see the rule at the top of this file); appends the "Signatures" page if needed. */
export async function planSignatureBlock(
  pdfDoc: PDFDocument,
  signatoryCount: number,
): Promise<SignatureBlockPlan> {
  if (!Number.isInteger(signatoryCount) || signatoryCount < 1) {
    throw placementError('A signature block needs at least one signatory.', { signatoryCount });
  }
  const existing = plans.get(pdfDoc);
  if (existing) {
    if (existing.signatoryCount !== signatoryCount) {
      throw placementError(
        `The signature block of this document was planned for ${existing.signatoryCount} signatories, not ${signatoryCount}.`,
        { planned: existing.signatoryCount, signatoryCount },
      );
    }
    return existing.plan;
  }
  const plan = (async (): Promise<SignatureBlockPlan> => {
    if (pdfDoc.getPageCount() === 0) throw placementError('The document has no pages.', {});
    const lastIndex = pdfDoc.getPageCount() - 1;
    const last = pdfDoc.getPage(lastIndex);
    const crop = last.getCropBox();
    const width = crop.width - 2 * PAGE_MARGIN;
    const band = findBottomFreeBand(last, { margin: PAGE_MARGIN, gap: CONTENT_GAP });
    if (band && band.top - band.bottom >= blockHeight({ count: signatoryCount, width })) {
      return {
        placements: layoutSlots({
          count: signatoryCount,
          pageIndex: lastIndex,
          left: crop.x + PAGE_MARGIN,
          top: band.top,
          width,
        }),
        pageIndex: lastIndex,
        isNewPage: false,
      };
    }
    const { page, top } = await appendSignaturesPage(pdfDoc, last);
    return {
      placements: layoutSlots({
        count: signatoryCount,
        pageIndex: lastIndex + 1,
        left: PAGE_MARGIN,
        top,
        width: page.getWidth() - 2 * PAGE_MARGIN,
      }),
      pageIndex: lastIndex + 1,
      isNewPage: true,
    };
  })();
  plans.set(pdfDoc, { signatoryCount, plan });
  return plan;
}

/** The default box of signatory `index` (0-based) of `signatoryCount`, ready for `stampSignature({ placements })`. */
export async function defaultPlacements(
  pdfDoc: PDFDocument,
  signatoryCount: number,
  index: number,
): Promise<SignaturePlacement[]> {
  if (!Number.isInteger(index) || index < 0 || index >= signatoryCount) {
    throw placementError(`Signatory ${index} is not one of ${signatoryCount}.`, { index, signatoryCount });
  }
  const { placements } = await planSignatureBlock(pdfDoc, signatoryCount);
  return [placements[index] as SignaturePlacement];
}
