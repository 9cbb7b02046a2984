import type { SignaturePlaces } from '@mohar/contracts';
import { expect, type Page, test } from '@playwright/test';
import { createVerifiedAccount, signIn, uniqueEmail } from '../fixtures/accounts.ts';
import { API, paths, SEEDED_URL } from '../fixtures/app.ts';
import { expectAccessibleInEveryVariant } from '../fixtures/axe.ts';
import { completeDraft } from '../fixtures/payments.ts';

async function placesOf(page: Page, id: string): Promise<SignaturePlaces> {
  const res = await page.request.get(`${SEEDED_URL}${API}/applications/${id}/signature-places`);
  expect(res.status()).toBe(200);
  return res.json();
}

/** Signed in as a new client with a complete two-signatory draft, on its review step. */
async function draftOnReview(page: Page) {
  await signIn(page, await createVerifiedAccount(page.request));
  const id = await completeDraft(page.request, {
    title: 'Rent agreement',
    signatories: [
      { fullName: 'Asha Verma', email: uniqueEmail('asha') },
      { fullName: 'Bela Rao', email: uniqueEmail('bela') },
    ],
  });
  await page.goto(paths.applications.edit(id, 'review'));
  await expect(page.getByTestId('places-summary')).toHaveText('Default signature block', { timeout: 20_000 });
  return id;
}

test.describe('signature places', () => {
  test.describe.configure({ timeout: 120_000 });

  test('the owner places, drags and moves a box by keyboard, chooses initials, saves; the server keeps it', async ({
    page,
  }) => {
    const id = await draftOnReview(page);
    await page.getByTestId('places-open').click();
    const dialog = page.getByTestId('places-dialog');
    const overlay = dialog.locator('[data-testid="places-page-overlay"][data-page="0"]');
    await expect(overlay).toBeVisible({ timeout: 20_000 });

    // Bela's box: chosen in the chooser, then a tap on the paper puts it there.
    await dialog.getByRole('radio', { name: /Bela Rao/ }).check();
    await overlay.click({ position: { x: 200, y: 160 } });
    const box = dialog.getByTestId('places-box');
    await expect(box).toHaveCount(1);
    const { signatories } = await placesOf(page, id);
    const bela = signatories.find((s) => s.name === 'Bela Rao');
    await expect(box).toHaveAttribute('data-signatory-id', bela?.signatoryId ?? '');

    // Dragged down and to the left, then nudged right with the keyboard.
    const start = await box.boundingBox();
    if (!start) throw new Error('the box is not drawn');
    await page.mouse.move(start.x + start.width / 2, start.y + start.height / 2);
    await page.mouse.down();
    await page.mouse.move(start.x + start.width / 2 - 60, start.y + start.height / 2 + 120, { steps: 8 });
    await page.mouse.up();
    const dragged = await box.boundingBox();
    expect(dragged?.y ?? 0).toBeGreaterThan(start.y + 80);
    expect(dragged?.x ?? 0).toBeLessThan(start.x - 40);
    await box.focus();
    await page.keyboard.press('Shift+ArrowRight');
    // Shift + arrow: 10 points.
    await expect.poll(async () => ((await box.boundingBox())?.x ?? 0) - (dragged?.x ?? 0)).toBeGreaterThan(5);
    await dialog.getByTestId('places-initials').check();
    await expectAccessibleInEveryVariant(page, {
      label: 'the signature places editor',
      include: '[role="dialog"]',
    });

    // Where the box is drawn, in PDF points (A4, origin bottom-left): what the server must have stored.
    const [paper, drawn] = [await overlay.boundingBox(), await box.boundingBox()];
    if (!paper || !drawn) throw new Error('the page or the box is not drawn');
    const scale = paper.width / 595;
    const expected = {
      x: (drawn.x - paper.x) / scale,
      y: 842 - (drawn.y - paper.y + drawn.height) / scale,
      width: drawn.width / scale,
    };

    await dialog.getByTestId('places-save').click();
    await expect(page.getByText('Signature places saved.')).toBeVisible();
    await expect(page.getByTestId('places-summary')).toHaveText('1 box placed · Initials on every page');

    const stored = await placesOf(page, id);
    expect(stored.initialsOnEveryPage).toBe(true);
    expect(stored.placements).toHaveLength(1);
    const [placed] = stored.placements;
    expect(placed).toMatchObject({ signatoryId: bela?.signatoryId, page: 0 });
    expect(Math.abs((placed?.x ?? 0) - expected.x)).toBeLessThan(2);
    expect(Math.abs((placed?.y ?? 0) - expected.y)).toBeLessThan(2);
    expect(Math.abs((placed?.width ?? 0) - expected.width)).toBeLessThan(2);

    // After a reload the box is where it was saved.
    await page.reload();
    await page.getByTestId('places-open').click();
    await expect(page.getByTestId('places-dialog').getByTestId('places-box')).toHaveCount(1, {
      timeout: 20_000,
    });
  });

  test('on a phone the editor fills the screen, a tap adds a box, and Cancel keeps what was saved', async ({
    browser,
  }) => {
    const context = await browser.newContext({
      viewport: { width: 375, height: 740 },
      hasTouch: true,
      isMobile: true,
    });
    const page = await context.newPage();
    const id = await draftOnReview(page);
    await page.getByTestId('places-open').click();
    const overlay = page.locator('[data-testid="places-page-overlay"][data-page="0"]');
    await expect(overlay).toBeVisible({ timeout: 20_000 });
    const dialogBox = await page.getByRole('dialog').boundingBox();
    expect(dialogBox?.width).toBeGreaterThanOrEqual(370);
    const paper = await overlay.boundingBox();
    if (!paper) throw new Error('the page is not drawn');
    await page.touchscreen.tap(paper.x + paper.width * 0.5, paper.y + paper.height * 0.3);
    await expect(page.getByTestId('places-box')).toHaveCount(1);
    await page.getByTestId('places-cancel').click();
    await expect(page.getByTestId('places-dialog')).toBeHidden();
    expect((await placesOf(page, id)).placements).toEqual([]);
    await context.close();
  });
});
