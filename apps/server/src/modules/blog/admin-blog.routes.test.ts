import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { blogArticleResponse, blogCategoriesResponse, blogListResponse } from '@mohar/contracts';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, blogs } from '../../db/schema.ts';
import { call } from '../../testing/applications.ts';
import { type Builders, type BuiltUser, buildersFor } from '../../testing/builders/index.ts';
import { multipartFile } from '../../testing/notaries.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { PUBLISHED_CACHE_MS } from './blog.service.ts';

let t: TestApp;
let build: Builders;
let editor: BuiltUser;
// The app's clock: moved on to reach a scheduled article's time.
let clock = Date.parse('2026-11-20T06:00:00Z');

beforeAll(async () => {
  // A built web app's index.html, for the article pages' head tags.
  const webRoot = await mkdtemp(path.join(os.tmpdir(), 'mohar-blog-web-'));
  await writeFile(
    path.join(webRoot, 'index.html'),
    '<!doctype html><html><head><title>Mohar · Notarise documents online</title><!--mohar:boot--></head><body></body></html>',
  );
  t = await createTestApp({ now: () => new Date(clock), webRoot });
  build = buildersFor(t);
  editor = await build.admin({ adminRoles: ['content'] });
});
afterAll(() => t.close());

const categories = async () => {
  const res = await call(t, 'GET', '/admin/blog/categories', editor.cookie);
  expect(res.statusCode, res.body).toBe(200);
  return blogCategoriesResponse.parse(res.json()).categories;
};
const addCategory = async (name: string) => {
  const res = await call(t, 'POST', '/admin/blog/categories', editor.cookie, { name });
  expect(res.statusCode, res.body).toBe(201);
  const made = blogCategoriesResponse.parse(res.json()).categories.find((c) => c.name === name);
  if (!made) throw new Error(`category ${name} not listed`);
  return made;
};
const article = (categoryId: string, values: Record<string, unknown> = {}) => ({
  title: 'Stamp duty on rental agreements',
  slug: '',
  categoryId,
  content: '<p>Each state sets its own <strong>stamp duty</strong>.</p>',
  metaTitle: '',
  metaDescription: '',
  publish: 'publish',
  publishAt: null,
  ...values,
});
const write = async (body: object) => {
  const res = await call(t, 'POST', '/admin/blog/articles', editor.cookie, body);
  expect(res.statusCode, res.body).toBe(201);
  return blogArticleResponse.parse(res.json()).article;
};
const publicList = async () =>
  blogListResponse.parse((await t.app.inject({ method: 'GET', url: '/api/v1/blogs' })).json()).data;
const publicSlugs = async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/v1/blogs' });
  return blogListResponse.parse(res.json()).data.map((b) => b.slug);
};

describe('blog categories (issue 22)', () => {
  it('adds categories last in the order, refuses a second of the same name, and reorders them', async () => {
    const guides = await addCategory('Guides');
    const law = await addCategory('Law');
    expect(law.position).toBeGreaterThan(guides.position);
    const again = await call(t, 'POST', '/admin/blog/categories', editor.cookie, { name: ' guides ' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('blog.category_exists');
    const others = (await categories()).map((c) => c._id).filter((id) => id !== law._id);
    const reorder = await call(t, 'PUT', '/admin/blog/categories/order', editor.cookie, {
      ids: [law._id, ...others],
    });
    expect(reorder.statusCode, reorder.body).toBe(200);
    expect((await categories())[0]?.name).toBe('Law');
    // /resources lists the categories in this order (the web app groups the list in its order).
    await write(article(law._id, { title: 'A law' }));
    clock += 1000;
    // The newer article is a guide: newest first alone would put Guides first.
    await write(article(guides._id, { title: 'A guide' }));
    const listed = [...new Set((await publicList()).map((b) => b.category))];
    expect(listed.indexOf('Law')).toBeLessThan(listed.indexOf('Guides'));
  });

  it('renames a category and its articles with it, on /resources too', async () => {
    const category = await addCategory('How-to');
    const written = await write(article(category._id, { title: 'Renamed along' }));
    const res = await call(t, 'PATCH', `/admin/blog/categories/${category._id}`, editor.cookie, {
      name: 'How to',
    });
    expect(res.statusCode, res.body).toBe(200);
    const list = blogListResponse.parse((await t.app.inject({ method: 'GET', url: '/api/v1/blogs' })).json());
    expect(list.data.find((b) => b._id === written._id)?.category).toBe('How to');
  });

  it('deletes a category only while it holds no article', async () => {
    const full = await addCategory('Full');
    const empty = await addCategory('Empty');
    await write(article(full._id, { title: 'Keeps it full', publish: 'draft' }));
    const refused = await call(t, 'DELETE', `/admin/blog/categories/${full._id}`, editor.cookie);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('blog.category_not_empty');
    const deleted = await call(t, 'DELETE', `/admin/blog/categories/${empty._id}`, editor.cookie);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await categories()).map((c) => c.name)).not.toContain('Empty');
    expect((await categories()).map((c) => c.name)).toContain('Full');
  });
});

describe('blog articles (issue 22)', () => {
  it('makes the slug from the title, numbers a repeat, and refuses a slug another article has', async () => {
    const category = await addCategory('Slugs');
    const first = await write(article(category._id, { title: 'Aadhaar & e-KYC: a guide' }));
    expect(first.input.slug).toBe('aadhaar-e-kyc-a-guide');
    const second = await write(article(category._id, { title: 'Aadhaar & e-KYC: a guide' }));
    expect(second.input.slug).toBe('aadhaar-e-kyc-a-guide-2');
    const taken = await call(t, 'POST', '/admin/blog/articles', editor.cookie, {
      ...article(category._id, { title: 'Other', slug: 'aadhaar-e-kyc-a-guide' }),
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('blog.slug_taken');
    const renamed = await call(t, 'PUT', `/admin/blog/articles/${second._id}`, editor.cookie, {
      ...article(category._id, { title: 'Aadhaar & e-KYC: a guide', slug: 'e-kyc-explained' }),
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await publicSlugs()).toContain('e-kyc-explained');
    const bad = await call(t, 'POST', '/admin/blog/articles', editor.cookie, {
      ...article(category._id, { slug: 'Not A Slug' }),
    });
    expect(bad.statusCode).toBe(400);
  });

  it('keeps a draft off /resources, shows a published one at once, and a scheduled one from its time', async () => {
    const category = await addCategory('States');
    const draft = await write(article(category._id, { title: 'Still a draft', publish: 'draft' }));
    expect(draft.state).toBe('draft');
    // Due sooner than the public list's cache window (PUBLISHED_CACHE_MS) ends.
    const dueAt = new Date(clock + PUBLISHED_CACHE_MS / 2);
    const scheduled = await write(
      article(category._id, { title: 'Coming in a moment', publishAt: dueAt.toISOString() }),
    );
    expect(scheduled.state).toBe('scheduled');
    const now = await write(article(category._id, { title: 'Out now' }));
    expect(now.state).toBe('published');

    const before = await publicSlugs();
    expect(before).toContain(now.input.slug);
    expect(before).not.toContain(draft.input.slug);
    expect(before).not.toContain(scheduled.input.slug);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/blogs/${draft.input.slug}` })).statusCode).toBe(
      404,
    );

    // The cached list ends at the scheduled time, not a cache window after it.
    clock = dueAt.getTime();
    expect(await publicSlugs()).toContain(scheduled.input.slug);
    const read = await t.app.inject({ method: 'GET', url: `/api/v1/blogs/${scheduled.input.slug}` });
    expect(read.json().data.createdAt).toBe(dueAt.toISOString());

    // Back to a draft: gone at the next read.
    const unpublished = await call(t, 'PUT', `/admin/blog/articles/${now._id}`, editor.cookie, {
      ...article(category._id, { title: 'Out now', slug: now.input.slug, publish: 'draft' }),
    });
    expect(unpublished.statusCode, unpublished.body).toBe(200);
    expect(await publicSlugs()).not.toContain(now.input.slug);
  });

  it('falls back to the first 150 characters for the meta description and sanitises the preview', async () => {
    const category = await addCategory('Meta');
    const long = 'Word '.repeat(60);
    const written = await write(
      article(category._id, {
        content: `<p>${long}</p><script>alert(1)</script><img src=x onerror=alert(1)>`,
      }),
    );
    expect(written.preview.metaDescription).toBe(long.trim().slice(0, 150));
    expect(written.preview.content).not.toContain('<script');
    expect(written.preview.content).not.toContain('onerror');
    const given = await write(article(category._id, { metaDescription: 'Stamp duty, state by state.' }));
    expect(given.preview.metaDescription).toBe('Stamp duty, state by state.');
  });

  it('stores an uploaded image re-encoded and encrypted, served by the public image route once published', async () => {
    const category = await addCategory('Images');
    const written = await write(article(category._id, { title: 'With a picture', publish: 'draft' }));
    const png = await sharp({ create: { width: 2400, height: 1200, channels: 3, background: '#2f2a7a' } })
      .png()
      .toBuffer();
    const upload = (bytes: Buffer, filename: string, contentType: string) => {
      const body = multipartFile({ bytes, filename, contentType });
      return t.app.inject({
        method: 'PUT',
        url: `/api/v1/admin/blog/articles/${written._id}/image`,
        payload: body.payload,
        headers: { ...body.headers, cookie: editor.cookie },
      });
    };
    const html = await upload(Buffer.from('<svg onload="alert(1)"></svg>'), 'x.png', 'image/png');
    expect(html.statusCode).toBe(400);
    expect(html.json().code).toBe('blog.image_invalid');

    const res = await upload(png, 'cover.png', 'image/png');
    expect(res.statusCode, res.body).toBe(200);
    const stored = blogArticleResponse.parse(res.json()).article;
    // A draft's image is not public; the editor's own route shows it.
    expect(stored.preview.image).toMatch(/^\/api\/v1\/admin\/blog\/articles\//);
    const privateImage = await t.app.inject({
      method: 'GET',
      url: stored.preview.image ?? '',
      headers: { cookie: editor.cookie },
    });
    expect(privateImage.headers['content-type']).toBe('image/webp');
    const meta = await sharp(privateImage.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 1600 });
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v1/blogs/${written._id}/image` })).statusCode,
    ).toBe(404);

    await call(t, 'PUT', `/admin/blog/articles/${written._id}`, editor.cookie, {
      ...article(category._id, { title: 'With a picture', slug: written.input.slug }),
    });
    const list = blogListResponse.parse((await t.app.inject({ method: 'GET', url: '/api/v1/blogs' })).json());
    const listed = list.data.find((b) => b._id === written._id);
    expect(listed?.image).toMatch(new RegExp(`^/api/v1/blogs/${written._id}/image\\?v=`));
    const publicImage = await t.app.inject({ method: 'GET', url: listed?.image ?? '' });
    expect(publicImage.statusCode).toBe(200);
    expect(publicImage.rawPayload.equals(privateImage.rawPayload)).toBe(true);
    // On disk the file is ciphertext: the WebP header is nowhere in it.
    const [row] = await t.db.select().from(blogs).where(eq(blogs.id, written._id));
    const onDisk = await readFile(`${t.dataDir}/blobs/${row?.imageKey ?? ''}`);
    expect(onDisk.includes(Buffer.from('WEBP'))).toBe(false);
  });

  it('audits each change with the admin who made it', async () => {
    const category = await addCategory('Audited');
    const written = await write(article(category._id, { title: 'Audited article' }));
    const events = await t.db.select().from(auditEvents).where(eq(auditEvents.subjectId, written._id));
    expect(events).toMatchObject([{ action: 'blog.article_changed', actorId: editor.id }]);
  });

  it('serves /resources/{slug} with the article’s title, description and Open Graph tags in the head', async () => {
    const category = await addCategory('Head');
    const written = await write(
      article(category._id, {
        title: 'Notarise a rent agreement',
        metaTitle: 'Rent agreements, notarised online',
        metaDescription: 'What a notary checks & how "stamp duty" is paid.',
      }),
    );
    const page = await t.app.inject({ method: 'GET', url: `/resources/${written.input.slug}` });
    expect(page.statusCode).toBe(200);
    const head = page.body.slice(0, page.body.indexOf('</head>'));
    expect(head).toMatch(/<title [^>]*>Rent agreements, notarised online<\/title>/);
    const description = 'What a notary checks &#38; how &#34;stamp duty&#34; is paid.';
    expect(head).toContain(`<meta name="description" content="${description}" data-article-head>`);
    expect(head).toContain(`<meta property="og:description" content="${description}" data-article-head>`);
    expect(head).toContain(
      '<meta property="og:title" content="Rent agreements, notarised online" data-article-head>',
    );
    expect(head).toContain(
      `<meta property="og:url" content="${t.config.publicUrl}/resources/${written.input.slug}" data-article-head>`,
    );
    // A draft, or no such article: the app's document as it is (the app shows its not-found).
    const draft = await write(article(category._id, { title: 'Unseen draft', publish: 'draft' }));
    for (const slug of [draft.input.slug, 'no-such-article']) {
      const other = await t.app.inject({ method: 'GET', url: `/resources/${slug}` });
      expect(other.statusCode).toBe(200);
      expect(other.body).not.toContain('og:title');
    }
  });
});
