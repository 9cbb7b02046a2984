import { expect, type Page, test } from '@playwright/test';
import { expectPageReady, paths } from '../fixtures/app.ts';
import { expectAccessibleInEveryVariant } from '../fixtures/axe.ts';

const ARTICLE_SLUG = 'how-video-notarisation-works-on-mohar';

type Screen = {
  name: string;
  path: string;
  /** Waits for the page's real content (data loaded), not the spinner. */
  ready: (page: Page) => Promise<void>;
  /** Shown as written (an article's text is the author's, in English): left out of the search for English. */
  userContent?: string;
};

const SCREENS: Screen[] = [
  {
    name: 'home',
    path: paths.home(),
    ready: async (page) => {
      await expectPageReady(page, 'Your documents can now be notarised online');
      await expect(
        page.getByTestId('home-banner').getByRole('link', { name: /^E-mail support/ }),
      ).toBeVisible();
      await expect(page.getByTestId('home-faq')).toBeVisible();
    },
  },
  {
    name: 'resources',
    path: paths.resources.list(),
    ready: async (page) => {
      await expectPageReady(page, 'Latest Resources');
      await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();
    },
  },
  {
    name: 'article',
    path: paths.resources.article(ARTICLE_SLUG),
    ready: async (page) => {
      await expectPageReady(page, 'How a video notarisation works on Mohar, step by step');
      await expect(page.getByRole('main').getByRole('article').locator('time')).toBeVisible();
    },
    userContent: '[data-testid="blog-article"]',
  },
  {
    name: 'contact',
    path: paths.contact(),
    ready: async (page) => {
      await expectPageReady(page, 'Customer Support');
      await expect(page.getByRole('button', { name: 'Send message' })).toBeVisible();
    },
  },
  {
    name: 'terms',
    path: paths.legal.terms(),
    ready: (page) => expectPageReady(page, 'General Terms and Conditions').then(() => undefined),
  },
  {
    name: 'refund policy',
    path: paths.legal.refund(),
    ready: (page) => expectPageReady(page, 'Refund Policy').then(() => undefined),
  },
  {
    name: 'privacy policy',
    path: paths.legal.privacy(),
    ready: async (page) => {
      await expectPageReady(page, 'Data Privacy Policy');
      await expect(page.getByRole('table')).toBeVisible();
    },
  },
  {
    name: 'pricing',
    path: paths.company.pricing(),
    ready: async (page) => {
      await expectPageReady(page, 'Pricing');
      await expect(page.getByRole('row', { name: /Total you pay/ })).toBeVisible();
    },
  },
];

/**
 * Visits each screen in turn (one browser context, so later pages load from cache) and checks it with axe in English
 * and Hindi, light and dark: the language through the header's switch and the scheme in place, no reload.
 */
async function auditScreens(page: Page, screens: Screen[]) {
  for (const screen of screens) {
    await test.step(screen.name, async () => {
      await page.goto(screen.path);
      await screen.ready(page);
      await expectAccessibleInEveryVariant(page, { label: screen.path, userContent: screen.userContent });
    });
  }
}

const byName = (...names: string[]) => SCREENS.filter((screen) => names.includes(screen.name));

test.describe('accessibility (axe-core, every rule; English and Hindi, light and dark): no serious or critical violations', () => {
  test.describe.configure({ timeout: 90_000 });

  test('home, resources, an article, contact', async ({ page }) => {
    await auditScreens(page, byName('home', 'resources', 'article', 'contact'));
  });

  test('terms, refund policy, privacy policy, pricing', async ({ page }) => {
    await auditScreens(page, byName('terms', 'refund policy', 'privacy policy', 'pricing'));
  });
});
