import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { blogListResponse, blogResponse, errorResponse } from '@mohar/contracts';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blogCategories, blogs } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { insertBlogs } from './blog.repository.ts';
import { createBlogService, PUBLISHED_CACHE_MS } from './blog.service.ts';
import { DEMO_ARTICLES } from './demo-content/articles.ts';
import { seedDemoBlogs } from './demo-content/seed-demo-blogs.ts';

let t: TestApp;
// The app's clock: moved on to let the cached list expire.
let clock = Date.now();

beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(clock) });
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
  it('lists published articles only, by category in the admins’ order, newest first within each, in { data: Blog[] }', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/blogs' });
    expect(res.statusCode).toBe(200);
    const body = blogListResponse.parse(res.json());
    expect(body.data).toHaveLength(published.length + 1);
    expect(body.data.map((b) => b.slug)).not.toContain(draft?.slug);
    const kept = (await t.db.select().from(blogCategories).orderBy(asc(blogCategories.position))).map(
      (c) => c.name,
    );
    const order = [...new Set(body.data.map((b) => b.category))];
    // Categories the admins keep, in their order; a name they do not keep (none here) would come last.
    expect(order).toEqual([
      ...kept.filter((name) => order.includes(name)),
      ...order.filter((name) => !kept.includes(name)),
    ]);
    expect(order.length).toBeGreaterThan(1);
    for (const name of order) {
      const dates = body.data.filter((b) => b.category === name).map((b) => Date.parse(b.createdAt));
      expect(dates, name).toEqual([...dates].sort((a, b) => b - a));
    }
  });

  it('lists each article without its HTML, with the fields the cards and meta tags read', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/blogs' });
    const body = blogListResponse.parse(res.json());
    for (const blog of res.json().data) expect(blog).not.toHaveProperty('content');
    expect(res.body).not.toContain('<p>');
    const hostile = body.data.find((b) => b.slug === 'hostile-markup');
    expect(hostile).toMatchObject({ blogName: 'Hostile markup', category: 'Guides', metaTitle: 'Hostile' });
    // Spec §3's fallback description is worked out from the text the list no longer carries.
    expect(hostile?.metaDescription).toBe('Safe text More');
  });

  it('never returns a stored <script> or event handler', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/blogs/hostile-markup' });
    expect(blogResponse.parse(res.json()).data.content).toBe('<p>Safe text</p><p>More</p>');
    expect(res.body).not.toContain('pwned');
    expect((await t.app.inject({ url: '/api/v1/blogs' })).body).not.toContain('pwned');
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

describe('GET /api/v1/blogs: prepared once per version, with an entity tag', () => {
  const list = (headers: Record<string, string> = {}) => t.app.inject({ url: '/api/v1/blogs', headers });

  it('answers 304 without a body to a caller holding the current version, and stays publicly cacheable', async () => {
    const first = await list();
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"[\w-]{27}"$/);
    expect(first.headers['cache-control']).toBe('public, max-age=60');
    const again = await list({ 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    expect(again.headers['cache-control']).toBe('public, max-age=60');
  });

  it('sends the same list Brotli- or gzip-compressed to callers that accept it', async () => {
    const plain = await list();
    const br = await list({ 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    const gz = await list({ 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
  });

  it('a changed article changes the tag and the body once the cached list expires; unchanged, the tag stays', async () => {
    const before = await list();
    const etag = String(before.headers.etag);
    clock += PUBLISHED_CACHE_MS + 1;
    expect((await list({ 'if-none-match': etag })).statusCode).toBe(304);
    await t.db
      .update(blogs)
      .set({ title: 'Retitled for the test', updatedAt: new Date() })
      .where(eq(blogs.slug, 'hostile-markup'));
    clock += PUBLISHED_CACHE_MS + 1;
    const after = await list({ 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    const changed = blogListResponse.parse(after.json()).data.find((b) => b.slug === 'hostile-markup');
    expect(changed?.title).toBe('Retitled for the test');
  });
});

describe('GET /api/v1/blogs over HTTP: the prepared answer sent before the framework', () => {
  let base = '';
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  const overHttp = (path: string, init?: RequestInit) => fetch(`${base}${path}`, init);
  // Set per connection or per request by Node and the lane alike; every other header must be the route's own.
  const comparable = (headers: Record<string, unknown>) =>
    Object.fromEntries(
      Object.entries(headers).filter(
        ([name]) => !['date', 'connection', 'keep-alive', 'x-request-id', 'transfer-encoding'].includes(name),
      ),
    );

  it('is the answer the route gives, byte for byte and header for header, security headers included', async () => {
    const viaRoute = await t.app.inject({ url: '/api/v1/blogs', headers: { 'accept-encoding': 'br' } });
    await overHttp('/api/v1/blogs');
    const sent = await overHttp('/api/v1/blogs', { headers: { 'accept-encoding': 'br' } });
    const headers = Object.fromEntries(sent.headers);
    expect(comparable(headers)).toEqual(comparable(viaRoute.headers));
    expect(headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    // fetch decodes Brotli: the body is the route's JSON.
    expect(await sent.text()).toBe(brotliDecompressSync(viaRoute.rawPayload).toString());
    const again = await overHttp('/api/v1/blogs', { headers: { 'if-none-match': headers.etag ?? '' } });
    expect(again.status).toBe(304);
  });

  it('is never older than the cached list: a change shows once its window has passed', async () => {
    const before = await overHttp('/api/v1/blogs');
    await t.db
      .update(blogs)
      .set({ title: 'Retitled over HTTP', updatedAt: new Date() })
      .where(eq(blogs.slug, 'hostile-markup'));
    clock += PUBLISHED_CACHE_MS + 1;
    const after = await overHttp('/api/v1/blogs');
    expect(after.headers.get('etag')).not.toBe(before.headers.get('etag'));
    const changed = blogListResponse.parse(await after.json()).data.find((b) => b.slug === 'hostile-markup');
    expect(changed?.title).toBe('Retitled over HTTP');
  });

  it('is logged like any request where requests are logged: there every request takes the route', async () => {
    const logLines: string[] = [];
    const logged = await createTestApp({ logLines });
    try {
      await logged.app.listen({ port: 0, host: '127.0.0.1' });
      const port = (logged.app.server.address() as AddressInfo).port;
      for (let i = 0; i < 2; i++)
        expect((await fetch(`http://127.0.0.1:${port}/api/v1/blogs`)).status).toBe(200);
      const completed = logLines.filter((line) => line.includes('request completed'));
      expect(completed).toHaveLength(2);
    } finally {
      await logged.close();
    }
  });

  it('leaves every other request to the app: a cross-site write on the same server is still refused', async () => {
    const res = await overHttp('/api/v1/newsletter', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
      body: JSON.stringify({ email: 'someone@example.com' }),
    });
    expect(res.status).toBe(403);
    expect(errorResponse.parse(await res.json()).code).toBe('request.cross_site');
  });
});

describe('GET /api/v1/blogs/:id', () => {
  it('finds an article by id and by slug: the listed fields and its HTML', async () => {
    const list = blogListResponse.parse((await t.app.inject({ url: '/api/v1/blogs' })).json()).data;
    const first = list[0]!;
    const byId = blogResponse.parse((await t.app.inject({ url: `/api/v1/blogs/${first._id}` })).json());
    const bySlug = blogResponse.parse((await t.app.inject({ url: `/api/v1/blogs/${first.slug}` })).json());
    expect(byId.data).toEqual({ ...first, content: expect.stringContaining('<p>') });
    expect(bySlug.data).toEqual(byId.data);
  });

  it('sends an article compressed to callers that accept it', async () => {
    const plain = await t.app.inject({ url: '/api/v1/blogs/what-is-e-notarisation' });
    const gz = await t.app.inject({
      url: '/api/v1/blogs/what-is-e-notarisation',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
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
    // An API answer that is not JSON keeps its route's own policy and gets the rest of a page's headers.
    expect(res.headers['content-security-policy']).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    );
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
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

describe('the first card /resources shows, whose image its HTML preloads (decision 0048)', () => {
  it('is the first article of the named category, else of the first category, in the list’s order', async () => {
    // A service of its own: its cached list is read now, after the articles below are in.
    await insertBlogs(t.db, [
      {
        slug: 'no-image-here',
        blogName: 'No image here',
        title: 'No image here',
        category: '  Without images ',
        content: '<p>Text only</p>',
        metaTitle: 'No image',
        metaDescription: null,
        isPublished: true,
        createdAt: new Date('2019-01-01T00:00:00Z'),
      },
    ]);
    const service = createBlogService({ db: t.db, blobStore: t.blobStore });
    const listed = await service.findPublishedBlogs();
    const firstOf = (name: string) => listed.find((blog) => blog.category.trim() === name);
    const firstCategory = listed.find((blog) => blog.category.trim() !== '')?.category.trim() ?? '';
    expect(firstOf(firstCategory)?.image).toMatch(/^\/api\/v1\/blogs\/.+\/image\?v=/);

    expect(await service.firstCardImage(null)).toBe(firstOf(firstCategory)?.image);
    for (const category of new Set(published.map((a) => a.category)))
      expect(await service.firstCardImage(category), category).toBe(firstOf(category)?.image);
    // A category whose first article has no image, an unknown one, and the empty one: nothing to preload.
    expect(await service.firstCardImage('Without images')).toBeNull();
    expect(await service.firstCardImage('No such category')).toBeNull();
    expect(await service.firstCardImage('')).toBeNull();
  });
});
