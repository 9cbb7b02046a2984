import { PDFDocument } from '@cantoo/pdf-lib';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { createVerifiedAccount, signIn, uniqueEmail } from '../fixtures/accounts.ts';
import { API, expectPageReady, paths, SEEDED_URL } from '../fixtures/app.ts';
import { cardFront } from '../fixtures/identity.ts';
import { tabTo } from '../fixtures/keyboard.ts';

/**
 * Issue 23: the wizard and the signatory portal with the keyboard alone. Nothing here clicks: every control is reached
 * with Tab (so it is in the tab order), shows a focus ring there, and is worked with Enter, Space, arrows and typing.
 * Data is built by the test-fixtures module; each journey opens one page and moves inside the app from there.
 */

/** A dialog opened from `opener`: focus is inside, Tab stays inside, Escape closes it and gives focus back. */
async function expectDialogKeepsFocus(page: Page, opener: Locator) {
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.locator(':focus')).toHaveCount(1);
  for (let presses = 0; presses < 6; presses += 1) {
    await page.keyboard.press('Tab');
    await expect(dialog.locator(':focus')).toHaveCount(1);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(opener).toBeFocused();
}

/**
 * Enter on the focused button opens the file picker, answered with `file`. The picker is intercepted from the page's
 * start (`page.on` in each test): a key press reaches the page sooner than a click, before a listener added just
 * then has turned the interception on.
 */
async function pickWithEnter(page: Page, file: { name: string; mimeType: string; buffer: Buffer }) {
  const chooser = page.waitForEvent('filechooser');
  await page.keyboard.press('Enter');
  await (await chooser).setFiles(file);
}

async function onePagePdf(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.addPage([595, 842]);
  return Buffer.from(await pdf.save());
}

const step = (page: Page, name: string) => page.getByTestId(`wizard-step-${name}`);
const heading = (page: Page, name: string) => step(page, name).getByRole('heading', { level: 2 });

test.describe('keyboard only', () => {
  test.describe.configure({ timeout: 60_000 });

  test('a client starts an application, uploads, picks the notary, adds themself, describes it and submits it up to payment; dialogs give focus back', async ({
    page,
  }) => {
    page.on('filechooser', () => undefined);
    await signIn(page, await createVerifiedAccount(page.request, { name: 'Kavya Rao' }));
    await page.goto(paths.applications.list());
    await expectPageReady(page, 'Applications', { timeout: 20_000 });
    await tabTo(page, page.getByTestId('applications-empty-start'));
    await page.keyboard.press('Enter');
    await expect(step(page, 'document')).toBeVisible({ timeout: 20_000 });
    // An in-app navigation puts the focus on the new screen's heading (a full page load's starting point), so the
    // next Tab continues into the screen rather than from the top of the page.
    await expect(page.locator('main h1')).toBeFocused();

    // The drop zone is one button: Enter opens the file picker.
    await tabTo(page, page.getByTestId('document-drop-zone'), { max: 60 });
    await pickWithEnter(page, {
      name: 'affidavit.pdf',
      mimeType: 'application/pdf',
      buffer: await onePagePdf(),
    });
    await expect(page.getByTestId('document-uploaded')).toBeVisible();

    // "Delete draft" asks first; its dialog holds the focus and gives it back to the button on Escape.
    const remove = page.getByTestId('delete-draft');
    await tabTo(page, remove);
    await page.keyboard.press('Enter');
    await expectDialogKeepsFocus(page, remove);

    await tabTo(page, step(page, 'document').getByTestId('wizard-next'), { backwards: true });
    await page.keyboard.press('Enter');
    await expect(heading(page, 'notary')).toBeFocused();

    // Radio cards: Space picks the one in focus.
    const firstAvailable = page.getByTestId('choice-first-available');
    await tabTo(page, firstAvailable);
    await page.keyboard.press('Space');
    await expect(firstAvailable).toHaveAttribute('data-checked', 'true');
    await tabTo(page, step(page, 'notary').getByTestId('wizard-next'));
    await page.keyboard.press('Enter');
    await expect(heading(page, 'signatories')).toBeFocused();

    // "Add myself" fills the row and moves to it; the date of birth reads DD/MM/YYYY.
    await tabTo(page, page.getByTestId('add-myself'));
    await page.keyboard.press('Enter');
    const me = page.getByTestId('signatory-row').first();
    await expect(me.getByLabel('Full name')).toBeFocused();
    await expect(me.getByLabel('Date of birth')).toHaveValue('12/04/1991');
    await tabTo(page, step(page, 'signatories').getByTestId('wizard-next'));
    await page.keyboard.press('Enter');
    await expect(heading(page, 'details')).toBeFocused();

    // Details: a select opened with the arrows, radio cards, text typed in.
    const details = step(page, 'details');
    await tabTo(page, details.getByRole('combobox', { name: 'Document type' }));
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('option', { name: 'Affidavit', exact: true })).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(details.getByRole('combobox', { name: 'Document type' })).toHaveValue('Affidavit');
    await tabTo(page, details.getByTestId('act-attest_execution'));
    await page.keyboard.press('ArrowRight');
    await expect(details.getByTestId('act-affidavit_oath')).toBeFocused();
    await page.keyboard.press('Space');
    await expect(details.getByTestId('act-affidavit_oath')).toHaveAttribute('data-checked', 'true');
    await tabTo(page, details.getByRole('textbox', { name: 'Title' }));
    await page.keyboard.type('Affidavit of address');
    await tabTo(page, details.getByRole('textbox', { name: 'Short description' }));
    await page.keyboard.type('My residential address, for my bank.');
    await tabTo(page, details.getByRole('combobox', { name: 'Language of the document' }));
    await page.keyboard.type('Engl');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(details.getByRole('combobox', { name: 'Language of the document' })).toHaveValue('English');
    await tabTo(page, details.getByRole('textbox', { name: 'Purpose' }));
    await page.keyboard.type('Submission to a bank');
    await tabTo(page, details.getByTestId('wizard-next'));
    await page.keyboard.press('Enter');
    await expect(heading(page, 'review')).toBeFocused();

    // Review: submit; the view's "Pay" opens the checkout, whose pay button is reachable too.
    await tabTo(page, page.getByRole('button', { name: 'Submit application' }));
    await page.keyboard.press('Enter');
    await expect(page.getByText('Application submitted. Next: payment.')).toBeVisible();
    await tabTo(page, page.getByTestId('pay-action'));
    await page.keyboard.press('Enter');
    await tabTo(page, page.getByTestId('checkout-pay'));
  });

  test('a signatory opens their link, confirms the e-mail, consents, and adds the card front with its number hidden', async ({
    page,
  }) => {
    page.on('filechooser', () => undefined);
    const email = uniqueEmail('signatory');
    const built = await page.request.post(`${SEEDED_URL}${API}/test-fixtures/applications`, {
      data: {
        status: 'paid',
        details: { title: 'Rent agreement, Kothrud' },
        signatories: [{ fullName: 'Ishaan Gupta', email, role: 'executant' }],
      },
    });
    expect(built.status(), await built.text()).toBe(201);
    const token = (await built.json()).signatories[0].token as string;
    await page.goto(paths.accessApplication(token));
    await expectPageReady(page, 'Rent agreement, Kothrud', { timeout: 20_000 });

    // The e-mail code: sent with Enter, the six digits typed where focus lands.
    const since = Date.now() - 1000;
    await tabTo(page, page.getByTestId('email-code-send'));
    await page.keyboard.press('Enter');
    await expect(page.getByLabel('Digit 1 of 6')).toBeFocused();
    let code = '';
    await expect
      .poll(async () => {
        const { data } = (await (await page.request.get(`${SEEDED_URL}${API}/dev/mailbox`)).json()) as {
          data: Array<{ to: string; subject: string; createdAt: string }>;
        };
        const mail = data.find(
          (m) => m.to === email && /^\d{6} /.test(m.subject) && Date.parse(m.createdAt) >= since,
        );
        code = mail?.subject.slice(0, 6) ?? '';
        return code;
      })
      .toMatch(/^\d{6}$/);
    await page.keyboard.type(code);

    const accept = page.getByTestId('consent-accept');
    await tabTo(page, accept);
    await page.keyboard.press('Enter');
    const front = page.locator('[data-testid="identity-slot"][data-kind="aadhaar_front"]');

    // The camera dialog (Chromium's fake camera) holds the focus and gives it back to its button.
    const camera = front.getByTestId('identity-camera');
    await tabTo(page, camera);
    await page.keyboard.press('Enter');
    await expectDialogKeepsFocus(page, camera);

    // A file, then a black box added and moved with the keyboard before sending.
    const choose = front.getByTestId('identity-file');
    await tabTo(page, choose);
    await pickWithEnter(page, { name: 'front.jpg', mimeType: 'image/jpeg', buffer: await cardFront() });
    const mask = page.getByRole('dialog');
    await expect(mask).toBeVisible();
    await tabTo(page, mask.getByRole('button', { name: 'Add a box' }));
    await page.keyboard.press('Enter');
    const box = mask.getByTestId('mask-box');
    await tabTo(page, box, { backwards: true });
    const before = await box.boundingBox();
    await page.keyboard.press('ArrowDown');
    await expect.poll(async () => (await box.boundingBox())?.y).toBeGreaterThan(before?.y ?? 0);
    await tabTo(page, mask.getByTestId('mask-send'));
    await page.keyboard.press('Enter');
    await expect(front).toHaveAttribute('data-uploaded', 'true', { timeout: 20_000 });
    await expect(mask).toHaveCount(0);
    // The dialog opened from "Choose": focus is back on that slot's button, now "Choose another".
    await expect(choose).toBeFocused();
  });
});
