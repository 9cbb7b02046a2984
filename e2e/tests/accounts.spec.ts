import { expect, type Page, test } from '@playwright/test';
import {
  createVerifiedAccount,
  DEMO,
  linkPath,
  signIn,
  totp,
  uniqueEmail,
  waitForMail,
} from '../fixtures/accounts.ts';
import { expectPageReady, pathOf, paths } from '../fixtures/app.ts';

const passwordInput = (page: Page, label: string) =>
  page.getByLabel(new RegExp(`^${label}`)).and(page.locator('input'));

async function logInThroughForm(page: Page, credentials: { email: string; password: string }) {
  await page.getByRole('textbox', { name: 'E-mail address' }).fill(credentials.email);
  await passwordInput(page, 'Password').fill(credentials.password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

test.describe('accounts', () => {
  test('register → open the e-mail in /dev/mailbox → verify → log in → a guarded page → log out', async ({
    page,
  }) => {
    const email = uniqueEmail('journey');
    const password = 'saffron window ledger 31';
    await page.goto(paths.auth.register());
    await expectPageReady(page, 'Register');
    await page.getByRole('radio', { name: 'Client' }).check();
    await page.getByRole('textbox', { name: 'Full name' }).fill('Kavya Menon');
    await page.getByRole('textbox', { name: 'E-mail address' }).fill(email);
    await page.getByRole('textbox', { name: 'Mobile number' }).fill('9876543210');
    await page.getByLabel(/^Date of birth/).fill('1994-07-21');
    await passwordInput(page, 'Create a password').fill(password);
    await passwordInput(page, 'Confirm password').fill(password);
    await page.getByRole('checkbox', { name: /I have read and accept the Terms and Conditions/ }).check();
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(
      page.getByTestId('register-success').getByRole('heading', { name: 'Check your e-mail' }),
    ).toBeVisible();

    // Logging in before verifying offers a new link instead.
    await page.goto(paths.auth.login());
    await logInThroughForm(page, { email, password });
    await expect(page.getByRole('button', { name: 'Resend verification e-mail' })).toBeVisible();

    await page.goto(paths.dev.mailbox({ to: email }));
    await expectPageReady(page, 'Development mailbox');
    await page.getByText('Verify your e-mail address for Mohar').first().click();
    await page
      .getByTestId('mail-text')
      .getByRole('link', { name: /\/verify-email\// })
      .first()
      .click();
    await expectPageReady(page, 'Verify your e-mail');
    await expect(page.getByTestId('verify-success')).toBeVisible();
    await page.getByTestId('verify-success').getByRole('link', { name: 'Log in' }).click();

    await expectPageReady(page, 'Log in');
    await logInThroughForm(page, { email, password });
    await expectPageReady(page, 'Hello, Kavya Menon');
    expect(pathOf(page)).toBe(paths.dashboard());
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link')).toHaveText([
      'Dashboard',
      'Applications',
      'Wallet',
      'Organisations',
      'Support',
      'Profile',
    ]);
    await nav.getByRole('link', { name: 'Applications' }).click();
    await expectPageReady(page, 'Applications');

    await page.getByRole('button', { name: 'Account menu for Kavya Menon' }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await expect.poll(() => pathOf(page)).toBe(paths.home());
    await expectPageReady(page, 'Your documents can now be notarised online');
    const session = await page.request.get('/api/v1/session');
    expect(session.status()).toBe(401);
  });

  test('a guarded URL while logged out → /home?redirect=… → log in → back on that URL', async ({ page }) => {
    const account = await createVerifiedAccount(page.request);
    const wanted = `${paths.profile.view()}?tab=details`;
    await page.goto(wanted);
    await expectPageReady(page, 'Your documents can now be notarised online');
    expect(pathOf(page)).toBe(paths.home({ redirect: wanted }));

    await page.getByTestId('site-header').getByRole('link', { name: 'Login' }).click();
    await expectPageReady(page, 'Log in');
    await logInThroughForm(page, account);
    await expectPageReady(page, 'Your profile');
    expect(pathOf(page)).toBe(wanted);
  });

  test('login never follows a redirect to another site', async ({ page }) => {
    const account = await createVerifiedAccount(page.request);
    await page.goto(`${paths.auth.login()}?redirect=${encodeURIComponent('//evil.example/x')}`);
    await logInThroughForm(page, account);
    await expectPageReady(page, /^Hello, /);
    expect(new URL(page.url()).origin).toBe(new URL(paths.root, page.url()).origin);
    expect(pathOf(page)).toBe(paths.dashboard());
  });

  test('wrong password shows the server message; forgot → e-mail → update password → toast → log in with the new one', async ({
    page,
  }) => {
    const account = await createVerifiedAccount(page.request);
    await page.goto(paths.auth.login());
    await logInThroughForm(page, { email: account.email, password: 'not my password at all' });
    await expect(page.getByTestId('login-error')).toHaveText(/Invalid email or password/);

    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expectPageReady(page, 'Forgot password');
    await page.getByRole('textbox', { name: 'E-mail address' }).fill(account.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByTestId('forgot-success')).toBeVisible();

    const mail = await waitForMail(page.request, account.email, 'Reset your Mohar password');
    await page.goto(linkPath(mail, '/password/reset/'));
    await expectPageReady(page, 'Update password');
    const newPassword = 'copper meadow violin 64';
    await passwordInput(page, 'Create a password').fill(newPassword);
    await passwordInput(page, 'Confirm password').fill(newPassword);
    await page.getByRole('button', { name: 'Update password' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Password updated successfully' })).toBeVisible();
    await expectPageReady(page, 'Log in');

    await logInThroughForm(page, { email: account.email, password: newPassword });
    await expectPageReady(page, /^Hello, /);
  });

  test('a notary must set up two-step verification first, then needs a code to log in', async ({ page }) => {
    const notary = await createVerifiedAccount(page.request, { role: 'notary', name: 'Ravi Iyer' });
    await page.goto(paths.auth.login());
    await logInThroughForm(page, notary);
    await expect.poll(() => pathOf(page)).toBe(paths.profile.security());
    await expect(page.getByTestId('mfa-required')).toBeVisible();

    // Anywhere else in the app sends the notary back to the setup.
    await page.goto(paths.dashboard());
    await expect.poll(() => pathOf(page)).toBe(paths.profile.security());

    await page.getByRole('button', { name: 'Set up two-step verification' }).click();
    await expect(
      page.getByRole('img', { name: 'QR code to add Mohar to your authenticator app' }),
    ).toBeVisible();
    const secret = ((await page.getByTestId('mfa-secret').textContent()) ?? '').replace(/\s+/g, '');
    // The previous time step's code, so the login below can use the current one (each code works once).
    // The sixth digit sends the code: no button press.
    await page.getByRole('textbox', { name: '6-digit code' }).fill(await totp(secret, -30));
    await expect(page.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(10);
    await page.getByRole('checkbox', { name: 'I have saved these codes' }).check();
    await page.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByTestId('mfa-status')).toHaveText(/on/i);

    await page.goto(paths.dashboard());
    await expectPageReady(page, 'Hello, Ravi Iyer');
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link')).toHaveText([
      'Dashboard',
      'Requests',
      'Register',
      'Support',
      'Profile',
    ]);

    await page.goto(paths.auth.logout());
    await expect.poll(() => pathOf(page)).toBe(paths.home());
    await page.goto(paths.auth.login());
    await logInThroughForm(page, notary);
    await expect(page.getByRole('heading', { name: 'Two-step verification' })).toBeVisible();
    // Sent on the sixth digit, once: the refused code is not sent again by itself.
    await page.getByRole('textbox', { name: 'Authentication code' }).fill('000000');
    await expect(
      page.getByText('That code is not right. Check your authenticator app and try again.'),
    ).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Authentication code' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await page.getByRole('textbox', { name: 'Authentication code' }).fill(await totp(secret));
    await expectPageReady(page, 'Hello, Ravi Iyer');
  });

  test('a signed-in user on a screen of another role goes to /404; an unknown private path shows the 404 in the shell', async ({
    page,
  }) => {
    await signIn(page, DEMO.client);
    await page.goto(paths.admin.notaries());
    await expect.poll(() => pathOf(page)).toBe(paths.notFound());
    await expectPageReady(page);

    await page.goto('/no/such/private/page');
    await expectPageReady(page, 'Page not found');
    await expect(page.getByRole('link', { name: 'Back to dashboard' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  });

  test('an admin sees the admin navigation', async ({ page }) => {
    // The demo admin is an owner: every area of the console, the audit view and the admins included (decisions 0051, 0054, 0057–0059).
    await signIn(page, DEMO.admin);
    await page.goto(paths.dashboard());
    await expectPageReady(page, /^Hello, /);
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link')).toHaveText([
      'Dashboard',
      'Notaries',
      'Clients',
      'Applications',
      'Sessions',
      'Blog',
      'Newsletter',
      'Refunds',
      'Support',
      'Settings',
      'Audit',
      'Data requests',
      'Admins',
    ]);
  });
});
