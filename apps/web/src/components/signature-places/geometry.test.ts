import { describe, expect, it } from 'vitest';
import {
  boxAround,
  boxToSave,
  clampBox,
  cssPointToPdf,
  cssToPdf,
  isUpright,
  MIN_BOX_SIZE,
  moveBox,
  NEW_BOX_SIZE,
  pdfToCss,
  resizeBox,
} from './geometry';

const A4 = { x: 0, y: 0, width: 595, height: 842 };
/** A page whose visible area does not start at the origin (a cropped scan). */
const CROPPED = { x: 20, y: 30, width: 500, height: 700 };

const expectBoxCloseTo = (actual: Record<string, number>, expected: Record<string, number>) => {
  for (const [key, value] of Object.entries(expected)) expect(actual[key]).toBeCloseTo(value, 6);
};

describe('pdfToCss', () => {
  it('puts a box at the bottom left of the page at the bottom left of the drawing', () => {
    const css = pdfToCss({ box: { x: 0, y: 0, width: 100, height: 50 }, crop: A4, scale: 1 });
    expect(css).toEqual({ left: 0, top: 842 - 50, width: 100, height: 50 });
  });

  it('measures from the crop box and scales to the drawn width', () => {
    const css = pdfToCss({ box: { x: 120, y: 630, width: 150, height: 50 }, crop: CROPPED, scale: 0.5 });
    // top = (30 + 700 − (630 + 50)) × 0.5; left = (120 − 20) × 0.5
    expect(css).toEqual({ left: 50, top: 25, width: 75, height: 25 });
  });
});

describe('cssToPdf', () => {
  it('round-trips CSS → PDF → CSS', () => {
    const css = { left: 37.5, top: 212.25, width: 90, height: 31 };
    const scale = 343 / 500;
    const back = pdfToCss({ box: cssToPdf({ box: css, crop: CROPPED, scale }), crop: CROPPED, scale });
    expectBoxCloseTo(back, css);
  });

  it('round-trips PDF → CSS → PDF', () => {
    const box = { x: 300, y: 80, width: 150, height: 50 };
    const scale = 1.37;
    expectBoxCloseTo(cssToPdf({ box: pdfToCss({ box, crop: CROPPED, scale }), crop: CROPPED, scale }), box);
  });

  it('turns a tap near the top of the drawing into a point near the top of the page', () => {
    const point = cssPointToPdf({ left: 10, top: 5, crop: CROPPED, scale: 0.5 });
    expect(point).toEqual({ x: 40, y: 720 });
  });
});

describe('clampBox', () => {
  it('leaves a box that fits alone', () => {
    const box = { x: 100, y: 100, width: 150, height: 50 };
    expect(clampBox({ box, crop: A4 })).toEqual(box);
  });

  it('moves a box that pokes out of the page back inside, keeping its size', () => {
    expect(clampBox({ box: { x: 500, y: -20, width: 150, height: 50 }, crop: A4 })).toEqual({
      x: 445,
      y: 0,
      width: 150,
      height: 50,
    });
  });

  it('keeps a box inside a crop box that does not start at the origin', () => {
    expect(clampBox({ box: { x: 0, y: 0, width: 150, height: 50 }, crop: CROPPED })).toMatchObject({
      x: 20,
      y: 30,
    });
  });

  it('makes a box too small to sign in the smallest allowed size', () => {
    const box = clampBox({ box: { x: 10, y: 10, width: 5, height: 2 }, crop: A4 });
    expect(box).toMatchObject(MIN_BOX_SIZE);
  });

  it('shrinks a box wider than its page to the page', () => {
    const box = clampBox({ box: { x: 0, y: 0, width: 900, height: 50 }, crop: A4 });
    expect(box).toMatchObject({ x: 0, width: 595 });
  });
});

describe('moveBox', () => {
  it('moves by a delta in points (up is positive)', () => {
    const moved = moveBox({ box: { x: 100, y: 100, width: 150, height: 50 }, crop: A4, dx: 10, dy: -2 });
    expect(moved).toEqual({ x: 110, y: 98, width: 150, height: 50 });
  });

  it('stops a box dragged past the right edge at the edge', () => {
    const moved = moveBox({ box: { x: 400, y: 100, width: 150, height: 50 }, crop: A4, dx: 1000, dy: 0 });
    expect(moved.x + moved.width).toBe(595);
    expect(moved.width).toBe(150);
  });

  it('stops a box dragged past the top and left edges at those edges', () => {
    const moved = moveBox({
      box: { x: 50, y: 700, width: 150, height: 50 },
      crop: CROPPED,
      dx: -500,
      dy: 500,
    });
    expect(moved.x).toBe(CROPPED.x);
    expect(moved.y + moved.height).toBe(CROPPED.y + CROPPED.height);
  });
});

describe('resizeBox', () => {
  it('grows from the bottom-right corner: the top-left corner stays put', () => {
    const box = { x: 100, y: 500, width: 150, height: 50 };
    const resized = resizeBox({ box, crop: A4, dWidth: 20, dHeight: 10 });
    expect(resized).toEqual({ x: 100, y: 490, width: 170, height: 60 });
    expect(resized.y + resized.height).toBe(box.y + box.height);
  });

  it('stops at the page edge when the corner is dragged off the page', () => {
    const resized = resizeBox({
      box: { x: 500, y: 20, width: 60, height: 50 },
      crop: A4,
      dWidth: 400,
      dHeight: 400,
    });
    expect(resized).toEqual({ x: 500, y: 0, width: 95, height: 70 });
  });

  it('does not shrink below the smallest size', () => {
    const resized = resizeBox({
      box: { x: 100, y: 500, width: 150, height: 50 },
      crop: A4,
      dWidth: -500,
      dHeight: -500,
    });
    expect(resized).toMatchObject(MIN_BOX_SIZE);
    expect(resized.y + resized.height).toBe(550);
  });
});

describe('boxAround', () => {
  it('centres a new 150 × 50 box on the tapped point', () => {
    expect(boxAround({ x: 300, y: 400, crop: A4 })).toEqual({ x: 225, y: 375, ...NEW_BOX_SIZE });
  });

  it('moves a new box tapped at a corner inside the page', () => {
    expect(boxAround({ x: 590, y: 840, crop: A4 })).toEqual({ x: 445, y: 792, ...NEW_BOX_SIZE });
    expect(boxAround({ x: 21, y: 31, crop: CROPPED })).toEqual({ x: 20, y: 30, ...NEW_BOX_SIZE });
  });
});

describe('boxToSave', () => {
  const hasTwoDecimals = (value: number) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;

  it('sends hundredths of a point', () => {
    const saved = boxToSave({
      box: { x: 100.123456, y: 200.987654, width: 150.55555, height: 50.1 },
      crop: A4,
    });
    expect(Object.values(saved).every(hasTwoDecimals)).toBe(true);
    expect(saved).toEqual({ x: 100.12, y: 200.99, width: 150.55, height: 50.1 });
  });

  it('keeps a box pushed against the edges of an odd-sized page strictly inside it', () => {
    const crop = { x: 0.003, y: 0.004, width: 595.276, height: 841.89 };
    const atTopRight = moveBox({
      box: { x: 0, y: 0, width: 150.335, height: 50.335 },
      crop,
      dx: 1e4,
      dy: 1e4,
    });
    const atBottomLeft = moveBox({ box: atTopRight, crop, dx: -1e4, dy: -1e4 });
    for (const box of [atTopRight, atBottomLeft]) {
      const saved = boxToSave({ box, crop });
      expect(saved.x).toBeGreaterThan(crop.x);
      expect(saved.y).toBeGreaterThan(crop.y);
      expect(saved.x + saved.width).toBeLessThan(crop.x + crop.width);
      expect(saved.y + saved.height).toBeLessThan(crop.y + crop.height);
    }
  });

  it('does not lose a hundredth on a size already in hundredths', () => {
    expect(boxToSave({ box: { x: 10, y: 10, width: 20.29, height: 10.01 }, crop: A4 })).toMatchObject({
      width: 20.29,
      height: 10.01,
    });
  });
});

describe('isUpright', () => {
  it('takes boxes only on pages that are not turned', () => {
    expect(isUpright(0)).toBe(true);
    expect(isUpright(360)).toBe(true);
    expect(isUpright(-360)).toBe(true);
    expect(isUpright(90)).toBe(false);
    expect(isUpright(-90)).toBe(false);
    expect(isUpright(270)).toBe(false);
  });
});
