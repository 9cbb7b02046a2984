import { expect, type Page, test } from '@playwright/test';
import { type FixtureCookie, linkPath, signIn, uniqueEmail, waitForMail } from '../fixtures/accounts.ts';
import { API, expectPageReady, paths, SEEDED_URL } from '../fixtures/app.ts';
import { expectAccessibleInEveryVariant } from '../fixtures/axe.ts';

/** An admin who holds only the `support` role (issue 22), signed in through the fixtures module. */
async function supportAdmin(page: Page) {
  const res = await page.request.post(`${SEEDED_URL}${API}/test-fixtures/users`, {
    data: { role: 'admin', adminRoles: ['support'], email: uniqueEmail('inbox'), name: 'Sunita Support' },
  });
  expect(res.status(), await res.text()).toBe(201);
  await signIn(page, (await res.json()) as { email: string; password: string; cookie: FixtureCookie });
}

test.describe('the support inbox (issue 22)', () => {
  test.describe.configure({ timeout: 90_000 });

  test('a visitor files a ticket on /contact, a support admin replies, the reply arrives by e-mail, and the visitor’s answer shows in the thread', async ({
    browser,
  }) => {
    // The contact form allows 5 tickets per 10 minutes per address: this visitor stands for an address of its own.
    const visitorContext = await browser.newContext({
      extraHTTPHeaders: { 'x-forwarded-for': '198.51.100.22' },
    });
    const visitor = await visitorContext.newPage();
    const email = uniqueEmail('visitor');
    await visitor.goto(paths.contact());
    await expectPageReady(visitor, 'Customer Support');
    const form = visitor.getByRole('region', { name: 'Send us a message' });
    await form.getByRole('textbox', { name: 'Full name' }).fill('Asha Verma');
    await form.getByRole('textbox', { name: 'E-mail' }).fill(email);
    await form.getByRole('combobox', { name: 'Topic' }).selectOption('payments');
    await form
      .getByRole('textbox', { name: 'Your message' })
      .fill('I paid but my application still says unpaid.');
    await form.getByRole('button', { name: 'Send message' }).click();
    const reference = (await visitor.getByText(/^MOH-[0-9A-Z]{4}-[0-9A-Z]{4}$/).textContent()) ?? '';
    expect(reference).toMatch(/^MOH-/);

    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    await supportAdmin(admin);
    await admin.goto(paths.admin.support());
    await expectPageReady(admin, 'Support');
    await admin.getByRole('searchbox', { name: 'Search tickets' }).fill(reference);
    const link = admin.getByTestId('ticket-link').filter({ visible: true, hasText: reference });
    await expect(link).toHaveCount(1);
    await link.click();
    await expectPageReady(admin, `Ticket ${reference}`);
    await expect(admin.getByTestId('ticket-status')).toHaveText('New');
    await admin
      .getByRole('textbox', { name: 'Reply' })
      .fill('We found your payment; the application is now marked paid.');
    await admin.getByRole('button', { name: 'Send reply' }).click();
    await expect(admin.getByTestId('admin-thread').getByTestId('thread-team')).toContainText(
      'We found your payment',
    );
    await expect(admin.getByTestId('ticket-status')).toHaveText('Waiting on customer');
    await expectAccessibleInEveryVariant(admin, { label: 'a support ticket' });

    // The reply reaches the visitor by e-mail (the development mailbox), with a link to answer.
    const mail = await waitForMail(visitor.request, email, `Re: your Mohar support request ${reference}`);
    expect(mail.text).toContain('We found your payment');
    await visitor.goto(linkPath(mail, '/support/reply/'));
    await expectPageReady(visitor, `Your support request ${reference}`);
    await expect(visitor.getByTestId('customer-thread').getByTestId('thread-team')).toContainText(
      'We found your payment',
    );
    await expectAccessibleInEveryVariant(visitor, { label: 'the reply page' });
    await visitor.getByRole('textbox', { name: 'Your answer' }).fill('Thank you, I can see it now.');
    await visitor.getByRole('button', { name: 'Send answer' }).click();
    await expect(
      visitor.getByRole('status').filter({ hasText: 'your answer is in the conversation' }),
    ).toBeVisible();

    await admin.reload();
    await expectPageReady(admin, `Ticket ${reference}`);
    await expect(admin.getByTestId('admin-thread').getByTestId('thread-customer').last()).toContainText(
      'Thank you, I can see it now.',
    );
    await expect(admin.getByTestId('ticket-status')).toHaveText('Open');
    await adminContext.close();
    await visitorContext.close();
  });
});
