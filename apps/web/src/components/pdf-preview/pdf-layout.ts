/**
 * Largest canvas we draw a page on, in device pixels. Browsers refuse (Safari: blank canvas) or run out of memory
 * well before their hard limits when several pages are kept; 8 MP keeps an A4 page crisp on a 3x phone screen.
 */
export const MAX_CANVAS_PIXELS = 8 * 1024 * 1024;

/** A page's size in PDF points at scale 1, after its own rotation. */
export type PageSize = { width: number; height: number };

/**
 * The canvas for a page shown `cssWidth` CSS pixels wide: drawn at the screen's pixel ratio so text is crisp on
 * high-DPI screens (never below 1, so a zoomed-out page is not blurred), reduced when that would exceed
 * `maxPixels`. `scale` is what pdf.js renders at (device pixels per point).
 */
export function canvasSizeFor(options: {
  page: PageSize;
  cssWidth: number;
  pixelRatio: number;
  maxPixels?: number;
}): { pixelWidth: number; pixelHeight: number; scale: number } {
  const { page, cssWidth } = options;
  const maxPixels = options.maxPixels ?? MAX_CANVAS_PIXELS;
  if (page.width <= 0 || page.height <= 0 || cssWidth <= 0)
    return { pixelWidth: 0, pixelHeight: 0, scale: 0 };
  const cssHeight = (cssWidth * page.height) / page.width;
  let ratio = Math.max(1, Number.isFinite(options.pixelRatio) ? options.pixelRatio : 1);
  if (cssWidth * cssHeight * ratio * ratio > maxPixels) ratio = Math.sqrt(maxPixels / (cssWidth * cssHeight));
  const scale = (cssWidth * ratio) / page.width;
  return {
    pixelWidth: Math.max(1, Math.floor(page.width * scale)),
    pixelHeight: Math.max(1, Math.floor(page.height * scale)),
    scale,
  };
}

/**
 * The width pages are drawn at for a container width: whole pixels, so a sub-pixel layout change (a scrollbar
 * appearing, zoom rounding) does not redraw every page.
 */
export const renderWidthOf = (containerWidth: number) =>
  Number.isFinite(containerWidth) && containerWidth > 0 ? Math.floor(containerWidth) : 0;

/** Where a page is relative to the visible part of the preview: draw when near, free its canvas when far. */
export const NEAR_ROOT_MARGIN = '100% 0px';
export const KEEP_ROOT_MARGIN = '300% 0px';

/**
 * Which drawing each page of a newly opened file needs: a page keeps its key (and so the picture it has) when the
 * new file says it did not change, and gets a new key (it is drawn again) when it changed, is new, or nothing is
 * known about what changed (`changedPages: null`). Pages count from 0 in `changedPages`.
 */
export function nextPageKeys(options: {
  previous: readonly number[];
  pageCount: number;
  changedPages: readonly number[] | null;
}): number[] {
  const { previous, changedPages } = options;
  const changed = changedPages ? new Set(changedPages) : null;
  const fresh = Math.max(0, ...previous) + 1;
  return Array.from({ length: options.pageCount }, (_, index) => {
    const key = previous[index];
    return key === undefined || !changed || changed.has(index) ? fresh : key;
  });
}
