import { expect, type Page, test } from '@playwright/test';
import { createVerifiedAccount, linkPath, waitForMail } from '../fixtures/accounts.ts';
import { API, expectPageReady, paths, SEEDED_URL } from '../fixtures/app.ts';

const SUBJECT = 'Someone is trying to sign in to your Mohar account';

/** Wrong passwords for the account from 20 addresses (as behind the proxy, TRUST_PROXY): the account's limit. */
async function guessFromManyAddresses(page: Page, email: string) {
  for (let i = 1; i <= 20; i++) {
    const res = await page.request.post(`${SEEDED_URL}${API}/login`, {
      data: { email, password: `wrong guess ${i}` },
      headers: { 'x-forwarded-for': `203.0.113.${i}` },
    });
    expect(res.status()).toBe(401);
  }
}

test.describe('password guessing from many addresses', () => {
  test('pauses password sign-in with a clear message; the e-mailed link signs the owner in once', async ({
    page,
  }) => {
    const account = await createVerifiedAccount(page.request);
    await guessFromManyAddresses(page, account.email);

    await page.goto(paths.auth.login());
    await page.getByRole('textbox', { name: 'E-mail address' }).fill(account.email);
    await page
      .getByLabel(/^Password/)
      .and(page.locator('input'))
      .fill(account.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    const refusal = page.getByTestId('login-error');
    await expect(refusal).toContainText('Password sign-in paused');
    await expect(refusal).toContainText('we have e-mailed you a one-time sign-in link');

    const link = linkPath(await waitForMail(page.request, account.email, SUBJECT), '/sign-in-link/');
    await page.goto(link);
    await expectPageReady(page, /^Hello, /);

    // Used once, the same link no longer works, even in a fresh browser.
    await page.context().clearCookies();
    await page.goto(link);
    await expectPageReady(page, 'Sign in with your link');
    await expect(page.getByTestId('sign-in-link-error')).toContainText('This sign-in link no longer works');
    await page.getByRole('link', { name: 'Log in with password' }).click();
    await expectPageReady(page, 'Log in');
  });
});
