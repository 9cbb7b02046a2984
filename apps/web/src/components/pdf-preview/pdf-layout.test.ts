import { describe, expect, it } from 'vitest';
import { canvasSizeFor, MAX_CANVAS_PIXELS, renderWidthOf } from './pdf-layout';

const A4 = { width: 595, height: 842 };

describe('canvasSizeFor', () => {
  it('draws at the screen pixel ratio so text stays crisp on high-DPI screens', () => {
    const size = canvasSizeFor({ page: A4, cssWidth: 595, pixelRatio: 2 });
    expect(size).toEqual({ pixelWidth: 1190, pixelHeight: 1684, scale: 2 });
  });

  it('keeps the page proportions at any width', () => {
    const size = canvasSizeFor({ page: A4, cssWidth: 320, pixelRatio: 3 });
    expect(size.pixelWidth).toBe(960);
    expect(size.pixelHeight / size.pixelWidth).toBeCloseTo(842 / 595, 2);
  });

  it('never draws below one device pixel per CSS pixel', () => {
    expect(canvasSizeFor({ page: A4, cssWidth: 595, pixelRatio: 0.5 }).scale).toBe(1);
    expect(canvasSizeFor({ page: A4, cssWidth: 595, pixelRatio: Number.NaN }).scale).toBe(1);
  });

  it('reduces the resolution of a huge page to stay under the canvas budget', () => {
    const poster = { width: 2384, height: 3370 };
    const size = canvasSizeFor({ page: poster, cssWidth: 2000, pixelRatio: 3 });
    expect(size.pixelWidth * size.pixelHeight).toBeLessThanOrEqual(MAX_CANVAS_PIXELS);
    expect(size.pixelWidth).toBeGreaterThan(2000 * 0.8);
  });

  it('draws nothing for an empty page or an unmeasured container', () => {
    expect(canvasSizeFor({ page: { width: 0, height: 842 }, cssWidth: 500, pixelRatio: 1 }).pixelWidth).toBe(
      0,
    );
    expect(canvasSizeFor({ page: A4, cssWidth: 0, pixelRatio: 1 }).scale).toBe(0);
  });
});

describe('renderWidthOf', () => {
  it('ignores sub-pixel changes so pages are not redrawn for them', () => {
    expect(renderWidthOf(640.4)).toBe(640);
    expect(renderWidthOf(640.9)).toBe(640);
  });

  it('is zero until the container has a width', () => {
    expect(renderWidthOf(0)).toBe(0);
    expect(renderWidthOf(Number.NaN)).toBe(0);
  });
});
