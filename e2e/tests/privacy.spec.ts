import { expect, test } from '@playwright/test';
import { createVerifiedAccount, signIn } from '../fixtures/accounts.ts';
import { expectPageReady, paths } from '../fixtures/app.ts';

test('a client withdraws consent from the profile, sees the date in a banner, and cancels', async ({
  page,
}) => {
  const account = await createVerifiedAccount(page.request, { name: 'Farah Withdraws' });
  await signIn(page, account);
  await page.goto(paths.profile.view());
  await expectPageReady(page, 'Your profile');
  const section = page.getByRole('region', { name: 'Your data and consent' });
  await expect(section.getByTestId('grievance-contact')).toContainText('grievance@mohar.in');
  await section
    .getByLabel('Your request, in your own words')
    .fill('I withdraw my consent to Mohar processing my data.');
  await section.getByRole('button', { name: 'Send my notice' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Send my notice' }).click();
  await expect(section.getByTestId('pending-data-request')).toContainText('will be deactivated on');
  // Wherever the person signs in: the frame's banner after a reload.
  await page.goto(paths.dashboard());
  await expect(page.getByTestId('closure-banner')).toContainText('will be deactivated on');
  await page.goto(paths.profile.view());
  await section.getByRole('button', { name: 'Cancel my request' }).click();
  await expect(section.getByTestId('pending-data-request')).toHaveCount(0);
  await expect(section.getByRole('button', { name: 'Send my notice' })).toBeVisible();
});
