import { expect, test } from '@playwright/test';
import { createVerifiedAccount, linkPath, signIn, uniqueEmail, waitForMail } from '../fixtures/accounts.ts';
import { expectPageReady } from '../fixtures/app.ts';
import { payInSandbox, submittedApplication } from '../fixtures/payments.ts';

// Issue 23, decision 0061: a signatory's language belongs to their link, not to one browser.
test('a signatory who switches the portal to Hindi finds it in Hindi on another device', async ({
  page,
  browser,
}) => {
  const owner = await createVerifiedAccount(page.request, { name: 'Meera Kapoor' });
  await signIn(page, owner);
  const signatoryEmail = uniqueEmail('signatory');
  const title = 'Affidavit of residence, Aundh';
  const { id } = await submittedApplication(page.request, {
    title,
    signatory: { fullName: 'Arjun Mehta', email: signatoryEmail },
  });
  await payInSandbox(page.request, id);
  const invitation = await waitForMail(
    page.request,
    signatoryEmail,
    `Meera Kapoor asked you to sign “${title}” on Mohar`,
  );
  const link = linkPath(invitation, '/access-application/');

  // On an English phone the portal opens in English; the signatory switches to Hindi there.
  const phone = await browser.newContext({ locale: 'en-IN' });
  const first = await phone.newPage();
  await first.goto(link);
  await expectPageReady(first, title, { timeout: 20_000 });
  await expect(first.getByText('Hello, Arjun Mehta')).toBeVisible();
  const saved = first.waitForResponse((r) => r.url().endsWith('/language') && r.request().method() === 'PUT');
  await first.getByText('हिन्दी', { exact: true }).click();
  expect((await saved).status()).toBe(200);
  await expect(first.getByText('नमस्ते, Arjun Mehta')).toBeVisible();
  await phone.close();

  // Another English browser with nothing stored: the link itself remembers the choice.
  const laptop = await browser.newContext({ locale: 'en-IN' });
  const second = await laptop.newPage();
  await second.goto(link);
  await expect(second.getByText('नमस्ते, Arjun Mehta')).toBeVisible({ timeout: 20_000 });
  await expect(second.locator('html')).toHaveAttribute('lang', 'hi');
  await laptop.close();
});
