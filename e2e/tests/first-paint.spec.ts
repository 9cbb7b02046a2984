import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { DEMO, signIn } from '../fixtures/accounts.ts';
import { getBlogs, groupByCategory, SEEDED_URL } from '../fixtures/app.ts';

// How the first screen of a visit gets to the browser (docs/decisions/0018-js-chunks-and-first-paint.md).

const home = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, '../../apps/web/src/locales/en/home.json'), 'utf8'),
) as { hero: { title: string } };

/** The scripts a page loaded until the network was idle, by file name. */
async function scriptsOf(page: Page, pathname: string): Promise<string[]> {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto(pathname, { waitUntil: 'networkidle' });
  return scripts;
}

test("the landing page's hero is in the HTML and shows before any of the app's scripts has run", async ({
  page,
  request,
}) => {
  const html = await (await request.get(`${SEEDED_URL}/home`)).text();
  expect(html).toContain('data-testid="boot-hero"');
  expect(html).toContain(home.hero.title);
  // The landing and login documents name the app's entry instead of loading it (decisions 0022, 0040); other
  // pages load it.
  const login = await (await request.get(`${SEEDED_URL}/login`)).text();
  for (const document of [html, login]) {
    expect(document).not.toMatch(/<script[^>]+type="module"/);
    expect(document).toMatch(/<meta name="mohar:app" content="\/assets\/index-[^"]+\.js">/);
  }
  expect(login).not.toContain('boot-hero');
  const resources = await (await request.get(`${SEEDED_URL}/resources`)).text();
  expect(resources).toMatch(/<script type="module" crossorigin src="\/assets\/index-[^"]+\.js">/);

  // No app script at all: what a visitor sees while the scripts are on their way.
  await page.route(/\/assets\/.+\.js$/, (route) => route.abort());
  await page.goto('/home');
  await expect(page.getByTestId('boot-hero').getByRole('heading', { level: 1 })).toHaveText(home.hero.title);
  await expect(page.getByTestId('boot-hero').getByRole('link', { name: 'Notarize Now' })).toHaveAttribute(
    'href',
    '/login',
  );

  // Another page keeps the plain branded frame: the hero belongs to the landing page only.
  await page.goto('/resources');
  await expect(page.getByTestId('boot-frame')).toBeVisible();
  await expect(page.getByTestId('boot-hero')).toBeHidden();
});

test('/login draws its card from the HTML, in the visitor’s language, before any of the app’s scripts has run', async ({
  page,
}) => {
  // No app script at all (docs/decisions/0028): the card, its links and the support banner are there.
  await page.route(/\/assets\/.+\.js$/, (route) => route.abort());
  await page.goto('/login');
  const card = page.getByTestId('boot-login');
  // Both languages are in the document; the other one's texts are hidden, so the accessible name is one language's.
  await expect(card.getByRole('heading', { level: 1 })).toHaveAccessibleName('Log in');
  await expect(card.getByText('Welcome back. Log in to start or follow a notarisation.')).toBeVisible();
  await expect(card.getByRole('textbox', { name: 'E-mail address' })).toBeEditable();
  await expect(card.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
    'href',
    '/forgetpassword',
  );
  await expect(card.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register');
  await expect(card.getByRole('link', { name: '+91 11 4567 8900' })).toHaveAttribute(
    'href',
    'tel:+911145678900',
  );
  // Nothing is sent without the app's checks and messages: the button waits for the app.
  await expect(card.getByRole('button', { name: 'Log in' })).toBeDisabled();
  await expect(page.getByText('लॉग इन', { exact: true })).toBeHidden();

  // A Hindi visitor gets the Hindi card from the first paint: no English flash.
  await page.addInitScript(() => window.localStorage.setItem('mohar.language', 'hi'));
  await page.goto('/login');
  await expect(card.getByRole('heading', { level: 1 })).toHaveAccessibleName('लॉग इन');
  await expect(card.getByRole('textbox', { name: 'ई-मेल पता' })).toBeVisible();
  await expect(card.getByText('Welcome back. Log in to start or follow a notarisation.')).toBeHidden();
  await expect(card.getByRole('button', { name: 'लॉग इन करें' })).toBeDisabled();
});

test("/login asks for the app's entry only after the HTML card has painted (decision 0040)", async ({
  page,
}) => {
  await page.addInitScript(() => {
    const w = window as unknown as { cardPaintedAt?: number };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { identifier?: string }>)
        if (entry.identifier === 'login-card') w.cardPaintedAt ??= entry.startTime;
    }).observe({ type: 'element', buffered: true });
  });
  await page.goto('/login');
  await expect(page.getByRole('form', { name: 'Log in to Mohar' })).toBeVisible();
  const timing = await page.evaluate(() => ({
    cardPaintedAt: (window as unknown as { cardPaintedAt?: number }).cardPaintedAt,
    entryAskedAt: performance
      .getEntriesByType('resource')
      .find((entry) => /\/assets\/index-[^/]+\.js$/.test(entry.name))?.startTime,
  }));
  expect(timing.cardPaintedAt, "the card's intro was painted").toBeDefined();
  expect(timing.entryAskedAt).toBeGreaterThan(timing.cardPaintedAt!);
});

test('what a visitor types into the HTML login card is kept when the app takes over, and logs them in', async ({
  page,
}) => {
  // The app's entry is held back until the visitor has typed: a slow connection, or a fast visitor.
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  await page.goto('/login', { waitUntil: 'commit' });
  const card = page.getByTestId('boot-login');
  await card.getByRole('textbox', { name: 'E-mail address' }).fill(DEMO.client.email);
  await card.getByLabel(/^Password/).fill(DEMO.client.password);
  release();

  const form = page.getByRole('form', { name: 'Log in to Mohar' });
  await expect(form.getByRole('textbox', { name: 'E-mail address' })).toHaveValue(DEMO.client.email);
  const password = form.getByLabel(/^Password/).and(page.locator('input'));
  await expect(password).toHaveValue(DEMO.client.password);
  // The field being typed in keeps the focus, so the next key lands where the visitor expects.
  await expect(password).toBeFocused();
  await expect(card).toHaveCount(0);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a Hindi visitor sees the branded frame, not the English hero, until the Hindi page renders', async ({
  page,
}) => {
  await page.addInitScript(() => window.localStorage.setItem('mohar.language', 'hi'));
  await page.route(/\/assets\/.+\.js$/, (route) => route.abort());
  await page.goto('/home');
  await expect(page.getByTestId('boot-frame')).toBeVisible();
  await expect(page.getByTestId('boot-hero')).toBeHidden();
});

test("on the landing page the poster comes first and the app's scripts only after the hero has painted", async ({
  page,
}) => {
  const requests: string[] = [];
  page.on('request', (request) => requests.push(new URL(request.url()).pathname));
  // When the HTML hero's poster was first painted, from the page's own paint timing (the poster is its largest
  // paint; React's video, painted later with the same poster, reports another one).
  await page.addInitScript(() => {
    const w = window as unknown as { posterPaintedAt?: number };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { url?: string }>)
        if (entry.url?.endsWith('.avif')) w.posterPaintedAt ??= entry.startTime;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
  await page.goto('/home');
  await expect(page.getByTestId('home-hero')).toBeVisible();
  const poster = requests.indexOf('/media/mohar-demo-poster.avif');
  const firstScript = requests.findIndex((p) => /^\/assets\/.+\.js$/.test(p));
  expect(poster, 'the AVIF poster is fetched').toBeGreaterThanOrEqual(0);
  expect(firstScript, "the app's entry is fetched").toBeGreaterThan(poster);
  // The app's entry was asked for after the poster had painted.
  const timing = await page.evaluate(() => ({
    posterPaintedAt: (window as unknown as { posterPaintedAt?: number }).posterPaintedAt,
    entryAskedAt: performance
      .getEntriesByType('resource')
      .find((entry) => /\/assets\/index-[^/]+\.js$/.test(entry.name))?.startTime,
  }));
  expect(timing.posterPaintedAt, 'the poster was the largest paint').toBeDefined();
  expect(timing.entryAskedAt).toBeGreaterThan(timing.posterPaintedAt!);
  // React's video shows the same AVIF poster: the JPEG is never needed.
  await expect(page.getByTestId('home-hero').locator('video')).toHaveAttribute(
    'poster',
    '/media/mohar-demo-poster.avif',
  );
  expect(requests).not.toContain('/media/mohar-demo-poster.jpg');
});

test('a Hindi visitor on the landing page gets the Hindi page without waiting for a poster', async ({
  page,
}) => {
  await page.addInitScript(() => window.localStorage.setItem('mohar.language', 'hi'));
  await page.goto('/home');
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  await expect(page.getByTestId('home-hero')).toBeVisible();
  await expect(page.getByTestId('boot-hero')).toHaveCount(0);
});

test('the React landing page replaces the HTML hero', async ({ page }) => {
  await page.goto('/home');
  await expect(page.getByTestId('home-hero')).toBeVisible();
  await expect(page.getByTestId('boot-hero')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
});

test('a signed-in screen asks for the session at boot, before the router has loaded', async ({ page }) => {
  await signIn(page, DEMO.client);
  const requests: string[] = [];
  page.on('request', (request) => requests.push(new URL(request.url()).pathname));
  // Not the dashboard: its HTML names the router's file to preload before any script runs (decision 0029).
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const session = requests.indexOf('/api/v1/session');
  const router = requests.findIndex((p) => /\/assets\/router-app-[^/]+\.js$/.test(p));
  expect(session, 'the session is asked for').toBeGreaterThanOrEqual(0);
  expect(router, "the router's file is loaded").toBeGreaterThanOrEqual(0);
  expect(session).toBeLessThan(router);
  // Taken by the guard: asked for once, not once at boot and again when the screen renders.
  expect(requests.filter((p) => p === '/api/v1/session')).toHaveLength(1);
});

test("/resources' HTML preloads the image of the first card it shows, which the card then takes (decision 0048)", async ({
  page,
  request,
}) => {
  const categories = groupByCategory(await getBlogs(request));
  const [first, second] = categories;
  if (!first?.blogs[0]?.image || !second?.blogs[0]?.image) throw new Error('the demo content has images');
  for (const [url, image] of [
    ['/resources', first.blogs[0].image],
    [`/resources?category=${encodeURIComponent(second.name)}`, second.blogs[0].image],
  ] as const) {
    const html = await (await request.get(`${SEEDED_URL}${url}`)).text();
    expect(html, url).toContain(`<link rel="preload" as="image" href="${image}" fetchpriority="high">`);
    const asked: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith(image)) asked.push(r.url());
    });
    await page.goto(url);
    // The card's image is the preloaded one, asked for once: the `<img>` took the preload's answer.
    await expect(page.getByRole('main').getByRole('article').first().locator('img')).toHaveAttribute(
      'src',
      image,
    );
    await expect(page.getByRole('main').getByRole('article').first().locator('img')).toHaveJSProperty(
      'complete',
      true,
    );
    expect(asked, url).toHaveLength(1);
    page.removeAllListeners('request');
  }
});

test('a public page that never reads the session does not ask for it', async ({ page }) => {
  const requests: string[] = [];
  page.on('request', (request) => requests.push(new URL(request.url()).pathname));
  await page.goto('/resources', { waitUntil: 'networkidle' });
  expect(requests).not.toContain('/api/v1/session');
});

test("public pages load none of the signed-in area's files, and the landing page not the router's", async ({
  page,
}) => {
  const signedIn =
    /\/assets\/(shell|signed-in-bits|dashboard|guard|dashboard-page|app-frame|application-view-screen|notary-session-page)-/;
  for (const pathname of ['/login', '/resources']) {
    const scripts = await scriptsOf(page, pathname);
    expect(
      scripts.filter((s) => signedIn.test(s)),
      pathname,
    ).toEqual([]);
  }
  // A page without a form loads no form kit, and no contracts but its own (decision 0018, second round).
  const resources = await scriptsOf(page, '/resources');
  expect(resources.filter((s) => /\/assets\/(forms|contracts|src)-/.test(s))).toEqual([]);
  const landing = await scriptsOf(page, '/home');
  expect(landing.filter((s) => /\/assets\/(router|router-app)-/.test(s))).toEqual([]);
  // Merged files, not dozens of small ones.
  expect(landing.length).toBeLessThanOrEqual(8);
});

test('/login fetches the error and field-message texts with its form, and a failed sign-in still reads in Hindi (decision 0079)', async ({
  page,
}) => {
  const texts = /\/assets\/(errors|validation)-[^/]+\.js$/;
  const fetched: string[] = [];
  page.on('request', (request) => {
    const pathname = new URL(request.url()).pathname;
    if (texts.test(pathname)) fetched.push(pathname);
  });
  await page.goto('/login', { waitUntil: 'networkidle' });
  expect(fetched).toEqual([]);
  await page.getByRole('banner').getByRole('radiogroup', { name: 'Language' }).getByText('हिन्दी').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  const form = page.getByRole('form');
  await form.getByRole('textbox').first().fill('nobody@example.com');
  await form.locator('input[type="password"]').fill('not-the-password-1');
  await form.locator('button[type="submit"]').click();
  // The texts came with the form's checks, in the language on screen: the failure is the Hindi sentence.
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page.getByRole('alert')).not.toContainText('Login failed');
  await expect(page.getByRole('alert')).toContainText(/[\u0900-\u097F]/);
  expect(fetched.length).toBeGreaterThan(0);
});

test("/login and the dashboard ask for their screen's file at boot, beside the router's (decision 0023)", async ({
  page,
}) => {
  const requests: string[] = [];
  page.on('request', (request) => requests.push(new URL(request.url()).pathname));
  const firstOf = (file: RegExp) => requests.findIndex((p) => file.test(p));

  await page.goto('/login');
  // The HTML card shows at once; the app's form is the app's (it starts after the card has painted, decision 0040).
  await expect(page.getByRole('form', { name: 'Log in to Mohar' })).toBeVisible();
  expect(firstOf(/\/assets\/login-page-[^/]+\.js$/)).toBeGreaterThanOrEqual(0);
  expect(firstOf(/\/assets\/login-page-[^/]+\.js$/)).toBeLessThan(firstOf(/\/assets\/router-app-[^/]+\.js$/));

  await signIn(page, DEMO.client);
  requests.length = 0;
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The router's, the frame's and the screen's files (the client's part with it) are preload links in the
  // dashboard's own document, and its boot script asks for the session (decisions 0029, 0034, 0041); each is asked
  // for once: the app takes what the HTML started.
  expect(requests.filter((p) => p === '/api/v1/session')).toHaveLength(1);
  const html = await (await page.request.get('/dashboard')).text();
  for (const file of [
    /\/assets\/router-app-[^/]+\.js$/,
    /\/assets\/shell-[^/]+\.js$/,
    /\/assets\/dashboard-[^/]+\.js$/,
  ]) {
    const asked = requests.find((p) => file.test(p));
    expect(asked, String(file)).toBeDefined();
    expect(html, String(file)).toContain(`<link rel="modulepreload" crossorigin href="${asked}">`);
    expect(
      requests.filter((p) => file.test(p)),
      String(file),
    ).toHaveLength(1);
  }
});

test("the dashboard's first render is the signed-in screen: the HTML's frame stays until then, no loader between", async ({
  page,
}) => {
  await signIn(page, DEMO.client);
  // Every element the app ever put on the page, as it appeared (decision 0034).
  await page.addInitScript(() => {
    const w = window as unknown as { seen: string[] };
    w.seen = [];
    new MutationObserver((records) => {
      for (const record of records)
        for (const node of Array.from(record.addedNodes))
          if (node instanceof HTMLElement) {
            if (
              node.matches('[data-testid="page-loader"]') ||
              node.querySelector('[data-testid="page-loader"]')
            )
              w.seen.push('loader');
            if (node.querySelector('h1')) w.seen.push('heading');
          }
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Hello, /);
  await expect(page.getByTestId('boot-frame')).toHaveCount(0);
  const seen = await page.evaluate(() => (window as unknown as { seen: string[] }).seen);
  expect(seen[0]).toBe('heading');
  expect(seen).not.toContain('loader');
});

test("on a phone the dashboard's first render leaves the closed sidebar's links for right after it; on a desktop they are in it", async ({
  page,
}) => {
  await signIn(page, DEMO.client);
  // Whether the sidebar's navigation was in the page when the screen's heading first appeared (decision 0041).
  await page.addInitScript(() => {
    const w = window as unknown as { navWithHeading?: boolean };
    new MutationObserver(() => {
      if (w.navWithHeading === undefined && document.querySelector('h1'))
        w.navWithHeading = document.querySelector('#app-navbar nav') !== null;
    }).observe(document, { childList: true, subtree: true });
  });
  const navWithHeading = () =>
    page.evaluate(() => (window as unknown as { navWithHeading?: boolean }).navWithHeading);
  const wallet = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Wallet' });

  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Hello, /);
  expect(await navWithHeading()).toBe(false);
  // Drawn once the screen is up, so the burger opens a drawer with its links.
  await expect(page.locator('#app-navbar nav')).toBeAttached();
  await page.getByRole('button', { name: 'Toggle navigation' }).click();
  await expect(wallet).toBeInViewport();

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Hello, /);
  expect(await navWithHeading()).toBe(true);
  await expect(wallet).toBeInViewport();
});

test('a session that cannot be read is said so on a signed-in screen, with a way to try again', async ({
  page,
}) => {
  await signIn(page, DEMO.client);
  await page.route('**/api/v1/session', (route) => route.abort());
  await page.goto('/dashboard');
  await expect(
    page.getByRole('heading', { level: 1, name: 'We could not check your sign-in' }),
  ).toBeVisible();
  await page.unroute('**/api/v1/session');
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByTestId('dashboard-active-applications')).toBeVisible();
});

test("the dashboard asks for its client's applications once the session names the role, and once only", async ({
  page,
}) => {
  await signIn(page, DEMO.client);
  const reads: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/v1/')) reads.push(url.pathname + url.search);
  });
  await page.goto('/dashboard', { waitUntil: 'networkidle' });
  await expect(page.getByTestId('dashboard-active-applications')).toBeVisible();
  // Asked for at boot, beside the code (app/boot/dashboard-at-boot.ts), and taken by the screen: not asked again.
  expect(reads.filter((r) => r.startsWith('/api/v1/applications?'))).toEqual([
    '/api/v1/applications?page=1&pageSize=20',
  ]);
  expect(reads.indexOf('/api/v1/session')).toBeLessThan(
    reads.indexOf('/api/v1/applications?page=1&pageSize=20'),
  );
});

test('the user menu and the notification feed load on their first open and behave as before', async ({
  page,
}) => {
  await signIn(page, DEMO.client);
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto('/dashboard', { waitUntil: 'networkidle' });
  const onDemand = /\/assets\/(user-menu-dropdown|notification-feed-popover)-/;
  expect(scripts.filter((s) => onDemand.test(s))).toEqual([]);

  // Keyboard: the arrow key opens the menu, Escape closes it and gives focus back to its button.
  const account = page.getByRole('button', { name: /^Account menu for / });
  await account.focus();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'Log out' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menuitem', { name: 'Log out' })).toBeHidden();
  await expect(account).toBeFocused();
  await account.click();
  await expect(page.getByRole('menuitem', { name: 'Profile' })).toBeVisible();
  await page.keyboard.press('Escape');

  await page.getByTestId('notification-bell').click();
  await expect(page.getByTestId('notification-feed')).toBeVisible();
  await expect(page.getByTestId('notification-bell')).toHaveAttribute('aria-expanded', 'true');
  await page.getByTestId('notification-bell').click();
  await expect(page.getByTestId('notification-feed')).toBeHidden();
});
