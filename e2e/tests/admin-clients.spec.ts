import { expect, type Page, test } from '@playwright/test';
import { createVerifiedAccount, type FixtureCookie, signIn, uniqueEmail } from '../fixtures/accounts.ts';
import { API, expectPageReady, paths, SEEDED_URL } from '../fixtures/app.ts';
import { expectAccessibleInEveryVariant } from '../fixtures/axe.ts';

/** An admin who holds only the `support` role (issue 22), signed in through the fixtures module. */
async function supportAdmin(page: Page) {
  const res = await page.request.post(`${SEEDED_URL}${API}/test-fixtures/users`, {
    data: { role: 'admin', adminRoles: ['support'], email: uniqueEmail('support'), name: 'Sunita Support' },
  });
  expect(res.status(), await res.text()).toBe(201);
  const user = (await res.json()) as { email: string; password: string; cookie: FixtureCookie };
  await signIn(page, user);
}

test.describe('the console’s clients (issue 22)', () => {
  test.describe.configure({ timeout: 90_000 });

  test('a support admin finds a client by e-mail and suspends them; the client is signed out and told why at the next login', async ({
    browser,
  }) => {
    const clientContext = await browser.newContext();
    const client = await clientContext.newPage();
    const account = await createVerifiedAccount(client.request, { name: 'Kavya Raman' });
    await signIn(client, account);
    await client.goto(paths.dashboard());
    await expectPageReady(client);

    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    await supportAdmin(admin);
    await admin.goto(paths.dashboard());
    await expectPageReady(admin);
    // The sidebar offers what `support` may use, nothing else.
    const sidebar = admin.getByRole('navigation', { name: 'Main' });
    await expect(sidebar.getByRole('link', { name: 'Clients' })).toBeVisible();
    await expect(sidebar.getByRole('link', { name: 'Support' })).toBeVisible();
    for (const hidden of ['Notaries', 'Blog', 'Refunds', 'Settings'])
      await expect(sidebar.getByRole('link', { name: hidden })).toHaveCount(0);

    await sidebar.getByRole('link', { name: 'Clients' }).click();
    await expectPageReady(admin, 'Clients');
    await admin.getByRole('searchbox', { name: 'Search' }).fill(account.email);
    // The table on wide screens, cards on phones: only one of them shows.
    const links = admin.getByTestId('admin-client-link').filter({ visible: true });
    const link = links.filter({ hasText: 'Kavya Raman' });
    await expect(link).toHaveCount(1);
    await expect(links).toHaveCount(1);
    await expectAccessibleInEveryVariant(admin, { label: 'the client list' });
    await link.click();
    await expectPageReady(admin, 'Kavya Raman');
    await expect(admin.getByTestId('client-sessions').getByTestId('client-session')).toHaveCount(1);
    // What the client was told: nothing yet for this new account.
    await expect(admin.getByTestId('client-notifications')).toContainText(
      'No notification has been sent to this client.',
    );
    await expectAccessibleInEveryVariant(admin, { label: 'a client’s page' });

    // By keyboard: the action, the reason, the confirmation.
    await admin.getByTestId('client-action-suspend').focus();
    await admin.keyboard.press('Enter');
    const dialog = admin.getByRole('dialog', { name: "Suspend Kavya Raman's account?" });
    await expect(dialog).toBeVisible();
    await expectAccessibleInEveryVariant(admin, { label: 'the suspend dialog' });
    await dialog.getByRole('textbox', { name: 'Why' }).fill('Chargeback reported by the bank');
    await dialog.getByTestId('client-suspend-confirm').press('Enter');
    await expect(admin.getByRole('alert').filter({ hasText: 'account is suspended' })).toBeVisible();
    await expect(admin.getByTestId('client-suspended-badge')).toBeVisible();
    await expect(admin.getByTestId('client-sessions')).toContainText('Not signed in on any device.');
    await expect(admin.getByTestId('client-audit-event').first()).toContainText(
      'Suspended by Sunita Support',
    );
    await expect(admin.getByTestId('client-audit-event').first()).toContainText(
      'Chargeback reported by the bank',
    );

    // A screen outside `support` is not there for this admin, as the server answers 404.
    await admin.goto(paths.admin.settings());
    await expect(admin).toHaveURL(/\/404$/);
    await adminContext.close();

    // The client's session is gone: their next page is the signed-out one.
    await client.reload();
    await expect(client).toHaveURL(/\/home\?redirect=/);
    await client.goto(paths.auth.login());
    await expectPageReady(client, 'Log in');
    await client.getByRole('textbox', { name: 'E-mail address' }).fill(account.email);
    await client
      .getByLabel(/^Password/)
      .and(client.locator('input'))
      .fill(account.password);
    await client.getByRole('button', { name: 'Log in' }).click();
    await expect(client.getByTestId('login-error')).toHaveText(
      'This account is suspended, so you cannot sign in. Contact Mohar support to find out why or to have it reactivated.',
    );
    await expect(client).toHaveURL(/\/login/);
    await clientContext.close();
  });
});
