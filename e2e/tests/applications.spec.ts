import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib';
import { expect, type Page, test } from '@playwright/test';
import { createVerifiedAccount, signIn } from '../fixtures/accounts.ts';
import { API, expectPageReady, paths, SEEDED_URL } from '../fixtures/app.ts';
import { expectAccessibleInEveryVariant } from '../fixtures/axe.ts';

/** A real two-page affidavit, as a client would export it from a word processor. */
async function affidavitPdf(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (const text of ['AFFIDAVIT OF ADDRESS', 'Verification']) {
    const page = pdf.addPage([595, 842]);
    page.drawText(text, { x: 72, y: 760, size: 20, font });
    page.drawText('I, the deponent, solemnly affirm that the statements above are true.', {
      x: 72,
      y: 720,
      size: 11,
      font,
    });
  }
  return Buffer.from(await pdf.save());
}

const step = (page: Page, name: string) => page.getByTestId(`wizard-step-${name}`);

async function expectSaved(page: Page) {
  await expect(page.getByTestId('save-state')).toHaveAttribute('data-state', 'saved', { timeout: 10_000 });
}

/** The id in /applications/:id/edit or /application-view/:id. */
const idFrom = (url: string) => /\/(?:applications|application-view)\/([0-9a-f-]{36})/.exec(url)?.[1] ?? '';

test.describe('applications', () => {
  test.describe.configure({ timeout: 120_000 });

  test('a client completes the wizard with a real PDF, leaves midway and resumes, sees the fee, submits, finds it in the list and cancels it', async ({
    page,
  }) => {
    const account = await createVerifiedAccount(page.request, { name: 'Meera Pillai' });
    await signIn(page, account);

    // 1. Document: a new draft opens on the document step; the upload shows the pdf.js preview.
    await page.goto(paths.applications.new());
    // A cold first screen on a busy CI machine may take longer than the default wait.
    await expect(page).toHaveURL(/\/applications\/[0-9a-f-]{36}\/edit/, { timeout: 20_000 });
    const id = idFrom(page.url());
    await expect(step(page, 'document')).toBeVisible({ timeout: 20_000 });
    await expectAccessibleInEveryVariant(page, { label: 'wizard: document step' });
    await page.getByTestId('document-input').setInputFiles({
      name: 'affidavit-of-address.pdf',
      mimeType: 'application/pdf',
      buffer: await affidavitPdf(),
    });
    await expect(page.getByTestId('document-uploaded')).toBeVisible();
    await expect(page.getByTestId('document-name')).toHaveText('affidavit-of-address.pdf');
    await expect(page.getByTestId('document-facts')).toContainText('2 pages');
    await expect(step(page, 'document').getByTestId('pdf-page').first()).toBeVisible({ timeout: 20_000 });

    // 2. Notary: "first available".
    await page.getByRole('button', { name: 'Next: Notary' }).click();
    await expect(step(page, 'notary')).toBeVisible();
    await page.getByRole('radio', { name: /First available notary/ }).check();
    await expectSaved(page);

    // Leave midway; the list offers to continue the draft, which resumes at the first unfinished step.
    await page.goto(paths.applications.list());
    await expectPageReady(page, 'Applications');
    const continueDraft = page.getByTestId('application-continue').first();
    await expect(continueDraft).toBeVisible();
    await continueDraft.click();
    await expect(page).toHaveURL(new RegExp(`/applications/${id}/edit`));
    await expect(step(page, 'signatories')).toBeVisible();

    // 3. Signatories: "Add myself" fills the client's own details.
    await page.getByTestId('add-myself').click();
    const me = page.getByTestId('signatory-row').first();
    await expect(me.getByLabel('Full name')).toHaveValue('Meera Pillai');
    await expect(me.getByLabel('E-mail')).toHaveValue(account.email);
    await expect(me.getByLabel('Date of birth')).toHaveValue('12/04/1991');
    await expectSaved(page);
    await page.getByRole('button', { name: 'Next: Document details' }).click();

    // 4. Document details.
    const details = step(page, 'details');
    await expect(details).toBeVisible();
    await details.getByRole('combobox', { name: 'Document type' }).click();
    await page.getByRole('option', { name: 'Affidavit', exact: true }).click();
    await details.getByRole('radio', { name: /Affidavit \/ oath/ }).check();
    await details.getByRole('textbox', { name: 'Title' }).fill('Affidavit of address');
    await details
      .getByRole('textbox', { name: 'Short description' })
      .fill('My residential address, for my bank.');
    await details.getByRole('combobox', { name: 'Language of the document' }).click();
    await page.getByRole('option', { name: 'English', exact: true }).click();
    await details.getByRole('textbox', { name: 'Purpose' }).fill('Home loan papers for SBI');
    await expectSaved(page);
    await expectAccessibleInEveryVariant(page, { label: 'wizard: details step' });
    await page.getByRole('button', { name: 'Next: Review and fee' }).click();

    // 5. Review and fee: the server's line-by-line breakdown (default settings: ₹299 + 18% GST + ₹200).
    const fee = page.getByTestId('fee-breakdown');
    await expect(fee).toBeVisible();
    await expect(fee).toContainText('Platform fee');
    await expect(fee).toContainText('GST 18% on the platform fee');
    await expect(fee).toContainText('Notarial fee (affidavit / oath)');
    await expect(page.getByTestId('fee-total')).toHaveText('₹552.82');
    await expectAccessibleInEveryVariant(page, { label: 'wizard: review' });
    await page.getByRole('button', { name: 'Submit application' }).click();
    await expect(page).toHaveURL(paths.applications.view(id));
    await expect(page.getByText('Application submitted. Next: payment.')).toBeVisible();

    // The list shows it with its status.
    await page.goto(paths.applications.list());
    const row = page.locator(`[data-testid="application-row"]`, { hasText: 'Affidavit of address' });
    await expect(row.getByTestId('application-status')).toHaveAttribute('data-status', 'awaiting_payment');
    await expect(row.getByTestId('application-status')).toHaveText('Awaiting payment');
    // (The list's axe check, in four variants, is the account screens' one: accounts-accessibility.spec.ts.)

    // The view: cancel, with a confirmation and a reason; the timeline gains the event.
    await row.getByTestId('application-view-link').click();
    await expect(page).toHaveURL(paths.applications.view(id));
    await expect(page.getByTestId('application-fee')).toContainText('₹552.82');
    await expectAccessibleInEveryVariant(page, { label: 'application view' });
    await page.getByTestId('action-cancel').click();
    const dialog = page.getByTestId('cancel-dialog');
    await expect(dialog).toBeVisible();
    await dialog.getByTestId('cancel-reason').fill('Signed on paper at the bank instead');
    await dialog.getByTestId('cancel-confirm').click();
    await expect(page.getByTestId('application-view')).toHaveAttribute('data-status', 'cancelled');
    await expect(page.getByTestId('timeline-event').last()).toHaveAttribute('data-status', 'cancelled');
    await expect(page.getByTestId('application-timeline')).toContainText(
      'Signed on paper at the bank instead',
    );
    await expect(page.getByTestId('action-cancel')).toHaveCount(0);

    const stored = await page.request.get(`${SEEDED_URL}${API}/applications/${id}`);
    expect((await stored.json()).application.status).toBe('cancelled');
  });

  test('a file that is not a PDF is refused before upload, and a damaged one by the server', async ({
    page,
  }) => {
    const account = await createVerifiedAccount(page.request);
    await signIn(page, account);
    await page.goto(paths.applications.new());
    await expect(step(page, 'document')).toBeVisible({ timeout: 20_000 });
    await page.getByTestId('document-input').setInputFiles({
      name: 'notes.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('These are my notes, not a PDF.'),
    });
    await expect(page.getByTestId('document-error')).toContainText('not a PDF');
    const pdf = await affidavitPdf();
    await page.getByTestId('document-input').setInputFiles({
      name: 'cut.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.concat([pdf.subarray(0, pdf.length / 2), Buffer.from('\n%%EOF\n')]),
    });
    await expect(page.getByTestId('document-error')).toContainText(/damaged|incomplete/i);
    await expect(page.getByTestId('document-uploaded')).toHaveCount(0);
  });

  test('someone else’s application is not found', async ({ page, browser }) => {
    const owner = await createVerifiedAccount(page.request);
    await signIn(page, owner);
    const created = await page.request.post(`${SEEDED_URL}${API}/applications`, { data: {} });
    const { _id: id } = (await created.json()).application as { _id: string };

    const other = await browser.newPage();
    await signIn(other, await createVerifiedAccount(other.request));
    await other.goto(paths.applications.view(id));
    await expect(other.getByTestId('application-not-found')).toBeVisible();
    await other.close();
  });

  test('an empty list invites the client to start', async ({ page }) => {
    await signIn(page, await createVerifiedAccount(page.request));
    await page.goto(paths.applications.list());
    await expect(page.getByTestId('applications-empty')).toBeVisible();
    await page.getByTestId('applications-empty-start').click();
    await expect(page).toHaveURL(/\/applications\/[0-9a-f-]{36}\/edit/);
  });
});
