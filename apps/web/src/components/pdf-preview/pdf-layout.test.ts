import { describe, expect, it } from 'vitest';
import { canvasSizeFor, MAX_CANVAS_PIXELS, nextPageKeys, renderWidthOf } from './pdf-layout';

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

describe('nextPageKeys', () => {
  it('keeps the drawing of every page the new version did not change, and redraws the one it did', () => {
    const keys = nextPageKeys({ previous: [1, 1, 1, 1], pageCount: 4, changedPages: [3] });
    expect(keys.slice(0, 3)).toEqual([1, 1, 1]);
    expect(keys[3]).not.toBe(1);
  });

  it('draws a page the new version added', () => {
    const keys = nextPageKeys({ previous: [1, 1], pageCount: 3, changedPages: [] });
    expect(keys).toHaveLength(3);
    expect(keys.slice(0, 2)).toEqual([1, 1]);
    expect([1, undefined]).not.toContain(keys[2]);
  });

  it('redraws every page when nothing says what changed', () => {
    const previous = [1, 2, 2];
    const keys = nextPageKeys({ previous, pageCount: 3, changedPages: null });
    keys.forEach((key, index) => {
      expect(key).not.toBe(previous[index]);
    });
  });

  it('gives a page that changed twice a key it never had', () => {
    const first = nextPageKeys({ previous: [1, 1], pageCount: 2, changedPages: [1] });
    const second = nextPageKeys({ previous: first, pageCount: 2, changedPages: [1] });
    expect(second[0]).toBe(1);
    expect(new Set([1, first[1]])).not.toContain(second[1]);
  });
});
