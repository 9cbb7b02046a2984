import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { type Account, createVerifiedAccount, linkPath, signIn, totp } from '../fixtures/accounts.ts';
import { API, expectPageReady, paths, SEEDED_URL } from '../fixtures/app.ts';
import { expectAccessibleInEveryVariant } from '../fixtures/axe.ts';

type Screen = {
  path: string;
  ready: (page: Page) => Promise<unknown>;
  skipFrames?: boolean;
  userContent?: string;
};

/** Each screen loaded and checked in English and Hindi, light and dark, switched in place (the public header's switch). */
async function audit(page: Page, screens: Screen[]) {
  for (const screen of screens) {
    await test.step(screen.path, async () => {
      await page.goto(screen.path);
      await screen.ready(page);
      await expectAccessibleInEveryVariant(page, { label: screen.path, skipFrames: screen.skipFrames });
    });
  }
}

const SIGNED_OUT: Screen[] = [
  { path: paths.auth.login(), ready: (page) => expectPageReady(page, 'Log in') },
  { path: paths.auth.register(), ready: (page) => expectPageReady(page, 'Register') },
  { path: paths.auth.forgotPassword(), ready: (page) => expectPageReady(page, 'Forgot password') },
  {
    path: paths.auth.resetPassword('no-such-token-0000000000000000000000000000'),
    ready: (page) => expectPageReady(page, 'Update password'),
  },
  {
    path: paths.auth.verifyEmail('no-such-token-0000000000000000000000000000'),
    ready: async (page) => {
      await expectPageReady(page, 'Verify your e-mail');
      await expect(page.getByTestId('verify-error')).toBeVisible();
    },
  },
];

// Seen twice on CI's busy 2-core machine: a signed-in screen still 'Loading…' after 10 s while the other worker's
// journeys keep the seeded server (one embedded database connection) busy. Its first paint gets 20 s here.
const SLOW_SCREEN = { timeout: 20_000 };

const SIGNED_IN: Screen[] = [
  { path: paths.dashboard(), ready: (page) => expectPageReady(page, /^Hello, /, SLOW_SCREEN) },
  {
    path: paths.profile.view(),
    ready: async (page) => {
      await expectPageReady(page, 'Your profile', SLOW_SCREEN);
      await expect(page.getByTestId('session-row').first()).toBeVisible();
    },
  },
  { path: paths.profile.security(), ready: (page) => expect(page.getByTestId('mfa-status')).toBeVisible() },
  { path: paths.applications.list(), ready: (page) => expectPageReady(page, 'Applications', SLOW_SCREEN) },
  { path: '/no/such/private/page', ready: (page) => expectPageReady(page, 'Page not found') },
  {
    path: paths.dev.mailbox(),
    ready: (page) => expectPageReady(page, 'Development mailbox'),
    skipFrames: true,
    // The mails are in their reader's language (other tests' English accounts): their subjects and texts.
    userContent: '#mail-subject, [data-testid="mail-text"], ul li button p:first-child',
  },
];

/** An organisation of the signed-in client (a valid Maharashtra GSTIN: state code 27). */
async function createOrganisation(request: APIRequestContext, legalName: string): Promise<string> {
  const res = await request.post(`${SEEDED_URL}${API}/organisations`, {
    data: {
      legalName,
      gstin: '27AAPFU0939F1ZV',
      billingAddress: '12 Marine Drive, Mumbai 400002',
      gstState: '27',
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { organisation: { _id: string } }).organisation._id;
}

/** A support request of the signed-in client, as the contact form sends it; its id from the client's own list. */
async function createSupportRequest(request: APIRequestContext, account: Account): Promise<string> {
  const sent = await request.post(`${SEEDED_URL}${API}/support/tickets`, {
    data: {
      name: 'Anil Kapoor',
      email: account.email,
      topic: 'payments',
      message: 'My payment went through twice for one application.',
    },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  const { tickets } = (await (await request.get(`${SEEDED_URL}${API}/support/tickets`)).json()) as {
    tickets: Array<{ _id: string }>;
  };
  expect(tickets).toHaveLength(1);
  return tickets[0]?._id ?? '';
}

/** Another client's organisation invites `account`; the path of the link in the e-mail it gets. */
async function invitationFromAnotherClient(
  requests: {
    newContext: (options: { extraHTTPHeaders: Record<string, string> }) => Promise<APIRequestContext>;
  },
  request: APIRequestContext,
  account: Account,
): Promise<string> {
  const other = await createVerifiedAccount(request, { name: 'Meera Sharma' });
  const asOther = await requests.newContext({
    extraHTTPHeaders: { cookie: `${other.cookie?.name}=${other.cookie?.value}` },
  });
  const organisationId = await createOrganisation(asOther, 'Sharma Exports');
  const invited = await asOther.post(`${SEEDED_URL}${API}/organisations/${organisationId}/invitations`, {
    data: { email: account.email, role: 'member' },
  });
  expect(invited.status(), await invited.text()).toBe(201);
  await asOther.dispose();
  let link = '';
  await expect
    .poll(async () => {
      const { data } = (await (await request.get(`${SEEDED_URL}${API}/dev/mailbox`)).json()) as {
        data: Array<{ to: string; text: string }>;
      };
      const mail = data.find((m) => m.to === account.email && m.text.includes('/organisation-invitation/'));
      if (mail) link = linkPath(mail as Parameters<typeof linkPath>[0], '/organisation-invitation/');
      return link;
    })
    .not.toBe('');
  return link;
}

test.describe('accessibility of the account screens (axe-core): no serious or critical violations', () => {
  test.describe.configure({ timeout: 150_000 });

  test('signed out: login, register, forgot password, update password, verify e-mail — each in English and Hindi, light and dark', async ({
    page,
  }) => {
    await audit(page, SIGNED_OUT);
  });

  test('the MFA step of login', async ({ page }) => {
    const account = await createVerifiedAccount(page.request);
    await signIn(page, account);
    const setup = await page.request.post(`${SEEDED_URL}${API}/profile/mfa/setup`, { data: {} });
    const { secret } = (await setup.json()) as { secret: string };
    expect(
      (
        await page.request.post(`${SEEDED_URL}${API}/profile/mfa/enable`, {
          data: { code: await totp(secret) },
        })
      ).status(),
    ).toBe(200);
    await page.request.get(`${SEEDED_URL}${API}/logout`);

    await page.goto(paths.auth.login());
    await page.getByRole('textbox', { name: 'E-mail address' }).fill(account.email);
    await page
      .getByLabel(/^Password/)
      .and(page.locator('input'))
      .fill(account.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByRole('textbox', { name: 'Authentication code' })).toBeVisible();
    await expectAccessibleInEveryVariant(page, { label: 'login, MFA step' });
  });

  test('signed in: dashboard, profile, security, applications, wallet, notifications, an organisation, an invitation to another, a support request, the shell 404, the mailbox — each in English and Hindi, light and dark', async ({
    page,
    playwright,
  }) => {
    test.setTimeout(240_000);
    const account = await createVerifiedAccount(page.request, { name: 'Anil Kapoor' });
    await signIn(page, account);
    // Made through the API before any screen, while the account has no language of its own (the invitation's
    // e-mail is in English): its own organisation, a support request, and another client's invitation to it.
    const organisationId = await createOrganisation(page.request, 'Kapoor Traders');
    const ticketId = await createSupportRequest(page.request, account);
    const invitationPath = await invitationFromAnotherClient(playwright.request, page.request, account);
    const header = page.getByRole('banner');
    // With the keyboard, as a person would: the switch's radios are drawn over by their labels.
    const switchLanguage = async (language: 'en' | 'hi') => {
      await header.getByRole('radio', { checked: true }).focus();
      await page.keyboard.press(language === 'hi' ? 'ArrowRight' : 'ArrowLeft');
    };
    const screens: Screen[] = [
      ...SIGNED_IN,
      { path: paths.wallet(), ready: (page) => expectPageReady(page, 'Wallet', SLOW_SCREEN) },
      { path: paths.notifications(), ready: (page) => expectPageReady(page, 'Notifications', SLOW_SCREEN) },
      {
        path: paths.organisations.one(organisationId),
        ready: (page) => expectPageReady(page, 'Kapoor Traders', SLOW_SCREEN),
      },
      {
        path: invitationPath,
        ready: async (page) => {
          await expectPageReady(page, 'Invitation', SLOW_SCREEN);
          await expect(page.getByRole('heading', { level: 2, name: 'Sharma Exports' })).toBeVisible();
        },
      },
      {
        path: paths.support.request(ticketId),
        ready: (page) => expectPageReady(page, undefined, SLOW_SCREEN),
      },
    ];
    for (const screen of screens) {
      await test.step(screen.path, async () => {
        await page.goto(screen.path);
        await screen.ready(page);
        await expectAccessibleInEveryVariant(page, {
          label: screen.path,
          switchLanguage,
          skipFrames: screen.skipFrames,
          userContent: screen.userContent,
        });
      });
    }
  });
});
