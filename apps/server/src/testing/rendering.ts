import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';

const run = promisify(execFile);

/**
 * How much of a box on a page is ink, as poppler draws it (`pdftoppm`, Debian's poppler-utils): the share of its
 * pixels darker than mid-grey, 0 to 1. Rendered at 72 dpi, so one pixel is one PDF point; `box` is in PDF points with
 * the origin at the bottom left of the page, `page` counts from 0.
 */
export async function inkIn(
  pdf: Uint8Array,
  options: { page: number; box: { x: number; y: number; width: number; height: number } },
): Promise<number> {
  const dir = await mkdtemp(path.join(tmpdir(), 'mohar-ink-'));
  try {
    const file = path.join(dir, 'document.pdf');
    await writeFile(file, pdf);
    const number = String(options.page + 1);
    await run('pdftoppm', [
      '-r',
      '72',
      '-f',
      number,
      '-l',
      number,
      '-gray',
      '-png',
      '-singlefile',
      file,
      path.join(dir, 'page'),
    ]);
    const image = sharp(await readFile(path.join(dir, 'page.png')));
    const { height } = await image.metadata();
    const { box } = options;
    const left = Math.max(0, Math.round(box.x));
    const top = Math.max(0, Math.round((height ?? 0) - box.y - box.height));
    const { data } = await image
      .extract({ left, top, width: Math.round(box.width), height: Math.round(box.height) })
      .greyscale()
      .raw()
      .toBuffer({ resolveWithObject: true });
    let dark = 0;
    for (const value of data) if (value < 128) dark += 1;
    return dark / data.length;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
