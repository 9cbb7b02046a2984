import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { composeArgs } from './composer-graph.ts';
import { LABEL, renderNameLabel } from './name-label.ts';

/** The label's text: its white pixels (the box is black), with their bounding box and the row of the headline. */
async function inkOf(png: Buffer) {
  const { data, info } = await sharp(png)
    .removeAlpha()
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const pixels: { x: number; y: number }[] = [];
  for (let y = 0; y < info.height; y += 1)
    for (let x = 0; x < info.width; x += 1) if ((data[y * info.width + x] ?? 0) > 128) pixels.push({ x, y });
  const xs = pixels.map((p) => p.x);
  const perRow = new Map<number, number>();
  for (const p of pixels) perRow.set(p.y, (perRow.get(p.y) ?? 0) + 1);
  // Devanagari's headline (shirorekha) is the row with the most ink.
  const headline = [...perRow.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 0;
  return {
    pixels,
    left: Math.min(...xs),
    right: Math.max(...xs),
    width: Math.max(...xs) - Math.min(...xs) + 1,
    headline,
  };
}

describe('the composed view’s name labels', () => {
  // Both checks fail on drawtext's unshaped rendering (checked by hand with ffmpeg 5.1 and the same font at 14 px):
  // there "क्ष" is exactly as wide as "कष" (19 px each) and the vowel sign of "कि" sits to the right of the consonant.
  it('shapes a conjunct: क्ष is one ligature, much narrower than क and ष side by side', async () => {
    const conjunct = await inkOf((await renderNameLabel('क्ष', 200)).png);
    const letters = await inkOf((await renderNameLabel('कष', 200)).png);
    expect(conjunct.width).toBeLessThan(letters.width * 0.75);
  });

  it('shapes a vowel sign: the i-matra of कि is drawn before the consonant it follows in the text', async () => {
    const ink = await inkOf((await renderNameLabel('कि', 200)).png);
    // Above the headline there is only the matra's loop, which starts from its stem: on the left when shaped.
    const above = ink.pixels.filter((p) => p.y < ink.headline);
    expect(above.length).toBeGreaterThan(0);
    const middle = (ink.left + ink.right) / 2;
    const mean = above.reduce((sum, p) => sum + p.x, 0) / above.length;
    expect(mean).toBeLessThan(middle);
  });

  it('is white text on a translucent dark box, at most the width it is given', async () => {
    const label = await renderNameLabel('गीता राव', 200);
    const { data, info } = await sharp(label.png).raw().toBuffer({ resolveWithObject: true });
    expect(info.channels).toBe(4);
    expect([info.width, info.height]).toEqual([label.width, label.height]);
    expect(label.width).toBeLessThanOrEqual(200);
    expect(label.height).toBeGreaterThanOrEqual(LABEL.minHeight);
    // The corner is the box: black at 60 % opacity; the text is opaque white.
    expect([...data.subarray(0, 4)]).toEqual([0, 0, 0, 153]);
    expect((await inkOf(label.png)).pixels.length).toBeGreaterThan(20);
  });

  it('fits a long name into a narrow cell (smaller, then cut with an ellipsis), and draws markup as the text typed', async () => {
    const name = 'लक्ष्मी नारायण श्रीनिवासन अय्यर and Venkataraghavan Subramaniam';
    const label = await renderNameLabel(name, 200);
    expect(label.width).toBeLessThanOrEqual(200);
    // It uses the room it has.
    expect(label.width).toBeGreaterThan(170);
    // Pango would take these as markup (or refuse "&"): they are letters of the name.
    const typed = await inkOf((await renderNameLabel('A <b>&amp; B', 400)).png);
    const plain = await inkOf((await renderNameLabel('A B', 400)).png);
    expect(typed.width).toBeGreaterThan(plain.width * 2);
  });

  it('leaves names out of drawtext: each is an overlaid still, only the clock is drawn as text', () => {
    const args = composeArgs({
      takes: [{ file: '/tmp/d/take0.webm', cell: 0, offsetMs: 0, hasVideo: true, hasAudio: true }],
      cells: [
        { labelFile: '/tmp/d/name0.png', gaps: [] },
        { labelFile: '/tmp/d/name1.png', gaps: [{ fromMs: 1000, toMs: 2000 }] },
      ],
      spanMs: 3000,
      clockFile: '/tmp/d/clock.txt',
      output: '/tmp/d/composed.webm',
    });
    expect(args.filter((_arg, index) => args[index - 1] === '-i')).toEqual([
      '/tmp/d/take0.webm',
      '/tmp/d/name0.png',
      '/tmp/d/name1.png',
    ]);
    const graph = args[args.indexOf('-filter_complex') + 1] ?? '';
    expect(graph.match(/drawtext=[^,;]*textfile=([^:]+)/g)?.map((d) => d.split('textfile=')[1])).toEqual([
      '/tmp/d/clock.txt',
    ]);
    // A single frame each, held for the whole view; the names sit over the gap's black box, not under it.
    expect(graph).toContain('[1:v]overlay=x=6:y=356-overlay_h:eof_action=repeat');
    expect(graph).toContain('[2:v]overlay=x=326:y=356-overlay_h:eof_action=repeat');
    expect(graph.indexOf('drawbox')).toBeLessThan(graph.indexOf('[1:v]overlay'));
  });
});
