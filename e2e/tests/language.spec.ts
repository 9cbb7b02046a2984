import { expect, test } from '@playwright/test';
import { createVerifiedAccount } from '../fixtures/accounts.ts';
import { API, expectPageReady, paths } from '../fixtures/app.ts';

// A browser set to Hindi, as a person in India whose phone speaks Hindi (decision 0055).
test.use({ locale: 'hi-IN' });

test('a Hindi browser gets Hindi from the login screen on; English chosen in the header stays the account’s', async ({
  page,
}) => {
  const account = await createVerifiedAccount(page.request, { name: 'Sunita Yadav' });

  // Never chosen anything: the browser's language decides, from the first screen.
  await page.goto(paths.auth.login());
  await expectPageReady(page, 'लॉग इन');
  await page.getByRole('textbox', { name: 'ई-मेल पता' }).fill(account.email);
  await page
    .getByLabel(/^पासवर्ड/)
    .and(page.locator('input'))
    .fill(account.password);
  await page.getByRole('button', { name: 'लॉग इन करें' }).click();
  await expectPageReady(page, 'नमस्ते, Sunita Yadav');
  await expect(page.getByRole('navigation', { name: 'मुख्य' }).getByRole('link')).toHaveText([
    'डैशबोर्ड',
    'आवेदन',
    'वॉलेट',
    'संगठन',
    'सहायता',
    'प्रोफ़ाइल',
  ]);

  // The switch in the signed-in header: the screen changes at once, and the account keeps the choice.
  const saved = page.waitForResponse((res) => res.url().endsWith(`${API}/profile/language`) && res.ok());
  await page.getByRole('banner').getByRole('radiogroup', { name: 'भाषा' }).getByText('English').click();
  await expectPageReady(page, 'Hello, Sunita Yadav');
  await saved;

  // This browser forgets its own note of the choice: the account's choice still beats the Hindi browser.
  await page.evaluate(() => window.localStorage.clear());
  await page.reload();
  await expectPageReady(page, 'Hello, Sunita Yadav');
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link').first()).toHaveText(
    'Dashboard',
  );
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});
