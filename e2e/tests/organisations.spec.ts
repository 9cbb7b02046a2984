import { expect, test } from '@playwright/test';
import { createVerifiedAccount, signIn } from '../fixtures/accounts.ts';
import { expectNoHorizontalScroll, expectPageReady, paths } from '../fixtures/app.ts';

test.describe('organisations (issue 25)', () => {
  test('a client creates an organisation, sees its settings, and acts for it from the header; the page fits a phone', async ({
    page,
  }) => {
    await signIn(page, await createVerifiedAccount(page.request, { name: 'Asha Kulkarni' }));
    await page.goto(paths.organisations.list());
    await expectPageReady(page, 'Organisations');
    const form = page.getByRole('region', { name: 'Create an organisation' });
    await form.getByRole('textbox', { name: 'Legal name' }).fill('Kulkarni Legal Services LLP');
    await form.getByRole('textbox', { name: 'GSTIN' }).fill('27AAPFU0939F1ZW');
    await form.getByRole('combobox', { name: 'State of GST registration' }).selectOption('27');
    await form.getByRole('textbox', { name: 'Billing address' }).fill('Nariman Point, Mumbai 400021');
    await form.getByRole('button', { name: 'Create organisation' }).click();
    await expect(form.getByText('This GSTIN is not valid: check it for a typing mistake')).toBeVisible();
    await form.getByRole('textbox', { name: 'GSTIN' }).fill('27AAPFU0939F1ZV');
    await form.getByRole('button', { name: 'Create organisation' }).click();

    await expectPageReady(page, 'Kulkarni Legal Services LLP');
    await expect(page.getByTestId('organisation-members')).toContainText('Asha Kulkarni (you)');
    await expect(page.getByTestId('organisation-wallet-balance')).toHaveText('₹0.00');
    const switcher = page.getByRole('combobox', { name: 'Acting as' });
    await switcher.selectOption({ label: 'Kulkarni Legal Services LLP' });
    await page.goto(paths.applications.list());
    await expect(page.getByRole('combobox', { name: 'Acting as' })).toHaveValue(/[0-9a-f-]{36}/);

    await page.setViewportSize({ width: 375, height: 740 });
    await page.goBack();
    await expectPageReady(page, 'Kulkarni Legal Services LLP');
    await expectNoHorizontalScroll(page, { width: 375 });
  });
});
