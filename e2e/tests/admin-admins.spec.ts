import { expect, type Page, test } from '@playwright/test';
import { type FixtureCookie, linkPath, signIn, uniqueEmail, waitForMail } from '../fixtures/accounts.ts';
import { API, expectPageReady, paths, SEEDED_URL } from '../fixtures/app.ts';
import { expectAccessibleInEveryVariant } from '../fixtures/axe.ts';

/** An owner (decision 0058), signed in through the fixtures module. */
async function owner(page: Page) {
  const res = await page.request.post(`${SEEDED_URL}${API}/test-fixtures/users`, {
    data: { role: 'admin', adminRoles: ['owner'], email: uniqueEmail('owner'), name: 'Omana Owner' },
  });
  expect(res.status(), await res.text()).toBe(201);
  const user = (await res.json()) as { email: string; password: string; cookie: FixtureCookie };
  await signIn(page, user);
}

test.describe('the owner’s admins (issue 22)', () => {
  test.describe.configure({ timeout: 90_000 });

  test('an owner invites a finance admin by e-mail, sees them in the list, and removes their access after confirming', async ({
    page,
  }) => {
    await owner(page);
    await page.goto(paths.dashboard());
    await expectPageReady(page);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admins' }).click();
    await expectPageReady(page, 'Admins');
    await expectAccessibleInEveryVariant(page, { label: 'the admins list' });

    await page.getByTestId('admin-invite-open').click();
    const dialog = page.getByRole('dialog', { name: 'Invite an admin' });
    await expect(dialog).toBeVisible();
    // Nothing chosen: the form says what is missing and sends nothing.
    await dialog.getByTestId('admin-invite-confirm').click();
    await expect(dialog.getByText('Choose at least one role.')).toBeVisible();
    const email = uniqueEmail('finance');
    await dialog.getByRole('textbox', { name: 'Full name' }).fill('Ira Finance');
    await dialog.getByRole('textbox', { name: 'E-mail address' }).fill(email);
    await dialog.getByRole('checkbox', { name: 'Finance' }).check();
    await expectAccessibleInEveryVariant(page, { label: 'the invitation dialog' });
    await dialog.getByTestId('admin-invite-confirm').click();
    await expect(page.getByRole('alert').filter({ hasText: `Invitation sent to ${email}` })).toBeVisible();

    const mail = await waitForMail(page.request, email, 'You are invited to the Mohar console');
    expect(linkPath(mail, '/password/reset/')).toMatch(/^\/password\/reset\//);
    // The table on wide screens, cards on phones: only one of them shows.
    const row = page.getByTestId(/^admin-(row|card)$/).filter({ visible: true, hasText: email });
    await expect(row).toContainText('Finance');
    await expect(row).toContainText('Invited, no password yet');

    await row.getByRole('button', { name: 'Remove access of Ira Finance' }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove the access of Ira Finance?' });
    await expect(confirm).toBeVisible();
    await confirm.getByTestId('admin-remove-confirm').click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Ira Finance no longer has access.' }),
    ).toBeVisible();
    await expect(row).toContainText('Access removed');
  });
});
