import { readFile } from 'node:fs/promises';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { createVerifiedAccount, DEMO, signIn } from '../fixtures/accounts.ts';
import { API, expectPageReady, paths, rupees, SEEDED_URL } from '../fixtures/app.ts';
import {
  expectAccessibleInEveryVariant,
  keepAccountLanguage,
  switchLanguageAsFromAnotherTab,
} from '../fixtures/axe.ts';
import { payInSandbox, submittedApplication } from '../fixtures/payments.ts';

const statusOf = (page: Page) => page.getByTestId('application-status').first();

async function signedInClient(page: Page, name: string) {
  const account = await createVerifiedAccount(page.request, { name });
  await signIn(page, account);
  return account;
}

async function adminPage(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, DEMO.admin);
  return page;
}

test.describe('payments', () => {
  test.describe.configure({ timeout: 120_000 });

  test('a client pays through the sandbox checkout: a failed attempt leaves it payable, a good one moves it on and the invoice downloads', async ({
    page,
  }) => {
    const account = await signedInClient(page, 'Rohan Iyer');
    const { id, totalPaise } = await submittedApplication(page.request, {
      title: 'Affidavit of address',
      signatory: { fullName: 'Rohan Iyer', email: account.email },
    });

    await page.goto(paths.applications.view(id));
    await expectPageReady(page, 'Affidavit of address', { timeout: 20_000 });
    await expect(statusOf(page)).toHaveAttribute('data-status', 'awaiting_payment');

    // First attempt: the gateway reports a failure.
    await page.getByTestId('pay-action').click();
    await expect(page.getByTestId('checkout-page')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('checkout-amount-due')).toContainText(rupees(totalPaise));
    await page.getByTestId('checkout-pay').click();
    await expect(page).toHaveURL(/\/pay\/sandbox\/order_/);
    await expect(page.getByTestId('sandbox-badge')).toBeVisible();
    await expect(page.getByTestId('sandbox-amount')).toContainText(rupees(totalPaise));
    // The gateway's page takes the whole window, without the header's switch.
    await expectAccessibleInEveryVariant(page, {
      label: 'the sandbox checkout',
      switchLanguage: switchLanguageAsFromAnotherTab(page),
    });
    await page.getByTestId('sandbox-fail').click();
    await expect(page).toHaveURL(new RegExp(`/application-view/${id}`));
    await expect(page.getByText('Payment failed. Nothing was charged; you can try again.')).toBeVisible();
    await expect(statusOf(page)).toHaveAttribute('data-status', 'awaiting_payment');

    // Second attempt succeeds: the application moves on and shows its receipt.
    await page.getByTestId('pay-action').click();
    await expect(page.getByTestId('checkout-page')).toBeVisible();
    await page.getByTestId('checkout-pay').click();
    await expect(page).toHaveURL(/\/pay\/sandbox\/order_/);
    await page.getByTestId('sandbox-pay').click();
    await expect(page).toHaveURL(new RegExp(`/application-view/${id}`));
    await expect(page.getByText(/Payment received\. Receipt MOH\/\d{4}-\d{2}\/\d{6}\./)).toBeVisible();
    await expect(statusOf(page)).toHaveAttribute('data-status', 'awaiting_identity');
    await expect(page.getByTestId('pay-action')).toHaveCount(0);
    const serial =
      (await page.getByTestId('receipt-serial').first().innerText()).match(/MOH\/\S+/)?.[0] ?? '';
    expect(serial).toMatch(/^MOH\/\d{4}-\d{2}\/\d{6}$/);

    const download = page.waitForEvent('download');
    await page.getByTestId('invoice-download').first().click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`Mohar-invoice-${serial.replaceAll('/', '-')}.pdf`);
    const bytes = await readFile((await file.path()) ?? '');
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  });

  test('a refund on a failed application is approved by an admin, lands in the wallet, and the wallet pays the next fee', async ({
    page,
    browser,
  }) => {
    const account = await signedInClient(page, 'Farah Qureshi');
    const signatory = { fullName: 'Farah Qureshi', email: account.email };
    const first = await submittedApplication(page.request, { title: 'Rent agreement, Kothrud', signatory });
    const second = await submittedApplication(page.request, { title: 'Affidavit of name', signatory });
    await payInSandbox(page.request, first.id);

    // Support records a technical failure.
    const admin = await adminPage(browser);
    await admin.goto(paths.applications.view(first.id));
    await expectPageReady(admin, 'Rent agreement, Kothrud', { timeout: 20_000 });
    await admin.getByTestId('mark-failed').click();
    await admin.getByTestId('mark-failed-reason').fill('The video call could not connect for the signatory.');
    await admin.getByTestId('mark-failed-confirm').click();
    await expect(statusOf(admin)).toHaveAttribute('data-status', 'failed');

    // The client asks for a refund.
    await page.goto(paths.applications.view(first.id));
    await expectPageReady(page, 'Rent agreement, Kothrud', { timeout: 20_000 });
    await page.getByTestId('refund-request').click();
    await expect(page.getByTestId('refund-dialog')).toContainText(rupees(first.totalPaise));
    await page.getByTestId('refund-reason').fill('The session never started.');
    await page.getByTestId('refund-confirm').click();
    await expect(page.getByTestId('refund-status')).toHaveAttribute('data-status', 'requested');

    // The admin approves it from the queue.
    await admin.goto(paths.admin.refunds());
    await expectPageReady(admin, /Refunds/, { timeout: 20_000 });
    const row = admin.getByTestId('refund-row').filter({ hasText: account.email }).first();
    await expect(row).toHaveAttribute('data-status', 'requested');
    await row.getByTestId('refund-approve').click();
    await admin
      .getByRole('dialog')
      .getByRole('button', { name: /Approve|Credit/ })
      .click();
    await expect(
      admin
        .getByTestId('refund-row')
        .filter({ hasText: account.email })
        .filter({ has: admin.getByTestId('refund-approve') }),
    ).toHaveCount(0);
    await admin.context().close();

    // The client sees it in the wallet.
    await page.goto(paths.wallet());
    await expectPageReady(page, /Wallet/, { timeout: 20_000 });
    await expect(page.getByTestId('wallet-balance')).toContainText(rupees(first.totalPaise));
    const refund = page.locator('[data-testid="wallet-transaction"][data-type="refund"]').first();
    await expect(refund).toContainText(rupees(first.totalPaise));
    await expect(refund.getByRole('link', { name: /Rent agreement, Kothrud/ })).toBeVisible();

    // The wallet pays the next application's fee.
    await page.goto(paths.applications.pay(second.id));
    await expect(page.getByTestId('checkout-page')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('wallet-toggle')).toBeChecked();
    await page.getByTestId('checkout-pay').click();
    await expect(page).toHaveURL(new RegExp(`/application-view/${second.id}`));
    await expect(statusOf(page)).toHaveAttribute('data-status', 'awaiting_identity');
    const wallet = await page.request.get(`${SEEDED_URL}${API}/wallet`);
    expect((await wallet.json()).balancePaise).toBe(first.totalPaise - second.totalPaise);
  });
});

test.describe('accessibility of the money screens (axe-core): no serious or critical violations', () => {
  test('checkout, wallet, a refunded application, refund queue and fee settings — each in English and Hindi, light and dark', async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    // The demo client: one application awaiting payment, one refunded failed session (read here, never changed; its
    // account keeps its language while the screens switch).
    await signIn(page, DEMO.client);
    await keepAccountLanguage(page, SEEDED_URL);
    const list = await (await page.request.get(`${SEEDED_URL}${API}/applications`)).json();
    const byStatus = (status: string) =>
      (list.applications as Array<{ _id: string; status: string }>).find((a) => a.status === status)?._id ??
      '';
    await page.goto(paths.applications.pay(byStatus('awaiting_payment')));
    await expect(page.getByTestId('checkout-pay')).toBeVisible({ timeout: 20_000 });
    await expectAccessibleInEveryVariant(page, { label: 'the checkout' });
    await page.goto(paths.wallet());
    await expect(page.getByTestId('wallet-transaction').first()).toBeVisible({ timeout: 20_000 });
    await expectAccessibleInEveryVariant(page, { label: 'the wallet with transactions' });
    await page.goto(paths.applications.view(byStatus('failed')));
    await expect(page.getByTestId('refund-status')).toHaveAttribute('data-status', 'approved', {
      timeout: 20_000,
    });
    await expectAccessibleInEveryVariant(page, { label: 'a refunded application' });

    const admin = await adminPage(browser);
    await keepAccountLanguage(admin, SEEDED_URL);
    for (const [url, ready] of [
      [paths.admin.refunds(), 'refunds-status-filter'],
      [paths.admin.settings(), 'fee-settings-form'],
    ] as const) {
      await admin.goto(url);
      await expect(admin.getByTestId(ready)).toBeVisible({ timeout: 20_000 });
      await expectAccessibleInEveryVariant(admin, { label: url });
    }
    await admin.context().close();
  });
});
