import { CONSENT } from '@mohar/contracts';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { createVerifiedAccount, linkPath, signIn, uniqueEmail, waitForMail } from '../fixtures/accounts.ts';
import {
  API,
  expectNoHorizontalScroll,
  expectPageReady,
  locale,
  paths,
  SEEDED_URL,
} from '../fixtures/app.ts';
import { expectNoBlockingViolations } from '../fixtures/axe.ts';
import { payInSandbox, submittedApplication } from '../fixtures/payments.ts';

const PHONE = { width: 375, height: 812 };
const text = locale<{
  documentTitle: string;
  header: { firstAvailable: string; position: string };
  error: { titles: Record<string, string>; help: string };
}>('en', 'portal');

type Mail = { to: string; subject: string; createdAt: string };

/** The newest confirmation code mailed to `to` after `since` (its subject starts with the 6 digits). */
async function waitForCode(
  request: APIRequestContext,
  options: { to: string; since: number },
): Promise<string> {
  let code = '';
  await expect
    .poll(
      async () => {
        const res = await request.get(`${SEEDED_URL}${API}/dev/mailbox`);
        const { data } = (await res.json()) as { data: Mail[] };
        const mail = data.find(
          (m) =>
            m.to === options.to &&
            /^\d{6} is your Mohar confirmation code$/.test(m.subject) &&
            Date.parse(m.createdAt) >= options.since,
        );
        code = mail?.subject.slice(0, 6) ?? '';
        return code;
      },
      { message: `a confirmation code mailed to ${options.to}` },
    )
    .toMatch(/^\d{6}$/);
  return code;
}

const step = (page: Page, name: 'email' | 'consent' | 'aadhaar' | 'selfie') =>
  page.locator(`[data-testid="portal-step"][data-step="${name}"]`);

async function typeCode(page: Page, code: string) {
  await page.getByLabel('Digit 1 of 6').click();
  await page.keyboard.type(code);
}

test.describe('signatory portal', () => {
  test.describe.configure({ timeout: 120_000 });

  test('a signatory with no account opens their link on a phone, confirms their e-mail and consents; the owner sees it and can replace the link', async ({
    page,
    browser,
  }) => {
    const owner = await createVerifiedAccount(page.request, { name: 'Meera Kapoor' });
    await signIn(page, owner);
    const signatoryEmail = uniqueEmail('signatory');
    const title = 'Affidavit of residence, Baner';
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

    // The signatory: a fresh browser on a phone, no session.
    const visitor = await browser.newContext({ viewport: PHONE });
    const portal = await visitor.newPage();
    await portal.goto(link);
    await expectPageReady(portal, title, { timeout: 20_000 });
    await expect(portal).toHaveTitle(text.documentTitle);
    await expect(portal.getByTestId('portal-page')).toBeVisible();
    await expect(portal.getByTestId('portal-notary')).toHaveText(text.header.firstAvailable);
    await expect(portal.getByTestId('portal-position')).toHaveText('You are signatory 1 of 1');
    const me = portal.getByTestId('portal-signatory');
    await expect(me).toHaveCount(1);
    await expect(me).toHaveAttribute('data-you', 'true');
    await expect(me).toHaveAttribute('data-progress', 'invited');
    await expect(me).toContainText('Arjun');
    await expect(step(portal, 'email')).toHaveAttribute('data-state', 'current');
    await expect(step(portal, 'consent')).toHaveAttribute('data-state', 'upcoming');
    await expect(step(portal, 'aadhaar')).toHaveAttribute('data-state', 'upcoming');
    await expect(step(portal, 'selfie')).toHaveAttribute('data-state', 'upcoming');
    // No account needed: nothing asks the signatory to sign in.
    await expect(portal.getByRole('link', { name: /log ?in|sign ?in|register/i })).toHaveCount(0);
    await expectNoHorizontalScroll(portal, { width: PHONE.width });
    await expectNoBlockingViolations(portal, 'the signatory portal (e-mail step)');

    // Step 1: the code from the e-mail; a wrong one says how many tries are left.
    const since = Date.now() - 1000;
    await portal.getByTestId('email-code-send').click();
    await expect(portal.getByTestId('email-code-notice')).toHaveText(
      `We sent a 6-digit code to ${signatoryEmail}.`,
    );
    await expect(portal.getByTestId('email-code-resend')).toBeDisabled();
    await expect(portal.getByTestId('email-code-resend')).toContainText(/Send a new code in 0:\d\d/);
    await expectNoHorizontalScroll(portal, { width: PHONE.width });
    const code = await waitForCode(page.request, { to: signatoryEmail, since });
    await typeCode(portal, code === '000000' ? '111111' : '000000');
    await portal.getByTestId('email-code-confirm').click();
    await expect(portal.getByTestId('email-code-error')).toHaveText(
      'That code is not right. 4 tries are left.',
    );
    await expect(portal.getByLabel('Digit 1 of 6')).toBeFocused();
    await typeCode(portal, code);
    await portal.getByTestId('email-code-confirm').click();
    await expect(step(portal, 'email')).toHaveAttribute('data-state', 'done');
    await expect(step(portal, 'email')).toContainText(signatoryEmail);
    await expect(me).toHaveAttribute('data-progress', 'email_confirmed');

    // Step 2: consent, with the exact text.
    await expect(step(portal, 'consent')).toHaveAttribute('data-state', 'current');
    await expect(
      portal.getByRole('heading', { name: 'Your consent to identity verification' }),
    ).toBeVisible();
    await expect(portal.getByTestId('consent-points')).toContainText(
      'We never store your full Aadhaar number: only its last 4 digits.',
    );
    await expectNoHorizontalScroll(portal, { width: PHONE.width });
    await expectNoBlockingViolations(portal, 'the signatory portal (consent step)');
    await portal.getByTestId('consent-accept').click();
    await expect(step(portal, 'consent')).toHaveAttribute('data-state', 'done');
    await expect(step(portal, 'aadhaar')).toHaveAttribute('data-state', 'current');
    await expect(step(portal, 'aadhaar')).toContainText('Photo upload opens here soon.');
    await expect(step(portal, 'selfie')).toHaveAttribute('data-state', 'upcoming');
    await expect(me).toHaveAttribute('data-progress', 'consented');

    // The owner sees the signatory's progress, and sends a new link: the old one stops opening.
    await page.goto(paths.applications.view(id));
    await expectPageReady(page, title, { timeout: 20_000 });
    await expect(page.getByTestId('signatory-progress')).toHaveAttribute('data-progress', 'consented');
    await page.getByTestId('resend-invitation').click();
    await expect(page.getByRole('dialog')).toContainText('The previous link will stop working.');
    await page.getByTestId('resend-invitation-confirm').click();
    await expect(page.getByText('A new link is on its way. The previous one no longer works.')).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await portal.reload();
    const replaced = portal.getByTestId('portal-error');
    await expect(replaced).toHaveAttribute('data-code', 'portal.link_replaced', { timeout: 20_000 });
    await expect(portal.getByRole('heading', { level: 1 })).toHaveText(
      text.error.titles['portal.link_replaced'] ?? '',
    );
    await expect(replaced).not.toContainText(title);
    await visitor.close();
  });

  test('a link that opens nothing says so, with help, on a phone too', async ({ browser }) => {
    const visitor = await browser.newContext({ viewport: PHONE });
    const portal = await visitor.newPage();
    // Shaped like a real token, but no invitation has it.
    await portal.goto(paths.accessApplication('n0t-a-real-invitation-token_0123456789abcdefgh'));
    await expectPageReady(portal, text.error.titles['portal.link_invalid'], { timeout: 20_000 });
    const error = portal.getByTestId('portal-error');
    await expect(error).toHaveAttribute('data-code', 'portal.link_invalid');
    await expect(error).toContainText(
      'This link does not open any application. Check that you copied the whole link from the e-mail.',
    );
    await expect(error.getByRole('link', { name: text.error.help })).toHaveAttribute('href', paths.contact());
    await expect(portal.getByTestId('portal-page')).toHaveCount(0);
    await expectNoHorizontalScroll(portal, { width: PHONE.width });
    await expectNoBlockingViolations(portal, 'the portal’s link error');

    // A token of the wrong shape reads the same way.
    await portal.goto(paths.accessApplication('abc'));
    await expect(portal.getByTestId('portal-error')).toHaveAttribute('data-code', 'portal.link_invalid');
    await expect(portal.getByTestId('portal-error')).toContainText('Check that you copied the whole link');
    await visitor.close();
  });
});

test.describe('ready for a notary', () => {
  test('when every signatory has submitted identity the application is ready, and both the portal and the application view show Start Notarization', async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    const owner = await createVerifiedAccount(page.request, { name: 'Nisha Verma' });
    await signIn(page, owner);
    const signatoryEmail = uniqueEmail('signatory');
    const title = 'Gift deed, Aundh';
    const { id } = await submittedApplication(page.request, {
      title,
      signatory: { fullName: 'Kabir Joshi', email: signatoryEmail },
    });
    await payInSandbox(page.request, id);
    const invitation = await waitForMail(
      page.request,
      signatoryEmail,
      `Nisha Verma asked you to sign “${title}” on Mohar`,
    );
    const token = linkPath(invitation, '/access-application/').split('/').pop() ?? '';

    // The signatory's steps through the API (the screens for the first two have their own journey above; the
    // upload screens come with the next release). A plain photo has no Secure QR: the notary will check the card.
    const signatory = await browser.newContext();
    const api = (path: string) => `${SEEDED_URL}${API}/access/${token}${path}`;
    const since = Date.now();
    expect((await signatory.request.post(api('/email-code'), { data: {} })).status()).toBe(200);
    const code = await waitForCode(signatory.request, { to: signatoryEmail, since });
    expect((await signatory.request.post(api('/email-code/verify'), { data: { code } })).status()).toBe(200);
    const consent = await signatory.request.post(api('/consent'), {
      data: { decision: 'accept', textVersion: CONSENT.version },
    });
    expect(consent.status()).toBe(200);
    const image = await sharp({ create: { width: 800, height: 500, channels: 3, background: '#d8c9ad' } })
      .jpeg()
      .toBuffer();
    for (const kind of ['aadhaar_front', 'aadhaar_back', 'selfie']) {
      const res = await signatory.request.put(api(`/identity/${kind}`), {
        multipart: { file: { name: `${kind}.jpg`, mimeType: 'image/jpeg', buffer: image } },
      });
      expect(res.status(), await res.text()).toBe(200);
    }
    const submitted = await signatory.request.post(api('/identity/submit'), { data: {} });
    expect((await submitted.json()).progress).toBe('needs_notary_review');

    const portal = await signatory.newPage();
    await portal.goto(paths.accessApplication(token));
    await expect(portal.getByTestId('start-notarization')).toBeVisible({ timeout: 20_000 });
    await expect(portal.getByTestId('start-notarization-button')).toBeDisabled();
    await signatory.close();

    await page.goto(paths.applications.view(id));
    await expectPageReady(page, title, { timeout: 20_000 });
    await expect(page.getByTestId('application-view')).toHaveAttribute('data-status', 'ready');
    await expect(page.getByTestId('start-notarization')).toContainText('Start Notarization');
    await expect(page.locator('[data-testid="signatory-progress"]')).toHaveAttribute(
      'data-progress',
      'needs_notary_review',
    );
  });
});
