import { blogListResponse, blogResponse, errorResponse } from '@mohar/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { insertBlogs } from './blog.repository.ts';
import { DEMO_ARTICLES } from './demo-content/articles.ts';
import { seedDemoBlogs } from './demo-content/seed-demo-blogs.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoBlogs({ db: t.db, blobStore: t.blobStore });
  await insertBlogs(t.db, [
    {
      slug: 'hostile-markup',
      blogName: 'Hostile markup',
      title: 'Hostile markup',
      category: 'Guides',
      content: '<p>Safe text</p><script>window.pwned = true</script><p onmouseover="x()">More</p>',
      metaTitle: 'Hostile',
      metaDescription: null,
      isPublished: true,
      createdAt: new Date('2020-01-01T00:00:00Z'),
    },
  ]);
});
afterAll(() => t.close());

const published = DEMO_ARTICLES.filter((a) => a.published);
const draft = DEMO_ARTICLES.find((a) => !a.published);

describe('GET /api/v1/blogs', () => {
  it('lists published articles only, newest first, in { data: Blog[] }', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/blogs' });
    expect(res.statusCode).toBe(200);
    const body = blogListResponse.parse(res.json());
    expect(body.data).toHaveLength(published.length + 1);
    expect(body.data.map((b) => b.slug)).not.toContain(draft?.slug);
    const dates = body.data.map((b) => Date.parse(b.createdAt));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
  });

  it('never returns a stored <script> or event handler', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/blogs' });
    const hostile = blogListResponse.parse(res.json()).data.find((b) => b.slug === 'hostile-markup');
    expect(hostile?.content).toBe('<p>Safe text</p><p>More</p>');
    expect(res.body).not.toContain('pwned');
  });

  it('fills a missing meta description from the first 150 characters of text', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/blogs/hostile-markup' });
    expect(blogResponse.parse(res.json()).data.metaDescription).toBe('Safe text More');
  });

  it('gives every demo article an image URL served by the API', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/blogs' });
    const demo = blogListResponse.parse(res.json()).data.filter((b) => b.slug !== 'hostile-markup');
    for (const blog of demo)
      expect(blog.image).toMatch(new RegExp(`^/api/v1/blogs/${blog._id}/image\\?v=[0-9a-f]{12}$`));
  });
});

describe('GET /api/v1/blogs/:id', () => {
  it('finds an article by id and by slug', async () => {
    const list = blogListResponse.parse((await t.app.inject({ url: '/api/v1/blogs' })).json()).data;
    const first = list[0]!;
    const byId = blogResponse.parse((await t.app.inject({ url: `/api/v1/blogs/${first._id}` })).json());
    const bySlug = blogResponse.parse((await t.app.inject({ url: `/api/v1/blogs/${first.slug}` })).json());
    expect(byId.data).toEqual(first);
    expect(bySlug.data).toEqual(first);
  });

  it('answers 404 { message, code } for an unknown article', async () => {
    for (const id of ['no-such-article', '00000000-0000-4000-8000-000000000000']) {
      const res = await t.app.inject({ url: `/api/v1/blogs/${id}` });
      expect(res.statusCode).toBe(404);
      expect(errorResponse.parse(res.json())).toMatchObject({ code: 'blog.not_found' });
    }
  });

  it('hides an unpublished article as if it did not exist', async () => {
    const res = await t.app.inject({ url: `/api/v1/blogs/${draft?.slug}` });
    expect(res.statusCode).toBe(404);
    const image = await t.app.inject({ url: `/api/v1/blogs/${draft?.slug}/image` });
    expect(image.statusCode).toBe(404);
  });
});

describe('GET /api/v1/blogs/:id/image', () => {
  it('serves the image with long caching for the versioned URL and revalidation by ETag', async () => {
    const list = blogListResponse.parse((await t.app.inject({ url: '/api/v1/blogs' })).json()).data;
    const withImage = list.find((b) => b.image)!;
    const res = await t.app.inject({ url: withImage.image! });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml');
    expect(res.headers['cache-control']).toContain('immutable');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.body).toContain('<svg');
    const again = await t.app.inject({
      url: withImage.image!,
      headers: { 'if-none-match': String(res.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });
});

describe('demo content', () => {
  it('has at least 3 categories and 8 published articles, and seeds only once', async () => {
    expect(new Set(published.map((a) => a.category)).size).toBeGreaterThanOrEqual(3);
    expect(published.length).toBeGreaterThanOrEqual(8);
    expect(await seedDemoBlogs({ db: t.db, blobStore: t.blobStore })).toEqual({ inserted: 0, published: 0 });
  });
});
