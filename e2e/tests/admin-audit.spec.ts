import { expect, test } from '@playwright/test';
import { type FixtureCookie, signIn, uniqueEmail } from '../fixtures/accounts.ts';
import { API, expectPageReady, paths, SEEDED_URL } from '../fixtures/app.ts';
import { expectAccessibleInEveryVariant } from '../fixtures/axe.ts';

test.describe('the audit view and step-up (issue 22)', () => {
  test('viewing identity images asks for the password again and appears in the audit view', async ({
    page,
  }) => {
    // Three screens and a dialog, an accessibility check each: most of 30 s on a busy 2-core machine.
    test.setTimeout(90_000);
    const fixture = (path: string, data: object) =>
      page.request.post(`${SEEDED_URL}${API}/test-fixtures/${path}`, { data });
    // An application whose signatory has submitted their identity, and an owner admin without two-step verification.
    const built = await fixture('applications', { status: 'ready' });
    expect(built.status(), await built.text()).toBe(201);
    const application = (await built.json()) as { _id: string; signatories: Array<{ fullName: string }> };
    const made = await fixture('users', {
      role: 'admin',
      email: uniqueEmail('owner'),
      name: 'Ojas Owner',
      mfa: false,
    });
    expect(made.status(), await made.text()).toBe(201);
    const admin = (await made.json()) as {
      _id: string;
      email: string;
      password: string;
      cookie: FixtureCookie;
    };
    await signIn(page, admin);
    // Signed in six minutes ago, as far as sensitive actions are concerned.
    expect((await fixture('step-up/age', { userId: admin._id, minutes: 6 })).status()).toBe(204);

    // The admin's dashboard (its counts), in both languages and colour schemes.
    await page.goto(paths.dashboard());
    await expect(page.getByTestId('admin-count-notariesWaiting')).toBeVisible({ timeout: 20_000 });
    await expectAccessibleInEveryVariant(page, { label: "the admin's dashboard" });

    await page.goto(paths.applications.view(application._id));
    await expectPageReady(page);
    const name = application.signatories[0]?.fullName ?? '';
    await page.getByTestId('signatory').filter({ hasText: name }).getByTestId('identity-images-open').click();
    await page.getByTestId('identity-images-reason').fill('Complaint MOH-2211: name mismatch');
    await page.getByTestId('identity-images-confirm').click();

    const stepUp = page.getByRole('dialog', { name: 'Confirm it is you' });
    await expect(stepUp).toBeVisible();
    await stepUp.getByLabel('Password', { exact: true }).fill('not my password');
    await stepUp.getByTestId('step-up-confirm').click();
    await expect(stepUp.getByRole('alert')).toBeVisible();
    // The dialog with its error, in both languages and colour schemes (the switch behind it, by keyboard).
    await expectAccessibleInEveryVariant(page, { label: 'the step-up dialog', include: '[role="dialog"]' });
    await expect(stepUp).toBeVisible();
    await stepUp.getByLabel('Password', { exact: true }).fill(admin.password);
    await stepUp.getByTestId('step-up-confirm').click();
    await expect(stepUp).toBeHidden();
    const images = page.getByTestId('identity-images');
    await expect(images.getByRole('img')).toHaveCount(3);
    await page.keyboard.press('Escape');

    await page.goto(
      `${paths.admin.audit()}?action=identity.image_read&actor=${encodeURIComponent(admin.email)}`,
    );
    await expectPageReady(page, 'Audit');
    const rows = page.getByTestId('audit-row').filter({ visible: true });
    await expect(rows).toHaveCount(3);
    await expect(rows.first()).toContainText('Identity image viewed');
    await expect(rows.first()).toContainText('Complaint MOH-2211: name mismatch');
    await expect(page.getByTestId('audit-action')).toHaveValue('identity.image_read');
    await expectAccessibleInEveryVariant(page, { label: 'the audit view' });
  });
});
