import { type CDPSession, expect, type Page, test } from '@playwright/test';
import { expectPageReady, paths } from '../fixtures/app.ts';

// Fonts are fetched only for text a page really shows (docs/decisions/0017-css-and-fonts.md): each @font-face's
// unicode-range makes the browser download a file only when a character in its range is drawn with that family.

/** The font files (by name, without the build hash) the page has fetched so far. */
function fontRequests(page: Page): string[] {
  const names: string[] = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() === 'font') names.push(new URL(request.url()).pathname.replace(/^.*\//, ''));
  });
  return names;
}

/** The fonts Chromium actually drew a node's text with (DevTools' "Rendered fonts"), by family name. */
async function renderedFonts(cdp: CDPSession, selector: string): Promise<string[]> {
  const { root } = await cdp.send('DOM.getDocument', { depth: 0 });
  const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
  const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
  return fonts.map((font) => font.familyName);
}

async function openCdp(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('DOM.enable');
  await cdp.send('CSS.enable');
  return cdp;
}

const settled = async (page: Page) => {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
};

test('an English page draws “हिन्दी” on the switch from its tiny face; Hindi text brings Noto Sans Devanagari', async ({
  page,
}) => {
  const fetched = fontRequests(page);
  await page.goto(paths.home());
  await expectPageReady(page);
  const hindiLabel = page.getByTestId('site-header').getByRole('radio', { name: 'हिन्दी' });
  await expect(hindiLabel).toBeAttached();
  await settled(page);
  const cdp = await openCdp(page);

  // The label is drawn with every glyph from the label face; the full Devanagari font is never fetched.
  const labelSelector = '[data-testid="site-header"] span[lang="hi"]';
  expect(await renderedFonts(cdp, labelSelector)).toEqual(['Noto Sans Devanagari']);
  expect(fetched.filter((name) => name.startsWith('hindi-label-'))).toHaveLength(1);
  expect(fetched.filter((name) => name.startsWith('noto-sans-devanagari-'))).toEqual([]);

  await page
    .getByTestId('site-header')
    .getByRole('radiogroup', { name: 'Language' })
    .getByText('हिन्दी')
    .click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  await expectPageReady(page);
  await settled(page);
  // Hindi text elsewhere is set in Noto Sans Devanagari, fetched now: regular for body text, bold for headings.
  expect(await renderedFonts(cdp, 'h1')).toContain('Noto Sans Devanagari');
  expect(fetched.some((name) => name.startsWith('noto-sans-devanagari-devanagari-400-'))).toBe(true);
  expect(fetched.some((name) => name.startsWith('noto-sans-devanagari-devanagari-700-'))).toBe(true);
});

test('“₹” comes from a one-glyph face: a page of fees does not fetch Inter’s latin-ext file', async ({
  page,
}) => {
  const fetched = fontRequests(page);
  await page.goto(paths.company.pricing());
  await expectPageReady(page, 'Pricing');
  const fee = page.getByRole('main').getByText(/^₹/).first();
  await expect(fee).toBeVisible();
  await settled(page);
  expect(fetched.filter((name) => name.startsWith('inter-rupee-'))).toHaveLength(1);
  expect(fetched.filter((name) => name.startsWith('inter-latin-ext-'))).toEqual([]);
  expect(fetched.filter((name) => name.startsWith('noto-sans-devanagari-'))).toEqual([]);
});

test('English text comes from Inter’s basic cut; a character outside it still gets Inter’s whole latin file', async ({
  page,
}) => {
  const fetched = fontRequests(page);
  await page.goto(paths.home());
  await expectPageReady(page);
  await settled(page);
  const cdp = await openCdp(page);
  // The page's own words (with “ ” ’ — …) need only the cut (docs/decisions/0022).
  expect(await renderedFonts(cdp, 'h1')).toEqual(['Inter']);
  expect(fetched.filter((name) => name.startsWith('inter-basic-'))).toHaveLength(1);
  expect(fetched.filter((name) => name.startsWith('inter-latin-wght-'))).toEqual([]);

  // A name with an accent, as a visitor may type or an article may hold: drawn in Inter from the latin file.
  await page.evaluate(() => {
    const name = document.createElement('p');
    name.id = 'accented';
    name.textContent = 'Zoë Désirée';
    document.body.append(name);
  });
  await settled(page);
  await expect.poll(() => fetched.filter((name) => name.startsWith('inter-latin-wght-')).length).toBe(1);
  expect(await renderedFonts(cdp, '#accented')).toEqual(['Inter']);
});
