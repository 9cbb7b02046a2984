import { expect, type Page, test } from '@playwright/test';
import { createVerifiedAccount, DEMO, type FixtureCookie, signIn } from '../fixtures/accounts.ts';
import { API, expectNoHorizontalScroll, expectPageReady, pathOf, paths } from '../fixtures/app.ts';

const PHONE = { width: 375, height: 812 };

test.use({ viewport: PHONE });

const PAGES: Array<{ path: string; heading: string; content?: (page: Page) => Promise<void> }> = [
  {
    path: paths.home(),
    heading: 'Your documents can now be notarised online',
    content: (page) => expect(page.getByTestId('home-faq')).toBeVisible(),
  },
  {
    path: paths.resources.list(),
    heading: 'Latest Resources',
    content: (page) => expect(page.getByRole('main').getByRole('article').first()).toBeVisible(),
  },
  {
    path: paths.resources.article('documents-you-can-and-cannot-notarise-online'),
    heading: 'Which documents can you notarise online?',
  },
  {
    path: paths.contact(),
    heading: 'Customer Support',
    content: (page) => expect(page.getByRole('button', { name: 'Send message' })).toBeVisible(),
  },
  { path: paths.legal.terms(), heading: 'General Terms and Conditions' },
  { path: paths.legal.refund(), heading: 'Refund Policy' },
  {
    path: paths.legal.privacy(),
    heading: 'Data Privacy Policy',
    content: (page) => expect(page.getByRole('table')).toBeVisible(),
  },
];

test.describe('phone-sized viewport (375×812)', () => {
  for (const group of [PAGES.slice(0, 4), PAGES.slice(4)]) {
    test(`no horizontal scroll on ${group.map((target) => target.path).join(', ')}`, async ({ page }) => {
      test.setTimeout(60_000);
      for (const target of group) {
        await test.step(target.path, async () => {
          await page.goto(target.path);
          await expectPageReady(page, target.heading);
          await target.content?.(page);
          await expectNoHorizontalScroll(page, { width: PHONE.width });
        });
      }
    });
  }

  test('the navbar collapses into a burger that opens a menu with the nav links', async ({ page }) => {
    await page.goto(paths.home());
    await expectPageReady(page);
    const header = page.getByTestId('site-header');
    // The desktop links are hidden on a phone.
    await expect(header.getByRole('link', { name: 'Resources', exact: true })).toBeHidden();
    await expect(header.getByRole('link', { name: 'Login', exact: true })).toBeHidden();

    const burger = header.getByRole('button', { name: 'Open menu' });
    await expect(burger).toBeVisible();
    await expect(burger).toHaveAttribute('aria-expanded', 'false');
    await burger.click();

    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu).toBeVisible();
    const nav = menu.getByRole('navigation');
    await expect(nav.getByRole('link')).toHaveText(['Home', 'Resources', 'Customer Support']);
    await expect(menu.getByRole('link', { name: 'Login', exact: true })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Register', exact: true })).toBeVisible();
    await expect(header.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    await expectNoHorizontalScroll(page, { width: PHONE.width });

    // A link in the menu navigates and closes the menu.
    await nav.getByRole('link', { name: 'Resources', exact: true }).click();
    await expect.poll(() => pathOf(page)).toBe(paths.resources.list());
    await expectPageReady(page, 'Latest Resources');
    await expect(menu).toBeHidden();

    // The close button closes it too.
    await header.getByRole('button', { name: 'Open menu' }).click();
    await expect(menu).toBeVisible();
    await menu.getByRole('button', { name: 'Close menu' }).click();
    await expect(menu).toBeHidden();
    await expect(header.getByRole('button', { name: 'Open menu' })).toBeFocused();
  });
});

test.describe('phone-sized viewport: account screens', () => {
  test('login and register fit; signed in, the sidebar becomes a menu and the screens fit', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    for (const target of [
      { path: paths.auth.login(), heading: 'Log in' },
      { path: paths.auth.register(), heading: 'Register' },
    ]) {
      await page.goto(target.path);
      await expectPageReady(page, target.heading);
      await expectNoHorizontalScroll(page, { width: PHONE.width });
    }
    await signIn(page, await createVerifiedAccount(page.request, { name: 'Neha Gupta' }));
    for (const target of [
      { path: paths.dashboard(), heading: 'Hello, Neha Gupta' },
      { path: paths.profile.view(), heading: 'Your profile' },
    ]) {
      await page.goto(target.path);
      await expectPageReady(page, target.heading);
      await expectNoHorizontalScroll(page, { width: PHONE.width });
    }
    // The sidebar waits off screen until the burger opens it over the page.
    const wallet = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Wallet' });
    await expect(wallet).not.toBeInViewport();
    await page.getByRole('button', { name: 'Toggle navigation' }).click();
    await expect(wallet).toBeInViewport();
    await wallet.click();
    await expectPageReady(page, 'Wallet');
    expect(pathOf(page)).toBe(paths.wallet());
  });
});

test.describe('phone-sized viewport: applications', () => {
  test('the list becomes cards; the view and the wizard fit', async ({ page }) => {
    test.setTimeout(60_000);
    // The demo client has one application awaiting payment, one draft and one failed session that was refunded
    // (read here, never changed).
    await signIn(page, DEMO.client);
    await page.goto(paths.applications.list());
    await expectPageReady(page, 'Applications');
    await expect(page.getByTestId('application-card')).toHaveCount(3);
    await expect(page.getByTestId('applications-table')).toBeHidden();
    await expectNoHorizontalScroll(page, { width: PHONE.width });

    await page
      .getByTestId('application-card')
      .filter({ hasText: 'Leave and licence' })
      .getByRole('link')
      .first()
      .click();
    await expect(page.getByTestId('application-view')).toHaveAttribute('data-status', 'awaiting_payment');
    await expect(page.getByTestId('application-signatories').getByTestId('signatory')).toHaveCount(2);
    await expectNoHorizontalScroll(page, { width: PHONE.width });

    await page.goto(paths.applications.list());
    // Table and cards are both in the page (CSS picks one); roles see only the shown one.
    await page.getByRole('link', { name: /^Continue/ }).click();
    await expect(page.getByTestId('wizard-stepper')).toBeVisible();
    await expectNoHorizontalScroll(page, { width: PHONE.width });
  });
});

test.describe('phone-sized viewport (390×844): a notary takes a request on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, permissions: ['camera', 'microphone'] });

  test('the new-request toast sits below the header and its bell, and Join now is on screen before the call', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const fixture = async <T>(route: string, data: object): Promise<T> => {
      const res = await request.post(`${API}/test-fixtures/${route}`, { data });
      expect(res.status(), await res.text()).toBe(201);
      return (await res.json()) as T;
    };
    type Built = { _id: string; cookie: FixtureCookie };
    const notary = await fixture<Built>('notaries', { mfa: true, online: true });
    await signIn(page, { email: '', password: '', cookie: notary.cookie });
    // The toast comes over the live channel: the request is made once this page's connection is in (socket.io's
    // connect packet, sent after the server has put the connection in the user's room). A request made before that
    // is on the list but not announced, and the page now shows before its connection is up.
    const connected = page
      .waitForEvent('websocket', (ws) => /\/api\/v1\/realtime/.test(ws.url()))
      .then((ws) => ws.waitForEvent('framereceived', (frame) => String(frame.payload).startsWith('40')));
    await page.goto(paths.requests());
    await expect(page.getByTestId('requests-page')).toBeVisible({ timeout: 20_000 });
    await connected;

    // The owner asks this notary by name; the notary is on Requests when it arrives.
    const application = await fixture<{ _id: string; owner: Built }>('applications', {
      status: 'ready',
      notaryChoice: 'named',
      notaryId: notary._id,
      signatories: [{ fullName: 'Asha Venkataraman Subramaniam' }],
    });
    const { name, value } = application.owner.cookie;
    const started = await request.post(`${API}/applications/${application._id}/notary-request`, {
      headers: { cookie: `${name}=${value}` },
      data: {},
    });
    expect(started.status(), await started.text()).toBe(201);

    const toast = page.getByRole('alert').filter({ hasText: 'A new request has arrived' });
    await expect(toast).toBeVisible({ timeout: 20_000 });
    await expect(toast).not.toContainText('Open your requests');
    const toastBox = await toast.boundingBox();
    const bellBox = await page.getByTestId('notification-bell').boundingBox();
    const headerBox = await page.locator('header').first().boundingBox();
    if (!toastBox || !bellBox || !headerBox) throw new Error('toast, bell or header not laid out');
    expect(toastBox.y).toBeGreaterThanOrEqual(headerBox.y + headerBox.height);
    expect(toastBox.y).toBeGreaterThanOrEqual(bellBox.y + bellBox.height);

    await page.getByTestId('notary-request').getByTestId('notary-request-accept').click();
    await expect(page.getByTestId('pre-join')).toBeVisible({ timeout: 20_000 });
    const join = page.getByRole('button', { name: 'Join now' });
    await expect(join).toBeEnabled({ timeout: 20_000 });
    await expect(join).toBeInViewport({ ratio: 1 });
  });
});
