import { describe, expect, it } from 'vitest';
import { boxBetween, fittedSize, nudge, toImagePoint } from './redaction';

const image = { width: 1000, height: 600 };

describe('black boxes drawn over a card photo', () => {
  it('covers the dragged area whichever way it was dragged, rounded outwards', () => {
    expect(boxBetween({ x: 100.6, y: 50.2 }, { x: 300.2, y: 90.7 }, image)).toEqual({
      x: 100,
      y: 50,
      width: 201,
      height: 41,
    });
    expect(boxBetween({ x: 300.2, y: 90.7 }, { x: 100.6, y: 50.2 }, image)).toEqual(
      boxBetween({ x: 100.6, y: 50.2 }, { x: 300.2, y: 90.7 }, image),
    );
  });

  it('stays inside the image when dragged past its edges', () => {
    expect(boxBetween({ x: -50, y: -20 }, { x: 1200, y: 700 }, image)).toEqual({
      x: 0,
      y: 0,
      width: 1000,
      height: 600,
    });
  });

  it('ignores a tap or a sliver', () => {
    expect(boxBetween({ x: 10, y: 10 }, { x: 12, y: 13 }, image)).toBeNull();
    expect(boxBetween({ x: 10, y: 10 }, { x: 400, y: 14 }, image)).toBeNull();
  });

  it('maps a pointer on the shrunken picture to the photo’s own pixels', () => {
    const shown = { left: 20, top: 100, width: 500, height: 300 };
    expect(toImagePoint({ clientX: 270, clientY: 250 }, shown, image)).toEqual({ x: 500, y: 300 });
    expect(toImagePoint({ clientX: 20, clientY: 100 }, shown, image)).toEqual({ x: 0, y: 0 });
  });

  it('moves a box with the arrow keys without leaving the image', () => {
    const box = { x: 10, y: 10, width: 100, height: 40 };
    expect(nudge(box, 5, -3, image)).toEqual({ ...box, x: 15, y: 7 });
    expect(nudge(box, -50, -50, image)).toEqual({ ...box, x: 0, y: 0 });
    expect(nudge(box, 5000, 5000, image)).toEqual({ ...box, x: 900, y: 560 });
  });
});

describe('the size a photo is sent at', () => {
  it('shrinks a large phone photo to the longest side allowed, keeping its shape', () => {
    expect(fittedSize({ width: 4000, height: 3000 }, 2400)).toEqual({ width: 2400, height: 1800 });
    expect(fittedSize({ width: 3000, height: 4000 }, 2400)).toEqual({ width: 1800, height: 2400 });
  });

  it('never enlarges a small one', () => {
    expect(fittedSize({ width: 800, height: 500 }, 2400)).toEqual({ width: 800, height: 500 });
  });
});
