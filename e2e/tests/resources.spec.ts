import { expect, type Page, test } from '@playwright/test';
import {
  API,
  articleDate,
  type Blog,
  cardDate,
  DRAFT,
  expectPageReady,
  getArticle,
  getBlogs,
  groupByCategory,
  paths,
  textOf,
} from '../fixtures/app.ts';

const categoryList = (page: Page) => page.getByRole('list', { name: 'Categories' });
const categoryButton = (page: Page, name: string) =>
  categoryList(page).getByRole('button', { name, exact: true });
const cards = (page: Page) => page.getByRole('main').getByRole('article');
const cardTitles = (page: Page) => cards(page).getByRole('heading', { level: 3 });

async function expectCardsOf(page: Page, category: { name: string; blogs: Blog[] }) {
  await expect(categoryButton(page, category.name)).toHaveAttribute('aria-pressed', 'true');
  await expect(cardTitles(page)).toHaveText(category.blogs.map((blog) => blog.blogName));
  for (const [i, blog] of category.blogs.entries()) {
    const card = cards(page).nth(i);
    const date = card.locator('time');
    await expect(date).toHaveText(/^\d{2}\/\d{2}\/\d{4}$/);
    await expect(date).toHaveText(cardDate(blog.createdAt));
    await expect(card.getByRole('link', { name: /^Read Now/ })).toHaveText('Read Now');
  }
}

test.describe('resources list', () => {
  // Far from India: dates must still be the Indian (IST) calendar dates, not the visitor's.
  test.use({ timezoneId: 'America/Los_Angeles' });

  test('heading, categories with the first selected, cards per category from GET /blogs, no draft', async ({
    page,
    request,
  }) => {
    const blogs = await getBlogs(request);
    expect(blogs.length, 'the seeded server publishes the demo articles').toBe(9);
    expect(
      blogs.map((blog) => blog.slug),
      'the API never lists the draft',
    ).not.toContain(DRAFT.slug);
    // The list carries no article's HTML: each is fetched when it is opened.
    for (const blog of blogs) expect(blog).not.toHaveProperty('content');
    const categories = groupByCategory(blogs);
    expect(categories.length).toBeGreaterThan(1);

    await page.goto(paths.resources.list());
    await expectPageReady(page, 'Latest Resources');
    await expect(page).toHaveTitle(/Latest Resources/);
    await expect(page.getByRole('heading', { level: 2, name: 'Categories' })).toBeVisible();
    await expect(categoryList(page).getByRole('button')).toHaveText(categories.map((c) => c.name));

    // The first category is selected by default, and only that one.
    await expectCardsOf(page, categories[0]!);
    await expect(categoryList(page).getByRole('button', { pressed: true })).toHaveCount(1);

    // Every other category switches the cards.
    for (const category of categories.slice(1)) {
      await test.step(`category ${category.name}`, async () => {
        await categoryButton(page, category.name).click();
        await expectCardsOf(page, category);
        await expect(categoryList(page).getByRole('button', { pressed: true })).toHaveCount(1);
        await expect(page.getByText(DRAFT.blogName)).toHaveCount(0);
      });
    }
    // Spec §2: categories on the left, the cards in a two-column grid on the right.
    const wide = categories.find((c) => c.blogs.length >= 3)!;
    await categoryButton(page, wide.name).click();
    await expectCardsOf(page, wide);
    const [list, first, second, third] = await Promise.all([
      categoryList(page).boundingBox(),
      cards(page).nth(0).boundingBox(),
      cards(page).nth(1).boundingBox(),
      cards(page).nth(2).boundingBox(),
    ]);
    expect(list!.x + list!.width, 'categories are left of the cards').toBeLessThanOrEqual(first!.x);
    expect(Math.abs(second!.y - first!.y), 'two cards side by side').toBeLessThan(2);
    expect(second!.x, 'the second card is right of the first').toBeGreaterThan(first!.x + first!.width - 1);
    expect(third!.y, 'the third card starts a new row').toBeGreaterThan(first!.y + first!.height - 1);
    expect(Math.abs(third!.x - first!.x), 'the third card is under the first').toBeLessThan(2);

    // The choice is shareable in the URL.
    expect(new URL(page.url()).searchParams.get('category')).toBe(wide.name);
  });

  test('Read Now opens the article and ← Back to Blog List returns to the list', async ({
    page,
    request,
  }) => {
    const categories = groupByCategory(await getBlogs(request));
    const category = categories.find((c) => c.blogs.length > 1) ?? categories[0]!;
    const blog = category.blogs[1] ?? category.blogs[0]!;
    const { content } = await getArticle(request, blog.slug);

    await page.goto(paths.resources.list());
    await expectPageReady(page, 'Latest Resources');
    await categoryButton(page, category.name).click();
    await expectCardsOf(page, category);
    // Its HTML is fetched once the visitor opens it (or points at "Read Now"), not with the list.
    const articleRead = page.waitForRequest((r) => new URL(r.url()).pathname === `${API}/blogs/${blog.slug}`);
    await cards(page)
      .filter({ has: page.getByRole('heading', { name: blog.blogName }) })
      .getByRole('link', { name: /^Read Now/ })
      .click();
    await articleRead;

    await expect.poll(() => new URL(page.url()).pathname).toBe(paths.resources.article(blog.slug));
    await expectPageReady(page, blog.blogName);
    const article = page.getByRole('main').getByRole('article');
    await expect(article.locator('time')).toHaveText(articleDate(blog.createdAt));
    await expect(article.locator('time')).toHaveText(/^\d{2} [A-Z][a-z]{2} \d{4}$/);
    // The article's own HTML content is rendered (its first paragraph, as text).
    const firstParagraph = textOf(/<p>(.*?)<\/p>/s.exec(content)?.[1] ?? '');
    expect(firstParagraph.length).toBeGreaterThan(20);
    await expect(article.getByText(firstParagraph.slice(0, 60))).toBeVisible();
    await expect(page).toHaveTitle(blog.metaTitle);
    // The list's description is replaced by the article's, not added to it.
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', blog.metaDescription);

    await article.getByRole('link', { name: '← Back to Blog List' }).first().click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(paths.resources.list());
    await expectPageReady(page, 'Latest Resources');
    // Back on the list, in the category of the article just read.
    await expectCardsOf(page, category);
    await expect(page).toHaveTitle(/Latest Resources/);
    await expect(page.locator('meta[name="description"]')).toHaveCount(1);
  });

  test('an article URL opens directly with its own <title> and meta description', async ({
    page,
    request,
  }) => {
    const blogs = await getBlogs(request);
    // One article with an explicit meta description and one that falls back to its text (spec §3).
    const slugs = ['what-is-e-notarisation', 'how-to-check-a-notarised-pdf'];
    for (const slug of slugs) {
      await test.step(slug, async () => {
        const blog = blogs.find((b) => b.slug === slug);
        expect(blog, `demo article ${slug} is published`).toBeDefined();
        const one = (await (await request.get(`${API}/blogs/${slug}`)).json()) as { data: Blog };
        expect(one.data.slug).toBe(slug);

        await page.goto(paths.resources.article(slug));
        await expectPageReady(page, blog!.blogName);
        await expect(page).toHaveTitle(blog!.metaTitle);
        const description = page.locator('meta[name="description"]');
        await expect(description).toHaveCount(1);
        const expected = blog!.metaDescription.trim();
        expect(expected.length).toBeGreaterThan(0);
        if (slug === 'how-to-check-a-notarised-pdf') {
          // This demo article has no meta description of its own: the first 150 characters of its text stand in.
          const { content } = await getArticle(request, slug);
          expect(expected).toBe(Array.from(textOf(content)).slice(0, 150).join(''));
        }
        await expect(description).toHaveAttribute('content', expected);
        await expect(page.getByRole('main').getByRole('article').locator('time')).toHaveText(
          articleDate(blog!.createdAt),
        );
      });
    }
  });

  test('an unknown slug, and the draft, show a not-found message', async ({ page }) => {
    for (const slug of ['no-such-article', DRAFT.slug]) {
      await test.step(slug, async () => {
        await page.goto(paths.resources.article(slug));
        await expectPageReady(page, 'Article not found');
        await expect(page.getByText(DRAFT.blogName)).toHaveCount(0);
        await expect(page.getByRole('link', { name: '← Back to Blog List' })).toBeVisible();
      });
    }
  });

  test('an article that could not be fetched says so, and Try again loads it', async ({ page, request }) => {
    const slug = 'what-is-e-notarisation';
    const { content } = await getArticle(request, slug);
    // The network drops the article's reads (the first try and the client's own retries) until Try again.
    let isDown = true;
    await page.route(`**${API}/blogs/${slug}`, (route) =>
      isDown ? route.abort('internetdisconnected') : route.continue(),
    );
    await page.goto(paths.resources.article(slug));
    await expectPageReady(page, 'This article could not be loaded');
    isDown = false;
    await page.getByRole('button', { name: 'Try again' }).click();
    const firstParagraph = textOf(/<p>(.*?)<\/p>/s.exec(content)?.[1] ?? '');
    await expect(
      page.getByRole('main').getByRole('article').getByText(firstParagraph.slice(0, 60)),
    ).toBeVisible();
  });

  test('?category= selects that category; an unknown one shows "No blogs found."', async ({
    page,
    request,
  }) => {
    const categories = groupByCategory(await getBlogs(request));
    const last = categories.at(-1)!;
    await page.goto(paths.resources.list({ category: last.name }));
    await expectPageReady(page, 'Latest Resources');
    await expectCardsOf(page, last);

    await page.goto(paths.resources.list({ category: 'No Such Category' }));
    await expectPageReady(page, 'Latest Resources');
    await expect(page.getByText('No blogs found.', { exact: true })).toBeVisible();
    await expect(cards(page)).toHaveCount(0);
    await expect(categoryList(page).getByRole('button', { pressed: true })).toHaveCount(0);
  });
});

// The empty state of a server with no articles: e2e/tests/admin-blog.spec.ts, before it publishes the first one.
