import { expect, type Locator, type Page, test } from '@playwright/test';
import {
  API,
  apiGet,
  expectPageReady,
  locale,
  luminance,
  type Pricing,
  pathOf,
  paths,
  rupees,
} from '../fixtures/app.ts';

type Target = { path: string; heading: string | RegExp };

const TARGETS = {
  home: { path: paths.home(), heading: 'Your documents can now be notarised online' },
  resources: { path: paths.resources.list(), heading: 'Latest Resources' },
  contact: { path: paths.contact(), heading: 'Customer Support' },
  demo: { path: paths.contact({ topic: 'demo' }), heading: 'Customer Support' },
  login: { path: paths.auth.login(), heading: 'Log in' },
  register: { path: paths.auth.register(), heading: 'Register' },
  about: { path: paths.company.about(), heading: 'About Mohar' },
  pricing: { path: paths.company.pricing(), heading: 'Pricing' },
  career: { path: paths.company.career(), heading: 'Careers at Mohar' },
  terms: { path: paths.legal.terms(), heading: 'General Terms and Conditions' },
  privacy: { path: paths.legal.privacy(), heading: 'Data Privacy Policy' },
  refund: { path: paths.legal.refund(), heading: 'Refund Policy' },
} satisfies Record<string, Target>;

type Case = {
  name: string;
  control: (page: Page) => Locator;
  to: Target;
  /** A navbar link that marks itself as the current page once there. */
  current?: (page: Page) => Locator;
  /** More to check on the target page. */
  check?: (page: Page) => Promise<void>;
};

const header = (page: Page) => page.getByTestId('site-header');
const footer = (page: Page) => page.getByTestId('site-footer');
const footerColumn = (page: Page, name: 'Company' | 'Help') => footer(page).getByRole('navigation', { name });

/**
 * Clicks each control from `from` and checks the URL and the target page's h1. Between clicks the browser goes
 * back, which exercises history too and avoids a full page load per link.
 */
async function clickThrough(page: Page, from: Target, cases: Case[]) {
  if (page.url() === 'about:blank' || pathOf(page) !== from.path) await page.goto(from.path);
  await expectPageReady(page, from.heading);
  for (const c of cases) {
    await test.step(`${c.name} → ${c.to.path}`, async () => {
      const control = c.control(page);
      await expect(control).toBeVisible();
      await control.click();
      await expect.poll(() => pathOf(page), { message: `${c.name} leads to ${c.to.path}` }).toBe(c.to.path);
      await expectPageReady(page, c.to.heading);
      if (c.current) await expect(c.current(page)).toHaveAttribute('aria-current', 'page');
      await c.check?.(page);
      await page.goBack();
      await expect.poll(() => pathOf(page), { message: 'back where we started' }).toBe(from.path);
      await expectPageReady(page, from.heading);
    });
  }
}

test.describe('every button and link goes where the spec says', () => {
  test('navbar: Home, Resources, Customer Support, Login, Register and the logo', async ({ page }) => {
    const nav = (p: Page) => header(p).getByRole('navigation', { name: 'Main' });
    await clickThrough(page, TARGETS.home, [
      {
        name: 'navbar Resources',
        control: (p) => nav(p).getByRole('link', { name: 'Resources', exact: true }),
        to: TARGETS.resources,
        current: (p) => nav(p).getByRole('link', { name: 'Resources', exact: true }),
      },
      {
        name: 'navbar Customer Support',
        control: (p) => nav(p).getByRole('link', { name: 'Customer Support', exact: true }),
        to: TARGETS.contact,
        current: (p) => nav(p).getByRole('link', { name: 'Customer Support', exact: true }),
      },
      {
        name: 'navbar Login',
        control: (p) => header(p).getByRole('link', { name: 'Login', exact: true }),
        to: TARGETS.login,
      },
      {
        name: 'navbar Register',
        control: (p) => header(p).getByRole('link', { name: 'Register', exact: true }),
        to: TARGETS.register,
      },
    ]);
    // Home and the logo, from another page so the click really navigates (reached in the app, no reload).
    await nav(page).getByRole('link', { name: 'Resources', exact: true }).click();
    await expect.poll(() => pathOf(page)).toBe(TARGETS.resources.path);
    await clickThrough(page, TARGETS.resources, [
      {
        name: 'navbar Home',
        control: (p) => nav(p).getByRole('link', { name: 'Home', exact: true }),
        to: TARGETS.home,
      },
      {
        name: 'logo',
        control: (p) => header(p).getByRole('link', { name: 'Mohar home' }),
        to: TARGETS.home,
      },
    ]);
  });

  test('landing page: Book a Demo, Notarize Now, Register Now, Read Now', async ({ page }) => {
    await clickThrough(page, TARGETS.home, [
      {
        name: 'hero Book a Demo',
        control: (p) => p.getByTestId('home-hero').getByRole('link', { name: 'Book a Demo' }),
        to: TARGETS.demo,
        // The demo topic is preselected on the contact form.
        check: async (p) => {
          const topic = p.getByRole('combobox', { name: 'Topic' });
          await expect(topic).toHaveValue('demo');
          await expect(topic.locator('option:checked')).toHaveText('Book a demo');
        },
      },
      {
        name: 'hero Notarize Now',
        control: (p) => p.getByTestId('home-hero').getByRole('link', { name: 'Notarize Now' }),
        to: TARGETS.login,
      },
      {
        name: 'benefits Register Now',
        control: (p) => p.getByTestId('home-benefits').getByRole('link', { name: 'Register Now' }),
        to: TARGETS.register,
      },
      {
        name: 'security Read Now',
        control: (p) => p.getByTestId('home-security').getByRole('link', { name: 'Read Now' }),
        to: TARGETS.resources,
      },
    ]);
  });

  // The footer is the same on every public page: these start from a light one, so each return is quick.
  test('footer Company: About, Pricing, Resources, Career', async ({ page }) => {
    const link = (p: Page, name: string) =>
      footerColumn(p, 'Company').getByRole('link', { name, exact: true });
    await clickThrough(page, TARGETS.login, [
      { name: 'footer About', control: (p) => link(p, 'About'), to: TARGETS.about },
      { name: 'footer Pricing', control: (p) => link(p, 'Pricing'), to: TARGETS.pricing },
      { name: 'footer Resources', control: (p) => link(p, 'Resources'), to: TARGETS.resources },
      { name: 'footer Career', control: (p) => link(p, 'Career'), to: TARGETS.career },
    ]);
  });

  test('footer Help: Customer Support, Contact us, Terms & Conditions, Privacy Policy, Refund Policy', async ({
    page,
  }) => {
    const link = (p: Page, name: string) => footerColumn(p, 'Help').getByRole('link', { name, exact: true });
    await clickThrough(page, TARGETS.login, [
      { name: 'footer Customer Support', control: (p) => link(p, 'Customer Support'), to: TARGETS.contact },
      { name: 'footer Contact us', control: (p) => link(p, 'Contact us'), to: TARGETS.contact },
      { name: 'footer Terms & Conditions', control: (p) => link(p, 'Terms & Conditions'), to: TARGETS.terms },
      { name: 'footer Privacy Policy', control: (p) => link(p, 'Privacy Policy'), to: TARGETS.privacy },
      { name: 'footer Refund Policy', control: (p) => link(p, 'Refund Policy'), to: TARGETS.refund },
    ]);
  });
});

test.describe('leaving the landing page (it starts without the router)', () => {
  test('a click moves within the app without a page load; back and forward work', async ({ page }) => {
    await page.goto(paths.root);
    await expectPageReady(page, TARGETS.home.heading);
    // A full page load would wipe this marker.
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));

    await header(page)
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Resources' })
      .click();
    await expect.poll(() => pathOf(page)).toBe(TARGETS.resources.path);
    await expectPageReady(page, TARGETS.resources.heading);
    expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);

    await page.goBack();
    await expect.poll(() => pathOf(page)).toBe(paths.root);
    await expectPageReady(page, TARGETS.home.heading);
    await page.goForward();
    await expectPageReady(page, TARGETS.resources.heading);
    expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
  });

  test('a Ctrl/Cmd-click opens the page in a new tab and leaves the landing page as it was', async ({
    page,
  }) => {
    await page.goto(paths.home());
    await expectPageReady(page, TARGETS.home.heading);
    const register = header(page).getByRole('link', { name: 'Register' });
    await expect(register).toHaveAttribute('href', TARGETS.register.path);

    const [tab] = await Promise.all([
      page.context().waitForEvent('page'),
      register.click({ modifiers: ['ControlOrMeta'] }),
    ]);
    // A new tab starts at about:blank: wait for it to arrive.
    await expect
      .poll(() => pathOf(tab), { message: 'the new tab opens Register' })
      .toBe(TARGETS.register.path);
    await expectPageReady(tab, TARGETS.register.heading);
    expect(pathOf(page)).toBe(paths.home());
    await expectPageReady(page, TARGETS.home.heading);
    await tab.close();
  });
});

test.describe('old links and guarded paths', () => {
  test('hash-style links land on the real paths: /#/resources, /#/contact, #/privacy-policy', async ({
    page,
  }) => {
    for (const target of [TARGETS.resources, TARGETS.contact]) {
      await test.step(`/#${target.path}`, async () => {
        await page.goto(`/#${target.path}`);
        await expectPageReady(page, target.heading);
        expect(pathOf(page)).toBe(target.path);
        expect(new URL(page.url()).hash).toBe('');
      });
    }
    await test.step(`a hash link followed inside the app: #${TARGETS.privacy.path}`, async () => {
      await page.goto(paths.root);
      await expectPageReady(page, TARGETS.home.heading);
      await page.evaluate((hash) => {
        window.location.hash = hash;
      }, `#${TARGETS.privacy.path}`);
      await expect.poll(() => pathOf(page)).toBe(TARGETS.privacy.path);
      await expectPageReady(page, TARGETS.privacy.heading);
      expect(new URL(page.url()).hash).toBe('');
    });
  });

  test('an unknown path while logged out goes to /home with the original path in redirect', async ({
    page,
  }) => {
    const requested = '/dashboard/x?y=1';
    await page.goto(requested);
    await expectPageReady(page, 'Your documents can now be notarised online');
    const url = new URL(page.url());
    expect(url.pathname).toBe(paths.home());
    expect(url.searchParams.get('redirect')).toBe(requested);
    expect(pathOf(page)).toBe(paths.home({ redirect: requested }));
    expect(url.search).toBe('?redirect=%2Fdashboard%2Fx%3Fy%3D1');
  });
});

const bodyBackground = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

async function expectDark(page: Page) {
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await expect
    .poll(async () => luminance(await bodyBackground(page)), { message: 'dark body' })
    .toBeLessThan(0.05);
}

async function expectLight(page: Page) {
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
  await expect
    .poll(async () => luminance(await bodyBackground(page)), { message: 'light body' })
    .toBeGreaterThan(0.8);
}

test.describe('colour mode', () => {
  test('?theme=dark renders dark and is remembered without the parameter; only its leading letters count', async ({
    page,
  }) => {
    await test.step('?theme=dark', async () => {
      await page.goto(`${paths.home()}?theme=dark`);
      await expectPageReady(page);
      await expectDark(page);
      await expect(header(page).getByRole('button', { name: 'Switch to light mode' })).toBeVisible();
    });

    await test.step('the next visit, without the parameter, is still dark', async () => {
      await page.goto(paths.resources.list());
      await expectPageReady(page, 'Latest Resources');
      await expectDark(page);
    });

    await test.step('?theme=light wins over the remembered choice', async () => {
      await page.goto(`${paths.resources.list()}?theme=light`);
      await expectPageReady(page, 'Latest Resources');
      await expectLight(page);
    });

    await test.step('?theme=dark<script> still gives dark', async () => {
      await page.goto(`${paths.home()}?theme=${encodeURIComponent('dark<script>')}`);
      await expectPageReady(page);
      await expectDark(page);
    });
  });

  test('light by default; the navbar toggle switches modes', async ({ page }) => {
    await page.goto(paths.home());
    await expectPageReady(page);
    await expectLight(page);
    await header(page).getByRole('button', { name: 'Switch to dark mode' }).click();
    await expectDark(page);
    await header(page).getByRole('button', { name: 'Switch to light mode' }).click();
    await expectLight(page);
    await header(page).getByRole('button', { name: 'Switch to dark mode' }).click();
    await expectDark(page);
    // The choice made with the toggle is remembered too.
    await page.reload();
    await expectPageReady(page);
    await expectDark(page);
  });
});

type LayoutStrings = { nav: Record<'home' | 'resources' | 'support' | 'login' | 'register', string> };

test.describe('language', () => {
  test('switching to हिन्दी translates the navbar, sets <html lang="hi"> and is remembered', async ({
    page,
  }) => {
    const hi = locale<LayoutStrings>('hi', 'layout');
    const en = locale<LayoutStrings>('en', 'layout');
    await page.goto(paths.home());
    await expectPageReady(page);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    const nav = header(page).getByRole('navigation');
    await expect(nav.getByRole('link', { name: en.nav.home, exact: true })).toBeVisible();

    await header(page).getByRole('radiogroup', { name: 'Language' }).getByText('हिन्दी').click();

    const expectHindi = async () => {
      await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
      const bar = header(page);
      for (const key of ['home', 'resources', 'support'] as const) {
        await expect(
          bar.getByRole('navigation').getByRole('link', { name: hi.nav[key], exact: true }),
        ).toBeVisible();
      }
      await expect(bar.getByRole('link', { name: hi.nav.login, exact: true })).toBeVisible();
      await expect(bar.getByRole('link', { name: hi.nav.register, exact: true })).toBeVisible();
      await expect(bar.getByRole('link', { name: en.nav.resources, exact: true })).toHaveCount(0);
      await expect(bar.getByRole('radio', { name: 'हिन्दी' })).toBeChecked();
    };
    await expectHindi();

    await page.reload();
    await expectPageReady(page);
    await expectHindi();
  });
});

test.describe('other pages render a heading, not an error screen', () => {
  const PAGES: Array<{ path: string; heading: string }> = [
    { path: paths.company.about(), heading: 'About Mohar' },
    { path: paths.company.career(), heading: 'Careers at Mohar' },
    { path: paths.notFound(), heading: 'Page not found' },
    { path: paths.serverError(), heading: 'Something went wrong on our side' },
    { path: paths.auth.login(), heading: 'Log in' },
    { path: paths.auth.register(), heading: 'Register' },
    { path: paths.auth.forgotPassword(), heading: 'Forgot password' },
    { path: paths.auth.resetPassword('abc'), heading: 'Update password' },
    { path: paths.auth.verifyEmail('abc'), heading: 'Verify your e-mail' },
    { path: paths.accessApplication('abc'), heading: 'This link does not open' },
  ];
  const halves = [PAGES.slice(0, 5), PAGES.slice(5)];
  for (const half of halves) {
    test(`${half.map((target) => target.path).join(', ')}`, async ({ page }) => {
      test.setTimeout(60_000);
      for (const target of half) {
        await test.step(`${target.path} shows "${target.heading}"`, async () => {
          const response = await page.goto(target.path);
          expect(response?.status()).toBe(200);
          await expectPageReady(page, target.heading);
          expect(pathOf(page)).toBe(target.path);
          await expect(page).toHaveTitle(new RegExp(target.heading));
        });
      }
    });
  }

  test('/pricing shows the fees from GET /api/v1/pricing in ₹', async ({ page, request }) => {
    const pricing = await apiGet<Pricing>(request, `${API}/pricing`);
    expect(pricing.currency).toBe('INR');
    await page.goto(paths.company.pricing());
    await expectPageReady(page, 'Pricing');
    const main = page.getByRole('main');
    // The platform fee card, and the same amount on the worked example's first line.
    await expect(main.getByText(rupees(pricing.platformFeePaise), { exact: true }).first()).toBeVisible();
    await expect(main.getByRole('row', { name: /^Platform fee/ }).getByRole('cell')).toHaveText(
      rupees(pricing.platformFeePaise),
    );
    await expect(main.getByText(`plus ${pricing.gstRatePercent}% GST on the platform fee`)).toBeVisible();
    await expect(
      main.getByText(`Each extra signatory: ${rupees(pricing.extraSignatoryFeePaise)}`),
    ).toBeVisible();

    const acts = main.getByRole('table').first();
    await expect(acts.getByRole('row')).toHaveCount(pricing.notarialFees.length + 1);
    for (const [i, fee] of pricing.notarialFees.entries()) {
      await expect(
        acts
          .getByRole('row')
          .nth(i + 1)
          .getByRole('cell'),
      ).toHaveText(rupees(fee.feePaise));
    }
    // The worked example adds up: platform fee + GST on it + one notarial fee (+ extra signatories).
    const act = pricing.notarialFees[0]!;
    const extra = Math.max(0, 2 - pricing.includedSignatories) * pricing.extraSignatoryFeePaise;
    const total =
      pricing.platformFeePaise +
      Math.round((pricing.platformFeePaise * pricing.gstRatePercent) / 100) +
      act.feePaise +
      extra;
    const example = main.getByRole('region', { name: 'Worked example' });
    await expect(example.getByRole('row', { name: /Total you pay/ }).getByRole('cell')).toHaveText(
      rupees(total),
    );
    for (const amount of await main.getByRole('cell').allInnerTexts()) {
      expect(amount, 'every fee is shown in rupees').toMatch(/^₹[\d,]+\.\d{2}$/);
    }
  });
});
