import { CONSENT } from '@mohar/contracts';
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { createVerifiedAccount, linkPath, signIn, uniqueEmail, waitForMail } from '../fixtures/accounts.ts';
import {
  API,
  expectNoHorizontalScroll,
  expectPageReady,
  locale,
  paths,
  SEEDED_URL,
} from '../fixtures/app.ts';
import { expectAccessibleInEveryVariant } from '../fixtures/axe.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../fixtures/browser.ts';
import { cardFront, eAadhaarPdf, NUMBER_AREA, pixelAt, secureQrVideo } from '../fixtures/identity.ts';
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

const slot = (page: Page, kind: string) => page.locator(`[data-testid="identity-slot"][data-kind="${kind}"]`);

/** Picks a file through the slot's "Choose" button, as a person would in the file dialog. */
async function choose(page: Page, where: Locator, file: { name: string; mimeType: string; buffer: Buffer }) {
  const chooser = page.waitForEvent('filechooser');
  await where.getByTestId('identity-file').click();
  await (await chooser).setFiles(file);
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
    await expectAccessibleInEveryVariant(portal, { label: 'the signatory portal (e-mail step)' });

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
    // The sixth digit sends the code: no button press.
    await typeCode(portal, code === '000000' ? '111111' : '000000');
    await expect(portal.getByTestId('email-code-error')).toHaveText(
      'That code is not right. 4 tries are left.',
    );
    await expect(portal.getByLabel('Digit 1 of 6')).toBeFocused();
    await typeCode(portal, code);
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
    await expectAccessibleInEveryVariant(portal, { label: 'the signatory portal (consent step)' });
    await portal.getByTestId('consent-accept').click();
    await expect(step(portal, 'consent')).toHaveAttribute('data-state', 'done');
    await expect(step(portal, 'aadhaar')).toHaveAttribute('data-state', 'current');
    await expect(step(portal, 'selfie')).toHaveAttribute('data-state', 'upcoming');
    await expect(me).toHaveAttribute('data-progress', 'consented');
    // The card step fits a phone: both sides, their camera and file buttons, one under the other.
    await expect(portal.getByTestId('identity-slot')).toHaveCount(2);
    await expectNoHorizontalScroll(portal, { width: PHONE.width });

    // The owner sees the signatory's progress, and sends a new link: the old one stops opening.
    await page.goto(paths.applications.view(id));
    await expectPageReady(page, title, { timeout: 20_000 });
    await expect(page.getByTestId('signatory-progress')).toHaveAttribute('data-progress', 'consented');
    // A reminder first: it replaces nothing, and a second one within the hour is refused with the time it may go.
    await page.getByTestId('remind-signatory').click();
    await expect(page.getByText(/has been reminded\. Their links keep working\./)).toBeVisible();
    await page.getByTestId('remind-signatory').click();
    await expect(
      page.getByText(/was reminded less than an hour ago\. You can send another reminder at \d\d:\d\d IST\./),
    ).toBeVisible();
    await portal.reload();
    await expect(step(portal, 'aadhaar')).toHaveAttribute('data-state', 'current', { timeout: 20_000 });
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
    await expectAccessibleInEveryVariant(portal, { label: 'the portal’s link error' });

    // A token of the wrong shape reads the same way.
    await portal.goto(paths.accessApplication('abc'));
    await expect(portal.getByTestId('portal-error')).toHaveAttribute('data-code', 'portal.link_invalid');
    await expect(portal.getByTestId('portal-error')).toContainText('Check that you copied the whole link');
    await visitor.close();
  });
});

test.describe('identity with a camera', () => {
  test('a signatory opens the mailed link from the mailbox, confirms, consents, sends a masked card front, a back with a Secure QR and a selfie from the camera, and is verified; the application is ready', async ({
    page,
    browser,
  }) => {
    test.setTimeout(150_000);
    const owner = await createVerifiedAccount(page.request, { name: 'Nisha Verma' });
    await signIn(page, owner);
    const signatoryEmail = uniqueEmail('signatory');
    const title = 'Gift deed, Aundh';
    const { id } = await submittedApplication(page.request, {
      title,
      signatory: { fullName: 'Kabir Joshi', email: signatoryEmail },
    });
    await payInSandbox(page.request, id);
    const subject = `Nisha Verma asked you to sign “${title}” on Mohar`;
    const invitation = await waitForMail(page.request, signatoryEmail, subject);
    const token = linkPath(invitation, '/access-application/').split('/').pop() ?? '';

    // The signatory: no account, a camera (Chromium's synthetic one), the link from the development mailbox.
    const signatory = await browser.newContext({ permissions: ['camera'] });
    const portal = await signatory.newPage();
    await portal.goto(paths.dev.mailbox({ to: signatoryEmail }));
    await expectPageReady(portal, 'Development mailbox', { timeout: 20_000 });
    await portal.getByText(subject).first().click();
    await portal
      .getByTestId('mail-text')
      .getByRole('link', { name: /\/access-application\// })
      .first()
      .click();
    await expectPageReady(portal, title, { timeout: 20_000 });

    const since = Date.now() - 1000;
    await portal.getByTestId('email-code-send').click();
    await typeCode(portal, await waitForCode(page.request, { to: signatoryEmail, since }));
    await portal.getByTestId('consent-accept').click();
    await expect(step(portal, 'aadhaar')).toHaveAttribute('data-state', 'current');
    await expect(step(portal, 'aadhaar')).toContainText('Recommended: hide the first 8 digits');
    await expectAccessibleInEveryVariant(portal, { label: 'the signatory portal (Aadhaar step)' });

    // The front, from a file: a black box dragged over the number before anything is sent.
    const front = slot(portal, 'aadhaar_front');
    await choose(portal, front, { name: 'front.jpg', mimeType: 'image/jpeg', buffer: await cardFront() });
    const surface = portal.getByTestId('mask-surface');
    await expect(surface).toBeVisible();
    const box = await surface.boundingBox();
    if (!box) throw new Error('the masking surface has no size');
    const at = (x: number, y: number) => ({ x: box.x + x * box.width, y: box.y + y * box.height });
    const from = at(NUMBER_AREA.left - 0.03, NUMBER_AREA.top - 0.03);
    const to = at(NUMBER_AREA.left + NUMBER_AREA.width + 0.03, NUMBER_AREA.top + NUMBER_AREA.height + 0.03);
    await portal.mouse.move(from.x, from.y);
    await portal.mouse.down();
    await portal.mouse.move(to.x, to.y, { steps: 8 });
    await portal.mouse.up();
    await expect(portal.getByTestId('mask-box')).toHaveCount(1);
    await expectAccessibleInEveryVariant(portal, { label: 'the masking tool' });
    await portal.getByTestId('mask-send').click();
    // Re-encoded and stored encrypted on the server: seconds on a busy machine.
    await expect(front).toHaveAttribute('data-uploaded', 'true', { timeout: 20_000 });
    await expect(portal.getByRole('dialog')).toHaveCount(0);

    // What reached the server is black where the number was, and the card elsewhere.
    const stored = await signatory.request.get(`${SEEDED_URL}${API}/access/${token}/identity/aadhaar_front`);
    expect(stored.status()).toBe(200);
    const image = await stored.body();
    const middle = {
      x: NUMBER_AREA.left + NUMBER_AREA.width / 2,
      y: NUMBER_AREA.top + NUMBER_AREA.height / 2,
    };
    const covered = await pixelAt(image, middle);
    expect(Math.max(covered.r, covered.g, covered.b)).toBeLessThan(40);
    const paper = await pixelAt(image, { x: 0.1, y: 0.2 });
    expect(paper.r).toBeGreaterThan(200);

    // The back, as an e-Aadhaar PDF carrying a Secure QR signed with the key this test server trusts: the browser
    // draws its page, and it is sent without a box. A photo with an unreadable QR first can be replaced.
    const back = slot(portal, 'aadhaar_back');
    await choose(portal, back, { name: 'blurred.jpg', mimeType: 'image/jpeg', buffer: await cardFront() });
    await portal.getByTestId('mask-send').click();
    await expect(back.getByTestId('qr-result')).toHaveAttribute('data-outcome', 'unreadable', {
      timeout: 20_000,
    });
    await expect(back.getByTestId('qr-result')).toContainText('Take the photo again');
    const person = { name: 'Kabir Joshi', dob: '12-04-1991', gender: 'M', last4: '4321' };
    const pdf = await eAadhaarPdf(person);
    await choose(portal, back, { name: 'e-aadhaar.pdf', mimeType: 'application/pdf', buffer: pdf });
    await portal.getByTestId('mask-send').click();
    const qr = back.getByTestId('qr-result');
    await expect(qr).toHaveAttribute('data-outcome', 'verified', { timeout: 20_000 });
    await expect(qr).toContainText('Verified');
    await expect(qr).toContainText('XXXX XXXX 4321');
    await expect(step(portal, 'aadhaar')).toHaveAttribute('data-state', 'done');

    // The selfie, from the camera.
    await expect(step(portal, 'selfie')).toHaveAttribute('data-state', 'current');
    const selfie = slot(portal, 'selfie');
    await selfie.getByTestId('identity-camera').click();
    await expect(portal.getByTestId('camera-video')).toBeVisible();
    await portal.getByTestId('camera-take').click();
    await expect(selfie).toHaveAttribute('data-uploaded', 'true', { timeout: 20_000 });
    await expect(portal.getByRole('dialog')).toHaveCount(0);
    // The camera is off once the photo is taken: no video element holds a stream.
    const stream = await portal.evaluate(() => document.querySelector('video')?.srcObject ?? null);
    expect(stream).toBeNull();

    await portal.getByTestId('identity-submit').click();
    await expect(portal.getByTestId('portal-complete')).toBeVisible();
    await expect(portal.getByTestId('portal-signatory')).toHaveAttribute('data-progress', 'qr_verified');
    await expect(step(portal, 'aadhaar').getByTestId('qr-result')).toContainText('Verified');
    await expect(portal.getByTestId('start-notarization')).toBeVisible();
    await expect(portal.getByTestId('start-notarization-button')).toBeEnabled();
    // The postal address the notary's register prints: read from the verified card, then corrected, checked, saved.
    const address = portal.getByTestId('portal-address');
    await expect(address.getByTestId('portal-address-saved')).toContainText('Karve Road');
    await address.getByTestId('portal-address-change').click();
    await address.getByTestId('portal-address-field').fill('short');
    await address.getByTestId('portal-address-save').click();
    await expect(address.getByTestId('portal-address-field')).toHaveAttribute('aria-invalid', 'true');
    await address.getByTestId('portal-address-field').fill('7 Lake View Road\nErnakulam, Kochi 682016');
    await address.getByTestId('portal-address-save').click();
    await expect(address.getByTestId('portal-address-saved')).toHaveText(
      '7 Lake View Road, Ernakulam, Kochi 682016',
    );
    await signatory.close();

    await page.goto(paths.applications.view(id));
    await expectPageReady(page, title, { timeout: 20_000 });
    await expect(page.getByTestId('application-view')).toHaveAttribute('data-status', 'ready');
    await expect(page.getByTestId('start-notarization')).toContainText('Start Notarization');
    await expect(page.getByTestId('signatory-progress')).toHaveAttribute('data-progress', 'qr_verified');
  });
});

test.describe('live QR scanning', () => {
  test('held up to the camera, the back of the card is photographed by itself once its Secure QR is read, and verifies', async ({
    page,
    playwright,
  }, testInfo) => {
    test.setTimeout(150_000);
    const owner = await createVerifiedAccount(page.request, { name: 'Leela Pillai' });
    await signIn(page, owner);
    const signatoryEmail = uniqueEmail('signatory');
    const title = 'Rental agreement, Wakad';
    const { id } = await submittedApplication(page.request, {
      title,
      signatory: { fullName: 'Dev Menon', email: signatoryEmail },
    });
    await payInSandbox(page.request, id);
    const invitation = await waitForMail(
      page.request,
      signatoryEmail,
      `Leela Pillai asked you to sign “${title}” on Mohar`,
    );
    const token = linkPath(invitation, '/access-application/').split('/').pop() ?? '';

    // A browser whose camera sees the back of Dev's card (the steps before are the other journey's).
    const video = await secureQrVideo(
      { name: 'Dev Menon', dob: '12-04-1991', gender: 'M', last4: '8642' },
      testInfo.outputPath('card-back.y4m'),
    );
    const camera = await playwright.chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: [...CHROMIUM_ARGS, `--use-file-for-fake-video-capture=${video}`],
    });
    const context = await camera.newContext({ permissions: ['camera'] });
    await confirmAndConsentThroughApi(context.request, {
      token,
      email: signatoryEmail,
      mailbox: page.request,
    });
    const portal = await context.newPage();
    await portal.goto(paths.accessApplication(token));
    await expect(step(portal, 'aadhaar')).toHaveAttribute('data-state', 'current', { timeout: 20_000 });

    const back = slot(portal, 'aadhaar_back');
    await back.getByTestId('identity-camera').click();
    // Nobody presses Take photo: the masking tool opens with the frame that held the QR (the scan can be quicker
    // than any look at the camera dialog in between).
    await expect(portal.getByTestId('mask-surface')).toBeVisible({ timeout: 30_000 });
    await portal.getByTestId('mask-send').click();
    const qr = back.getByTestId('qr-result');
    await expect(qr).toHaveAttribute('data-outcome', 'verified', { timeout: 20_000 });
    await expect(qr).toContainText('XXXX XXXX 8642');
    await camera.close();
  });
});

/** Steps 1 and 2 through the API, as the portal's own screens call it. */
async function confirmAndConsentThroughApi(
  request: APIRequestContext,
  options: { token: string; email: string; mailbox: APIRequestContext },
) {
  const api = (path: string) => `${SEEDED_URL}${API}/access/${options.token}${path}`;
  const since = Date.now() - 1000;
  expect((await request.post(api('/email-code'), { data: {} })).status()).toBe(200);
  const code = await waitForCode(options.mailbox, { to: options.email, since });
  expect((await request.post(api('/email-code/verify'), { data: { code } })).status()).toBe(200);
  const consent = await request.post(api('/consent'), {
    data: { decision: 'accept', textVersion: CONSENT.version },
  });
  expect(consent.status()).toBe(200);
}
