import { expect, type Page, test } from '@playwright/test';
import { type FixtureCookie, signIn, uniqueEmail } from '../fixtures/accounts.ts';
import { API, EMPTY_URL, expectPageReady, getBlogs, paths } from '../fixtures/app.ts';
import { expectAccessibleInEveryVariant } from '../fixtures/axe.ts';

/** A 32×18 PNG (the editor stores it re-encoded as WebP). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAACAAAAASCAIAAAC1qksFAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAJ0lEQVQ4jWPQ16qiKWIYtUBrNIiqRlOR/mhGqxotKvRHS1Mt2lY4ALWg2tByfRLcAAAAAElFTkSuQmCC',
  'base64',
);

/** An admin who holds only the `content` role (issue 22), signed in through the fixtures module. */
async function contentAdmin(page: Page) {
  const res = await page.request.post(`${EMPTY_URL}${API}/test-fixtures/users`, {
    data: { role: 'admin', adminRoles: ['content'], email: uniqueEmail('content'), name: 'Chitra Content' },
  });
  expect(res.status(), await res.text()).toBe(201);
  const user = (await res.json()) as { email: string; password: string; cookie: FixtureCookie };
  await signIn(page, user);
}

/**
 * On the server without demo content: its articles start empty, and nothing published here changes what the
 * seeded server's /resources tests count and compare while they run beside this one.
 */
test.use({ baseURL: EMPTY_URL });

test.describe('the blog editor (issue 22)', () => {
  test.describe.configure({ timeout: 90_000 });

  test('with no article yet, /resources says so; a content admin publishes one with an image; a signed-out visitor reads it on /resources and at its slug, its description in the head', async ({
    page,
    browser,
  }) => {
    // Before anything is published: the public page's empty state.
    expect(await getBlogs(page.request, EMPTY_URL)).toEqual([]);
    await page.goto(paths.resources.list());
    await expectPageReady(page, 'Latest Resources');
    await expect(page.getByText('No categories available.', { exact: true })).toBeVisible();
    await expect(page.getByRole('main').getByRole('article')).toHaveCount(0);

    await contentAdmin(page);
    // The category is set up through the API; the article is written in the editor.
    const category = `Guides ${Date.now()}`;
    const made = await page.request.post(`${EMPTY_URL}${API}/admin/blog/categories`, {
      data: { name: category },
    });
    expect(made.status(), await made.text()).toBe(201);

    await page.goto(paths.dashboard());
    await expectPageReady(page);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Blog' }).click();
    await expectPageReady(page, 'Blog');
    await expectAccessibleInEveryVariant(page, { label: 'the blog console' });
    await page.getByTestId('new-article').click();
    await expectPageReady(page, 'New article');
    await expectAccessibleInEveryVariant(page, { label: 'the article editor' });

    const title = `Notarising a rent agreement ${Date.now()}`;
    const description = 'What a notary checks in a rent agreement, and how the stamp duty is paid online.';
    await page.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
    await page.getByRole('combobox', { name: 'Category' }).click();
    await page.getByRole('option', { name: category }).click();
    const body = page.getByRole('textbox', { name: 'Article', exact: true });
    await body.click();
    await page.keyboard.type('A rent agreement of eleven months is notarised, not registered. ');
    await page.getByRole('button', { name: 'Bold' }).click();
    await page.keyboard.type('Both parties sign in the video session.');
    await page
      .getByRole('textbox', { name: 'Description for search engines and link previews' })
      .fill(description);
    await page.getByTestId('save-article').click();
    await expect(page.getByTestId('article-state')).toHaveText('Draft');

    // The image, once the article exists; then publish it.
    // Mantine's FileButton: the button opens a hidden file input, the only one on the page.
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: PNG });
    await expect(page.getByTestId('article-image')).toBeVisible();
    await page.getByRole('radiogroup', { name: 'Publication' }).getByText('Publish now').click();
    await page.getByTestId('save-article').click();
    await expect(page.getByTestId('article-state')).toHaveText('Published');
    const slug = await page.getByRole('textbox', { name: 'Address (slug)' }).inputValue();
    expect(slug).toMatch(/^notarising-a-rent-agreement-\d+$/);

    // The preview shows it as readers will.
    await page.getByTestId('preview-tab').click();
    const preview = page.getByTestId('article-preview');
    await expect(preview.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(preview.locator('strong')).toHaveText('Both parties sign in the video session.');

    const visitorContext = await browser.newContext({ baseURL: EMPTY_URL });
    const visitor = await visitorContext.newPage();
    await visitor.goto(paths.resources.list({ category }));
    await expectPageReady(visitor);
    await visitor.getByRole('link', { name: `Read Now: ${title}` }).click();
    await expect(visitor).toHaveURL(new RegExp(`${paths.resources.article(slug)}$`));
    await expect(visitor.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(visitor.getByTestId('blog-article').locator('img')).toHaveAttribute('src', /\/image\?v=/);

    // At its address, from the server: the description and the link preview's tags are in the served head.
    const served = await visitor.request.get(`${EMPTY_URL}${paths.resources.article(slug)}`);
    const head = (await served.text()).split('</head>')[0] ?? '';
    expect(head).toContain(`<meta name="description" content="${description}" data-article-head>`);
    expect(head).toContain(`<meta property="og:title" content="${title}" data-article-head>`);
    await visitor.goto(paths.resources.article(slug));
    await expect(visitor.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(visitor.locator('head meta[name="description"]').first()).toHaveAttribute(
      'content',
      description,
    );
    await visitorContext.close();
  });
});
