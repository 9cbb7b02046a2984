import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { type Account, createVerifiedAccount, signIn, totp, uniqueEmail } from '../fixtures/accounts.ts';
import { API, expectPageReady, paths, SEEDED_URL } from '../fixtures/app.ts';
import { expectAccessibleInEveryVariant } from '../fixtures/axe.ts';

// 8×8 opaque PNG (decodes), and a small complete one-page PDF: what a notary would upload.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWOQlrPBihiGlgQAZi0dQSXVAMMAAAAASUVORK5CYII=',
  'base64',
);
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  'latin1',
);

/** A notary account with two-step verification already on (the e2e server requires it of notaries). */
async function notaryReadyForOnboarding(page: Page) {
  const account = await createVerifiedAccount(page.request, { role: 'notary', name: 'Farah Qureshi' });
  await signIn(page, account);
  const setup = await page.request.post(`${SEEDED_URL}${API}/profile/mfa/setup`, { data: {} });
  const { secret } = (await setup.json()) as { secret: string };
  expect(
    (
      await page.request.post(`${SEEDED_URL}${API}/profile/mfa/enable`, {
        data: { code: await totp(secret) },
      })
    ).status(),
  ).toBe(200);
  return account;
}

test.describe('notaries', () => {
  test.describe.configure({ timeout: 120_000 });

  test('a notary awaiting verification reads on Requests when they open, not an error', async ({ page }) => {
    await notaryReadyForOnboarding(page);
    await page.goto(paths.requests());
    await expect(page.getByTestId('requests-unverified')).toContainText(
      'Requests are available once you are verified',
      { timeout: 20_000 },
    );
    await expect(page.getByTestId('requests-failed')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
  });

  test('a notary onboards with a generated seal and a platform certificate, an admin approves, the notary is listed and goes online; the register exports', async ({
    page,
    browser,
  }) => {
    await notaryReadyForOnboarding(page);
    const registrationNumber = `DL/2024/${Date.now() % 100000}`;

    await page.goto(paths.notary.onboarding());
    await expectPageReady(page, 'Notary application', { timeout: 20_000 });
    await expect(page.getByRole('heading', { name: 'Your details' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Full name as on the certificate' }).fill('Farah Qureshi');
    await page.getByRole('textbox', { name: 'Registration number' }).fill(registrationNumber);
    await page.getByLabel(/^Commission valid until/).fill('2030-06-30');
    await page.getByRole('combobox', { name: 'Appointing government' }).fill('Delhi');
    await page.getByRole('option', { name: 'Delhi', exact: true }).click();
    await page.getByRole('textbox', { name: 'Area of practice' }).fill('South Delhi District');
    await page
      .getByRole('textbox', { name: 'Office address' })
      .fill('B-12 Saket District Court, New Delhi 110017');
    await page.getByRole('combobox', { name: 'Languages you notarise in' }).click();
    await page.getByRole('option', { name: 'English', exact: true }).click();
    await page.getByRole('option', { name: 'Hindi', exact: true }).click();
    await page.keyboard.press('Escape');
    await page.getByTestId('details-continue').click();

    await expect(page.getByRole('heading', { name: 'Your documents' })).toBeVisible();
    await page
      .getByTestId('upload-certificate')
      .setInputFiles({ name: 'certificate.pdf', mimeType: 'application/pdf', buffer: PDF });
    await expect(page.getByRole('link', { name: /Open Certificate of practice/ })).toBeVisible();
    await page
      .getByTestId('upload-photo')
      .setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: PNG });
    await expect(page.getByRole('img', { name: 'Photo' })).toBeVisible();
    // The signature is drawn on the pad.
    const pad = page.getByTestId('signature-pad');
    await pad.scrollIntoViewIfNeeded();
    // Measure after the previews above have loaded and the page has stopped moving.
    await page.waitForLoadState('networkidle');
    const box = await pad.boundingBox();
    if (!box) throw new Error('signature pad not visible');
    await page.mouse.move(box.x + 20, box.y + box.height / 2);
    await page.mouse.down();
    for (let i = 1; i <= 12; i++)
      await page.mouse.move(box.x + 20 + i * 18, box.y + box.height / 2 + (i % 2 ? -18 : 18));
    await page.mouse.up();
    await page.getByTestId('signature-use').click();
    await expect(page.getByRole('img', { name: 'Signature specimen' })).toBeVisible();

    await page.getByTestId('step-seal').click();
    await expect(page.getByRole('heading', { name: 'Your seal' })).toBeVisible();
    await expect(page.getByTestId('seal-preview').locator('img')).toBeVisible();
    await page.getByTestId('seal-use').click();
    await expect(page.getByRole('alert').filter({ hasText: 'Seal saved.' })).toBeVisible();

    await page.getByTestId('step-certificate').click();
    await page.getByRole('button', { name: 'Get a certificate issued by Mohar' }).click();
    await page.getByRole('button', { name: 'Issue the certificate' }).click();
    // The badge also appears in the application summary beside the stepper; the certificate step's is the one meant.
    // Issuing makes an RSA key pair (and, the first time, the platform CA's): seconds on a busy machine.
    await expect(
      page.getByRole('region', { name: 'Current certificate' }).getByTestId('platform-issued-badge'),
    ).toBeVisible({ timeout: 20_000 });

    await page.getByTestId('step-review').click();
    await expect(page.getByTestId('review-checklist').locator('[data-state="missing"]')).toHaveCount(0);
    await page.getByTestId('submit-application').click();
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    await expect(page.getByTestId('status-banner')).toHaveAttribute('data-status', 'pending');

    // Not listed while pending.
    const check = async () =>
      (await (
        await page.request.get(
          `${SEEDED_URL}${API}/notaries/verify?registrationNumber=${encodeURIComponent(registrationNumber)}`,
        )
      ).json()) as {
        notary: unknown;
      };
    expect((await check()).notary).toBeNull();

    // An admin approves.
    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    // An admin of its own: switching the language saves it on the account, which the demo admin shares with other tests.
    const made = await admin.request.post(`${SEEDED_URL}${API}/test-fixtures/users`, {
      data: { role: 'admin', email: uniqueEmail('admin') },
    });
    expect(made.status(), await made.text()).toBe(201);
    await signIn(admin, (await made.json()) as Account);
    await admin.goto(paths.admin.notaries());
    await expectPageReady(admin);
    await admin.getByRole('textbox', { name: 'Search' }).fill(registrationNumber);
    await admin.getByTestId('admin-notary-link').filter({ hasText: 'Farah Qureshi' }).first().click();
    await expect(admin.getByTestId('admin-notary-details')).toContainText(registrationNumber);
    await admin.getByTestId('decision-approve').click();
    // The confirmation's own button, once its dialog is open (on a busy machine the dialog may lag the click).
    await admin.getByRole('dialog').getByRole('button', { name: 'Approve', exact: true }).click();
    await expect(admin.getByRole('alert').filter({ hasText: 'Farah Qureshi is verified.' })).toBeVisible();

    // The public directory finds the notary; the notary goes online.
    await page.goto(paths.notaryDirectory());
    await expectPageReady(page);
    await page
      .getByTestId('verify-form')
      .getByRole('textbox', { name: 'Registration number' })
      .fill(registrationNumber);
    await page.getByTestId('verify-form').getByRole('button', { name: 'Check' }).click();
    await expect(page.getByTestId('verify-result')).toContainText('Verified on Mohar');
    await expect(page.getByTestId('verify-result')).toContainText('Farah Qureshi');

    await page.goto(paths.dashboard());
    const receive = page.getByRole('switch', { name: 'Receive requests' });
    await receive.check({ force: true });
    await expect(receive).toBeChecked();
    // The switch turns at once; the server keeps it when its request lands.
    await expect
      .poll(async () => {
        const profile = await (await page.request.get(`${SEEDED_URL}${API}/notary/profile`)).json();
        return profile.notary.isOnline;
      })
      .toBe(true);

    // Compliance sees the switch in the notary's availability history; no act yet, so nothing earned.
    await admin.reload();
    await expect(admin.getByTestId('notary-availability-event').first()).toContainText(
      'Went online, working 10:00–20:00 IST',
    );
    await expect(admin.getByTestId('notary-payouts')).toContainText('No completed act in this period.');
    await expect(admin.getByTestId('notary-register')).toContainText('No notarial act is recorded');
    await expect(admin.getByTestId('notary-ratings')).toContainText('No client has rated a session');
    await adminContext.close();

    // The register (empty until sealing exists) exports as CSV and PDF.
    await page.goto(paths.notary.register());
    await expect(page.getByTestId('register-empty')).toBeVisible();
    const [csv] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('register-download-csv').click(),
    ]);
    expect(csv.suggestedFilename()).toBe('notarial-register.csv');
    const csvText = await readFile(await csv.path(), 'utf8');
    expect(csvText).toContain('Serial No.,Date,Notarial act');
    const [pdf] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('register-download-pdf').click(),
    ]);
    expect(pdf.suggestedFilename()).toBe('notarial-register.pdf');
    const pdfBytes = await readFile(await pdf.path());
    expect(pdfBytes.subarray(0, 5).toString()).toBe('%PDF-');
  });

  test('the public directory lists the verified demo notaries, filters by language, and checks a registration number', async ({
    page,
  }) => {
    await page.goto(paths.notaryDirectory());
    await expectPageReady(page);
    // The demo notary by their registration number: other tests' notaries on this server may share the demo's name.
    const ravi = page.getByTestId('notary-card').filter({ hasText: 'DL/2019/04512' });
    await expect(ravi).toContainText('Ravi Shankar Iyer');
    await expect(page.getByTestId('notary-card').filter({ hasText: 'Arjun Gowda' })).toHaveCount(0);

    await page.getByRole('combobox', { name: 'Language' }).click();
    await page.getByRole('option', { name: 'Marathi', exact: true }).click();
    await expect(page.getByTestId('notary-card').filter({ hasText: 'Lakshmi Deshpande' })).toBeVisible();
    await expect(page.getByTestId('notary-card').filter({ hasText: 'Ravi Shankar Iyer' })).toHaveCount(0);
    await expect(ravi).toHaveCount(0);

    await page
      .getByTestId('verify-form')
      .getByRole('textbox', { name: 'Registration number' })
      .fill('KA/2024/00931');
    await page.getByTestId('verify-form').getByRole('button', { name: 'Check' }).click();
    await expect(page.getByTestId('verify-not-found')).toBeVisible();
  });
});

test.describe('accessibility of the notary screens (axe-core): no serious or critical violations', () => {
  test('directory, onboarding, register, admin queue and an application', async ({ page, browser }) => {
    test.setTimeout(90_000);
    await page.goto(paths.notaryDirectory());
    await expect(page.getByTestId('notary-card').first()).toBeVisible();
    await expectAccessibleInEveryVariant(page, { label: paths.notaryDirectory() });
    await notaryReadyForOnboarding(page);
    await page.goto(paths.notary.onboarding());
    await expect(page.getByRole('heading', { name: 'Your details' })).toBeVisible();
    await expectAccessibleInEveryVariant(page, { label: paths.notary.onboarding() });
    await page.goto(paths.notary.register());
    await expect(page.getByTestId('register-empty')).toBeVisible();
    await expectAccessibleInEveryVariant(page, { label: paths.notary.register() });

    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    // An admin of its own: switching the language saves it on the account, which the demo admin shares with other tests.
    const made = await admin.request.post(`${SEEDED_URL}${API}/test-fixtures/users`, {
      data: { role: 'admin', email: uniqueEmail('admin') },
    });
    expect(made.status(), await made.text()).toBe(201);
    await signIn(admin, (await made.json()) as Account);
    await admin.goto(paths.admin.notaries());
    await expect(admin.getByTestId('admin-notary-link').first()).toBeVisible();
    await expectAccessibleInEveryVariant(admin, { label: paths.admin.notaries() });
    await admin.getByTestId('admin-notary-link').first().click();
    await expect(admin.getByTestId('admin-notary-details')).toBeVisible();
    // The notary's record has loaded too (its sections are checked with the page).
    await expect(admin.getByTestId('payout-total')).toBeVisible();
    await expect(admin.getByTestId('notary-acts').getByRole('status')).toHaveCount(0);
    await expectAccessibleInEveryVariant(admin, { label: 'an application (admin)' });
    await adminContext.close();
  });
});
