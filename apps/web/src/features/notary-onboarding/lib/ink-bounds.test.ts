import { describe, expect, it } from 'vitest';
import { addInkPoint, cropOf, type InkBounds } from './ink-bounds';

describe('the drawn signature is cropped to its ink', () => {
  it('the box grows with each point, by half the stroke width', () => {
    let bounds: InkBounds = null;
    bounds = addInkPoint({ bounds, x: 50, y: 40, width: 4 });
    bounds = addInkPoint({ bounds, x: 120, y: 30, width: 4 });
    bounds = addInkPoint({ bounds, x: 90, y: 70, width: 4 });
    expect(bounds).toEqual({ minX: 48, minY: 28, maxX: 122, maxY: 72 });
  });

  it('the crop keeps a margin and stays inside the canvas', () => {
    const canvas = { width: 600, height: 200 };
    expect(cropOf({ bounds: { minX: 48, minY: 28, maxX: 122, maxY: 72 }, canvas, margin: 10 })).toEqual({
      x: 38,
      y: 18,
      width: 94,
      height: 64,
    });
    expect(cropOf({ bounds: { minX: 2, minY: 5, maxX: 598, maxY: 199 }, canvas, margin: 10 })).toEqual({
      x: 0,
      y: 0,
      width: 600,
      height: 200,
    });
  });
});
