import { describe, expect, it } from 'vitest';
import {
  countInk,
  fitWithin,
  hasEnoughInk,
  inkBounds,
  MIN_INK_PIXELS,
  type PixelsLike,
  padBox,
  signatureFileName,
  signatureFileProblem,
  UPLOAD_MAX_INPUT_BYTES,
} from './signature-image';

/** A transparent image with the given pixels painted in one RGBA colour. */
function pixels(options: {
  width: number;
  height: number;
  paint?: Array<[number, number]>;
  rgba?: [number, number, number, number];
}): PixelsLike {
  const data = new Uint8ClampedArray(options.width * options.height * 4);
  const [r, g, b, a] = options.rgba ?? [27, 37, 89, 255];
  for (const [x, y] of options.paint ?? []) {
    const i = (y * options.width + x) * 4;
    data.set([r, g, b, a], i);
  }
  return { width: options.width, height: options.height, data };
}

/** `count` pixels in a row-major run starting at the origin. */
const run = (count: number, width: number): Array<[number, number]> =>
  Array.from({ length: count }, (_, i) => [i % width, Math.floor(i / width)]);

describe('inkBounds: the box around every pixel that is not fully transparent', () => {
  it('is null for an untouched pad', () => {
    expect(inkBounds(pixels({ width: 10, height: 5 }))).toBeNull();
  });

  it('is one pixel for a single dot', () => {
    expect(inkBounds(pixels({ width: 10, height: 5, paint: [[3, 2]] }))).toEqual({
      x: 3,
      y: 2,
      width: 1,
      height: 1,
    });
  });

  it('reaches from the leftmost to the rightmost and the topmost to the lowest pixel, edges included', () => {
    const image = pixels({
      width: 8,
      height: 6,
      paint: [
        [0, 3],
        [7, 1],
        [4, 5],
      ],
    });
    expect(inkBounds(image)).toEqual({ x: 0, y: 1, width: 8, height: 5 });
  });

  it('ignores pixels at or under the alpha threshold', () => {
    const faint = pixels({ width: 4, height: 4, paint: [[1, 1]], rgba: [0, 0, 0, 10] });
    expect(inkBounds(faint)).toEqual({ x: 1, y: 1, width: 1, height: 1 });
    expect(inkBounds(faint, { alphaThreshold: 10 })).toBeNull();
  });
});

describe('ink, as the server counts it: alpha above 32 and R + G + B under 600', () => {
  it(`an empty pad has no ink, and ${MIN_INK_PIXELS - 1} dark pixels are not enough`, () => {
    expect(hasEnoughInk(pixels({ width: 10, height: 10 }))).toBe(false);
    expect(hasEnoughInk(pixels({ width: 10, height: 10, paint: run(MIN_INK_PIXELS - 1, 10) }))).toBe(false);
  });

  it(`${MIN_INK_PIXELS} dark pixels are enough`, () => {
    expect(hasEnoughInk(pixels({ width: 10, height: 10, paint: run(MIN_INK_PIXELS, 10) }))).toBe(true);
  });

  it('does not count pale pixels, nor barely visible ones', () => {
    const pale = pixels({ width: 10, height: 10, paint: run(100, 10), rgba: [200, 200, 200, 255] });
    const ghost = pixels({ width: 10, height: 10, paint: run(100, 10), rgba: [0, 0, 0, 32] });
    expect(countInk(pale)).toBe(0);
    expect(countInk(ghost)).toBe(0);
    expect(hasEnoughInk(pale)).toBe(false);
  });

  it('counts just-dark-enough pixels (sum 599, alpha 33)', () => {
    const edge = pixels({ width: 10, height: 10, paint: run(40, 10), rgba: [200, 200, 199, 33] });
    expect(countInk(edge)).toBe(40);
  });

  it('can stop counting early', () => {
    expect(countInk(pixels({ width: 10, height: 10, paint: run(80, 10) }), { stopAt: 5 })).toBe(5);
  });
});

describe('padBox: a margin around the ink, kept inside the image', () => {
  it('grows the box on every side', () => {
    expect(
      padBox({
        box: { x: 20, y: 20, width: 10, height: 5 },
        padding: 4,
        within: { width: 100, height: 100 },
      }),
    ).toEqual({ x: 16, y: 16, width: 18, height: 13 });
  });

  it('stops at the image edges', () => {
    expect(
      padBox({ box: { x: 1, y: 0, width: 98, height: 50 }, padding: 8, within: { width: 100, height: 50 } }),
    ).toEqual({ x: 0, y: 0, width: 100, height: 50 });
  });
});

describe('fitWithin: scaled down to fit, proportions kept, never enlarged', () => {
  it('leaves a size that already fits', () => {
    expect(fitWithin({ width: 600, height: 200 }, { width: 1200, height: 400 })).toEqual({
      width: 600,
      height: 200,
      scale: 1,
    });
  });

  it('is limited by the width for a wide image', () => {
    expect(fitWithin({ width: 2400, height: 300 }, { width: 1200, height: 400 })).toEqual({
      width: 1200,
      height: 150,
      scale: 0.5,
    });
  });

  it('is limited by the height for a tall phone photo', () => {
    const fitted = fitWithin({ width: 3000, height: 4000 }, { width: 2000, height: 1000 });
    expect(fitted).toMatchObject({ width: 750, height: 1000 });
    expect(fitted.scale).toBeCloseTo(0.25);
  });

  it('never goes below one pixel, even for an empty or a thin line', () => {
    expect(fitWithin({ width: 0, height: 0 }, { width: 10, height: 10 })).toMatchObject({
      width: 1,
      height: 1,
    });
    expect(fitWithin({ width: 5000, height: 1 }, { width: 1000, height: 1000 })).toMatchObject({
      width: 1000,
      height: 1,
    });
  });
});

describe('signatureFileProblem: PNG or JPEG, and not too big to open', () => {
  it('accepts PNG and JPEG', () => {
    expect(signatureFileProblem({ type: 'image/png', size: 2_000_000 })).toBeNull();
    expect(signatureFileProblem({ type: 'image/jpeg', size: 10 })).toBeNull();
  });

  it('refuses other types, including PDFs, HEIC photos and SVG', () => {
    for (const type of ['application/pdf', 'image/heic', 'image/svg+xml', 'image/webp', ''])
      expect(signatureFileProblem({ type, size: 10 })).toBe('wrong_type');
  });

  it('refuses files over the opening limit', () => {
    expect(signatureFileProblem({ type: 'image/png', size: UPLOAD_MAX_INPUT_BYTES })).toBeNull();
    expect(signatureFileProblem({ type: 'image/png', size: UPLOAD_MAX_INPUT_BYTES + 1 })).toBe('too_large');
  });

  it('names the part after its type', () => {
    expect(signatureFileName('image/jpeg')).toBe('signature.jpg');
    expect(signatureFileName('image/png')).toBe('signature.png');
  });
});
