import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../platform/app-error.ts';
import {
  DEFAULT_SEAL_LAYOUT,
  parseSealLayout,
  renderSealPng,
  renderSealSvg,
  SEAL_CENTRE_LINES,
  SEAL_FIELD_RADIUS,
  SEAL_FONT_FAMILY,
  type SealDetails,
} from './seal.ts';

const run = promisify(execFile);

const details: SealDetails = {
  name: 'Rajesh Kumar Sharma',
  areaOfPractice: 'Delhi',
  registrationNumber: 'DL/2019/04512',
  appointingGovernment: 'Government of NCT of Delhi',
  commissionExpiresOn: '2027-03-31',
};

function unescapeXml(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
}

/** The arc group of the SVG: its label, font size, and each glyph with its rotation in degrees. */
function arc(svg: string, where: 'top' | 'bottom') {
  const group = new RegExp(
    `<g class="arc-${where}" aria-label="([^"]*)" font-size="([\\d.]+)"[^>]*>(.*?)</g>`,
  ).exec(svg);
  if (!group) throw new Error(`no arc-${where} group in the SVG`);
  const glyphs = [...group[3]!.matchAll(/<text [^>]*rotate\((-?[\d.]+) [^>]*>([^<]*)<\/text>/g)].map((m) => ({
    angle: Number(m[1]),
    text: unescapeXml(m[2]!),
  }));
  return { label: unescapeXml(group[1]!), fontSize: Number(group[2]), glyphs };
}

function centreText(svg: string, className: string): string | undefined {
  const m = new RegExp(`<text class="${className}"[^>]*>([^<]*)</text>`).exec(svg);
  return m ? unescapeXml(m[1]!) : undefined;
}

/** librsvg parses the document with libxml2: malformed XML makes sharp throw. */
async function parsesAsSvg(svg: string): Promise<boolean> {
  try {
    const meta = await sharp(Buffer.from(svg)).metadata();
    return meta.format === 'svg';
  } catch {
    return false;
  }
}

describe('renderSealSvg', () => {
  it('is a standalone SVG sized in millimetres', async () => {
    const svg = renderSealSvg(details);
    expect(svg).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>/);
    expect(svg).toContain('xmlns="http://www.w3.org/2000/svg"');
    expect(svg).toContain('width="50mm" height="50mm" viewBox="0 0 1000 1000"');
    expect(svg).toContain(`font-family="${SEAL_FONT_FAMILY}"`);
    expect(svg).toContain('fill="#1d2a8a"');
    expect(svg).not.toMatch(/textPath|@font-face/);
    expect(await parsesAsSvg(svg)).toBe(true);
    expect(renderSealSvg(details, { sizeMm: 40 })).toContain('width="40mm" height="40mm"');
  });

  it('shows every detail, the word NOTARY and the expiry as DD/MM/YYYY', () => {
    const svg = renderSealSvg(details);
    const top = arc(svg, 'top');
    expect(top.label).toBe('RAJESH KUMAR SHARMA · DELHI');
    expect(top.glyphs.map((g) => g.text).join('')).toBe('RAJESH KUMAR SHARMADELHI');
    expect(
      arc(svg, 'bottom')
        .glyphs.map((g) => g.text)
        .join(''),
    ).toBe('GOVERNMENT OF NCT OF DELHI');
    expect(centreText(svg, 'notary')).toBe('NOTARY');
    expect(centreText(svg, 'registration')).toBe('Reg. No. DL/2019/04512');
    expect(centreText(svg, 'expiry')).toBe('Valid till 31/03/2027');
    expect(centreText(svg, 'area')).toBeUndefined();
    expect(svg).toContain(
      '<title>Official seal of notary Rajesh Kumar Sharma, Delhi; Reg. No. DL/2019/04512; appointed by Government of NCT of Delhi; valid till 31/03/2027</title>',
    );
    expect(svg).not.toContain('2027-03-31');
  });

  it("puts the area of practice in the centre with outerText 'name', and leaves out the expiry when asked", () => {
    const svg = renderSealSvg(
      { ...details, areaOfPractice: 'Mumbai Suburban District' },
      { outerText: 'name', showExpiry: false },
    );
    expect(arc(svg, 'top').label).toBe('RAJESH KUMAR SHARMA');
    expect(centreText(svg, 'area')).toBe('MUMBAI SUBURBAN DISTRICT');
    expect(centreText(svg, 'expiry')).toBeUndefined();
    expect(svg).not.toContain('31/03/2027');
    expect(centreText(svg, 'registration')).toBe('Reg. No. DL/2019/04512');
  });

  it('escapes every text for XML and still parses', async () => {
    const hostile: SealDetails = {
      name: `A. <script>alert("x")</script> & 'Co'\u0007`,
      areaOfPractice: 'Delhi & <NCR>',
      registrationNumber: 'DL/"2019"/<1>&',
      appointingGovernment: "Government of 'NCT' & <Delhi>",
      commissionExpiresOn: '2027-03-31',
    };
    const svg = renderSealSvg(hostile);
    expect(svg).not.toMatch(/<script|<\/script|<NCR>|<Delhi>|<1>/i);
    expect(svg.includes(String.fromCharCode(7))).toBe(false);
    expect(svg).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &apos;Co&apos;');
    expect(centreText(svg, 'registration')).toBe('Reg. No. DL/"2019"/<1>&');
    // Name and area together are too long for a readable arc here, so the area is in the centre.
    expect(arc(svg, 'top').label).toBe(`A. <SCRIPT>ALERT("X")</SCRIPT> & 'CO'`);
    expect(centreText(svg, 'area')).toBe('DELHI & <NCR>');
    const short = renderSealSvg({ ...hostile, name: '<b>&"Rao"' });
    expect(arc(short, 'top').label).toBe('<B>&"RAO" · DELHI & <NCR>');
    expect(await parsesAsSvg(short)).toBe(true);
    expect(arc(svg, 'bottom').label).toBe("GOVERNMENT OF 'NCT' & <DELHI>");
    expect(await parsesAsSvg(svg)).toBe(true);
    // The check can fail: the same document with one raw '<' in a text does not parse.
    expect(await parsesAsSvg(svg.replace('&lt;script', '<script'))).toBe(false);
  });

  it('shrinks a long name to fit the arc and never lets it overflow', () => {
    const short = arc(renderSealSvg(details, { outerText: 'name' }), 'top');
    const longName = 'Venkata Subrahmanya Lakshmi Narasimha Chakravarthy Ramachandran';
    const long = arc(renderSealSvg({ ...details, name: longName }, { outerText: 'name' }), 'top');
    expect(long.fontSize).toBeLessThan(short.fontSize);
    expect(long.glyphs.map((g) => g.text).join('')).toBe(longName.toUpperCase());
    // The arc may use 72° either side of 12 o'clock; the stars sit at 90°.
    const extent = Math.max(...long.glyphs.map((g) => Math.abs(g.angle)));
    expect(extent).toBeGreaterThan(60);
    expect(extent).toBeLessThan(72);
    // Glyphs run left to right, evenly: no two overlap.
    const angles = long.glyphs.map((g) => g.angle);
    for (let i = 1; i < angles.length; i++) expect(angles[i]!).toBeGreaterThan(angles[i - 1]!);
  });

  it('moves the area to the centre when name and area together would be too small to read', () => {
    const svg = renderSealSvg({
      ...details,
      name: 'Venkata Subrahmanya Lakshmi Narasimha Chakravarthy',
      areaOfPractice: 'Mumbai Suburban District',
    });
    expect(arc(svg, 'top').label).toBe('VENKATA SUBRAHMANYA LAKSHMI NARASIMHA CHAKRAVARTHY');
    expect(centreText(svg, 'area')).toBe('MUMBAI SUBURBAN DISTRICT');
  });

  it('refuses details it cannot draw, with a clear message', () => {
    expect(() => renderSealSvg({ ...details, commissionExpiresOn: '2027-02-30' })).toThrow(
      'commissionExpiresOn — commissionExpiresOn must be a real date as YYYY-MM-DD',
    );
    expect(() => renderSealSvg({ ...details, commissionExpiresOn: '31/03/2027' })).toThrow(AppError);
    expect(() => renderSealSvg({ ...details, registrationNumber: '  ' })).toThrow(
      'registrationNumber must not be empty',
    );
    expect(() => renderSealSvg(details, { colour: 'blue' })).toThrow('colour must be a hex colour');
  });
});

describe('parseSealLayout', () => {
  it('fills missing keys with the defaults', () => {
    expect(parseSealLayout(undefined)).toEqual(DEFAULT_SEAL_LAYOUT);
    expect(parseSealLayout({})).toEqual({
      sizeMm: 50,
      colour: '#1d2a8a',
      outerText: 'name_and_area',
      showExpiry: true,
    });
    expect(parseSealLayout({ colour: '#7A1010', outerText: 'name' })).toEqual({
      ...DEFAULT_SEAL_LAYOUT,
      colour: '#7a1010',
      outerText: 'name',
    });
  });

  it('rejects unknown keys, naming them', () => {
    let caught: unknown;
    try {
      parseSealLayout({ colour: '#000000', shape: 'square' });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(AppError);
    expect((caught as AppError).statusCode).toBe(400);
    expect((caught as AppError).code).toBe('request.invalid');
    expect((caught as AppError).message).toMatch(/^Invalid seal layout: .*shape/);
  });

  it('rejects a colour that is not #rrggbb, saying what is expected', () => {
    for (const colour of ['blue', '#123', '#12345g', 'rgb(0,0,0)', '#1d2a8a;stroke:red']) {
      expect(() => parseSealLayout({ colour })).toThrow(
        'Invalid seal layout: colour — colour must be a hex colour like #1d2a8a (# and six hex digits)',
      );
    }
    expect(() => parseSealLayout({ colour: 123 })).toThrow('colour must be a string like #1d2a8a');
  });

  it('rejects a size, an outer text or an expiry flag out of bounds', () => {
    expect(() => parseSealLayout({ sizeMm: 5 })).toThrow('sizeMm must be at least 20 mm');
    expect(() => parseSealLayout({ sizeMm: '50' })).toThrow('sizeMm must be a number of millimetres');
    expect(() => parseSealLayout({ outerText: 'area' })).toThrow(
      "outerText must be 'name' or 'name_and_area'",
    );
    expect(() => parseSealLayout({ showExpiry: 'yes' })).toThrow('showExpiry must be true or false');
    expect(() => parseSealLayout('round')).toThrow(/^Invalid seal layout/);
  });
});

describe('renderSealPng', () => {
  it('returns a transparent PNG of the configured size (50 mm at 300 dpi = 591 px)', async () => {
    const { png, widthPx, heightPx } = await renderSealPng(details);
    expect([widthPx, heightPx]).toEqual([591, 591]);
    const meta = await sharp(png).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 591, height: 591, hasAlpha: true, density: 300 });
    const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    const alphaAt = (x: number, y: number) => data[(y * info.width + x) * info.channels + 3];
    expect(alphaAt(0, 0)).toBe(0); // corners are outside the circle
    expect(alphaAt(590, 590)).toBe(0);
    expect(alphaAt(295, 295)).toBe(0); // the centre of the field is clear paper
    expect(alphaAt(295, 4)).toBe(255); // the outer ring is solid ink
  });

  it('follows the physical size and the resolution', async () => {
    const cases = [
      { sizeMm: 40, dpi: 300, px: Math.round((40 / 25.4) * 300) },
      { sizeMm: 50, dpi: 600, px: Math.round((50 / 25.4) * 600) },
      { sizeMm: 45, dpi: 150, px: Math.round((45 / 25.4) * 150) },
    ];
    for (const { sizeMm, dpi, px } of cases) {
      const { png, widthPx } = await renderSealPng(details, { layout: { sizeMm }, dpi });
      expect(widthPx).toBe(px);
      const meta = await sharp(png).metadata();
      expect([meta.width, meta.height]).toEqual([px, px]);
    }
    expect(cases.map((c) => c.px)).toEqual([472, 1181, 266]);
    await expect(renderSealPng(details, { dpi: 10_000 })).rejects.toThrow('dpi must be between 72 and 1200');
  });

  it('is deterministic', async () => {
    const [a, b] = await Promise.all([renderSealPng(details), renderSealPng(details)]);
    expect(a.png.equals(b.png)).toBe(true);
  });

  it('draws with Noto Sans (Debian fonts-noto-core), the font the layout is computed for', async () => {
    // Ten bold W at 100 px: 967 px of ink in Noto Sans, 1097 in DejaVu Sans, 944 in Liberation Sans.
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1400" height="200"><text x="20" y="150" font-family="${SEAL_FONT_FAMILY}" font-weight="bold" font-size="100">WWWWWWWWWW</text></svg>`;
    const { info } = await sharp(Buffer.from(svg)).trim().toBuffer({ resolveWithObject: true });
    const message = `seal text is ${info.width} px wide where Noto Sans Bold draws 967: install Debian's fonts-noto-core`;
    expect(info.width >= 957 && info.width <= 977, message).toBe(true);
  });
});

describe('renderSealPng: the registration number (checked by rendering)', () => {
  let dir = '';
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'mohar-seal-ocr-'));
  });
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  /** OCRs the straight "Reg. No." line of a rendered seal with Debian's tesseract. */
  async function ocrRegistrationLine(png: Buffer, size: number, name: string): Promise<string> {
    // The band from just under the rule below NOTARY to just under the registration line, inside the inner ring.
    const unit = size / 1000;
    const top = Math.round((SEAL_CENTRE_LINES.ruleBottom + 8) * unit);
    const bottom = Math.round((SEAL_CENTRE_LINES.registration + 20) * unit);
    const dy = Math.max(SEAL_CENTRE_LINES.registration + 20 - 500, 500 - (SEAL_CENTRE_LINES.ruleBottom + 8));
    const half = Math.sqrt(SEAL_FIELD_RADIUS ** 2 - dy ** 2);
    const left = Math.round((500 - half) * unit);
    const width = Math.round(2 * half * unit);
    const line = await sharp(png)
      .extract({ left, top, width, height: bottom - top })
      .flatten({ background: '#ffffff' })
      .greyscale()
      .resize({ width: width * 4, kernel: 'lanczos3' })
      .extend({ top: 24, bottom: 24, left: 24, right: 24, background: '#ffffff' })
      .png()
      .toBuffer();
    const file = path.join(dir, `${name}.png`);
    await writeFile(file, line);
    try {
      const { stdout } = await run('tesseract', [file, 'stdout', '--psm', '7']);
      return stdout;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
        throw new Error(
          'tesseract is not installed, so the rendered registration number cannot be checked: apt-get install -y tesseract-ocr',
        );
      }
      throw error;
    }
  }

  /** Ignores spacing and case, and reads O as 0 (the same on both sides, so a wrong number still fails). */
  const normalise = (text: string) =>
    text.replace(/\s+/g, '').toUpperCase().replace(/O/g, '0').replace(/\|/g, '/');

  it('contains the registration number (checked by rendering)', async () => {
    const first = await renderSealPng(details);
    const firstText = normalise(await ocrRegistrationLine(first.png, first.widthPx, 'first'));
    expect(firstText).toContain(normalise('Reg. No. DL/2019/04512'));

    // A seal with another number must not read as the first one: one digit apart, then a different shape.
    const near = await renderSealPng({ ...details, registrationNumber: 'DL/2019/04572' });
    const nearText = normalise(await ocrRegistrationLine(near.png, near.widthPx, 'near'));
    expect(nearText).toContain(normalise('DL/2019/04572'));
    expect(nearText).not.toContain(normalise('DL/2019/04512'));

    const other = await renderSealPng(
      { ...details, registrationNumber: 'MH/MUMSUB/2021/123456' },
      { layout: { colour: '#7a1010', sizeMm: 45 } },
    );
    const otherText = normalise(await ocrRegistrationLine(other.png, other.widthPx, 'other'));
    expect(otherText).toContain(normalise('MH/MUMSUB/2021/123456'));
    expect(otherText).not.toContain(normalise('DL/2019/04512'));
  });
});
