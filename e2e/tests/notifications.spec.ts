import { CONSENT } from '@mohar/contracts';
import { type APIRequestContext, expect, type Page, test, type WebSocketRoute } from '@playwright/test';
import sharp from 'sharp';
import { createVerifiedAccount, linkPath, signIn, uniqueEmail, waitForMail } from '../fixtures/accounts.ts';
import { API, expectPageReady, paths, SEEDED_URL } from '../fixtures/app.ts';
import { expectAccessibleInEveryVariant } from '../fixtures/axe.ts';
import { payInSandbox, submittedApplication } from '../fixtures/payments.ts';

type Mail = { to: string; subject: string; createdAt: string };

async function codeFor(request: APIRequestContext, to: string, since: number) {
  let code = '';
  await expect
    .poll(async () => {
      const { data } = (await (await request.get(`${SEEDED_URL}${API}/dev/mailbox`)).json()) as {
        data: Mail[];
      };
      const mail = data.find(
        (m) => m.to === to && /^\d{6} is your Mohar/.test(m.subject) && Date.parse(m.createdAt) >= since,
      );
      code = mail?.subject.slice(0, 6) ?? '';
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code;
}

/** A signatory goes through the portal's steps (through its API, in their own browser context). */
function signatoryOf(request: APIRequestContext, token: string, email: string) {
  const api = (path: string) => `${SEEDED_URL}${API}/access/${token}${path}`;
  return {
    async confirmAndConsent() {
      const since = Date.now() - 1000;
      expect((await request.post(api('/email-code'), { data: {} })).status()).toBe(200);
      const code = await codeFor(request, email, since);
      expect((await request.post(api('/email-code/verify'), { data: { code } })).status()).toBe(200);
      const consent = await request.post(api('/consent'), {
        data: { decision: 'accept', textVersion: CONSENT.version },
      });
      expect(consent.status()).toBe(200);
    },
    async sendIdentity() {
      const image = await sharp({ create: { width: 800, height: 500, channels: 3, background: '#d8c9ad' } })
        .jpeg()
        .toBuffer();
      for (const kind of ['aadhaar_front', 'aadhaar_back', 'selfie']) {
        const res = await request.put(api(`/identity/${kind}`), {
          multipart: { file: { name: `${kind}.jpg`, mimeType: 'image/jpeg', buffer: image } },
        });
        expect(res.status(), await res.text()).toBe(200);
      }
      expect((await request.post(api('/identity/submit'), { data: {} })).status()).toBe(200);
    },
  };
}

const bellCount = (page: Page) => page.getByTestId('notification-count');

async function paidWithSignatory(page: Page, options: { owner: string; title: string; signatory: string }) {
  const email = uniqueEmail('signatory');
  const { id } = await submittedApplication(page.request, {
    title: options.title,
    signatory: { fullName: options.signatory, email },
  });
  await payInSandbox(page.request, id);
  const invitation = await waitForMail(
    page.request,
    email,
    `${options.owner} asked you to sign “${options.title}” on Mohar`,
  );
  return { id, email, token: linkPath(invitation, '/access-application/').split('/').pop() ?? '' };
}

test.describe('notifications', () => {
  test.describe.configure({ timeout: 120_000 });

  test('the owner’s bell counts up as a signatory proves their identity elsewhere; one entry per application opens it', async ({
    page,
    browser,
  }) => {
    const owner = await createVerifiedAccount(page.request, { name: 'Ritu Bansal' });
    await signIn(page, owner);
    await page.goto(paths.dashboard());
    await expectPageReady(page, 'Hello, Ritu Bansal', { timeout: 20_000 });
    await expect(page.getByTestId('notification-bell')).toBeVisible();

    const title = 'Flat sale papers, Viman Nagar';
    const { id, email, token } = await paidWithSignatory(page, {
      owner: 'Ritu Bansal',
      title,
      signatory: 'Om Prakash',
    });
    // The payment is news: it arrives without a reload.
    await expect(bellCount(page)).toHaveAttribute('data-count', '1', { timeout: 20_000 });

    const elsewhere = await browser.newContext();
    const signatory = signatoryOf(elsewhere.request, token, email);
    await signatory.confirmAndConsent();
    await signatory.sendIdentity();
    await elsewhere.close();
    // "Om sent their identity" and "ready for a notary": three unread now, still without a reload.
    await expect(bellCount(page)).toHaveAttribute('data-count', '3', { timeout: 20_000 });
    await expect(
      page.getByRole('alert').or(page.locator('.mantine-Notification-root')).first(),
    ).toBeVisible();

    await page.getByTestId('notification-bell').click();
    const entries = page.getByTestId('notification-feed').getByTestId('notification-entry');
    // Three events about one application: one entry, with its latest message.
    await expect(entries).toHaveCount(1);
    await expect(entries.first()).toContainText(`Every signatory of “${title}” has proved their identity`);
    await expect(entries.first()).toContainText('+2 earlier');
    await expect(entries.first()).not.toContainText('application-view/');
    // The toasts close by themselves (5 s); one closing while axe reads the page measures its text half faded.
    await expect(page.locator('.mantine-Notification-root')).toHaveCount(0, { timeout: 20_000 });
    await expectAccessibleInEveryVariant(page, { label: 'the notification feed' });

    await entries.first().click();
    await expect(page).toHaveURL(new RegExp(`${paths.applications.view(id)}$`));
    await expect(page.getByTestId('application-view')).toHaveAttribute('data-status', 'ready', {
      timeout: 20_000,
    });
    await expect(bellCount(page)).toHaveAttribute('data-count', '0');

    // The full list keeps them all, newest first.
    await page.goto(paths.notifications());
    await expectPageReady(page, 'Notifications', { timeout: 20_000 });
    await expect(page.getByTestId('notification-row')).toHaveCount(3);
    await expect(page.getByTestId('notifications-count')).toHaveText('3 notifications, 0 unread');
  });

  test('after the connection drops and comes back, what was missed appears', async ({ page, browser }) => {
    const owner = await createVerifiedAccount(page.request, { name: 'Kiran Shetty' });
    await signIn(page, owner);
    // The live channel goes through a switch the test can open: while it is open, no connection gets through.
    let isUp = true;
    const live: WebSocketRoute[] = [];
    await page.routeWebSocket(/\/api\/v1\/realtime/, (ws) => {
      if (!isUp) {
        ws.close();
        return;
      }
      ws.connectToServer();
      live.push(ws);
    });
    await page.goto(paths.dashboard());
    await expectPageReady(page, 'Hello, Kiran Shetty', { timeout: 20_000 });
    const title = 'Partnership deed, Baner';
    const { email, token } = await paidWithSignatory(page, {
      owner: 'Kiran Shetty',
      title,
      signatory: 'Neha Iyer',
    });
    await expect(bellCount(page)).toHaveAttribute('data-count', '1', { timeout: 20_000 });

    isUp = false;
    for (const ws of live.splice(0)) await ws.close();
    const elsewhere = await browser.newContext();
    const signatory = signatoryOf(elsewhere.request, token, email);
    await signatory.confirmAndConsent();
    await signatory.sendIdentity();
    await elsewhere.close();
    // The server holds the two new notifications, yet nothing can arrive while the network is down.
    await expect
      .poll(async () => {
        const res = await page.request.get(`${API}/notifications`);
        return ((await res.json()) as { unreadCount: number }).unreadCount;
      })
      .toBe(3);
    await expect(bellCount(page)).toHaveAttribute('data-count', '1');

    isUp = true;
    await expect(bellCount(page)).toHaveAttribute('data-count', '3', { timeout: 30_000 });
    await page.getByTestId('notification-bell').click();
    await expect(page.getByTestId('notification-entry').first()).toContainText('ready for a notary');
  });
});
