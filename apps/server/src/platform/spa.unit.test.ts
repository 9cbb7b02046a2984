import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerSpa } from './spa.ts';

// Which document each page path gets (docs/decisions/0022, 0028): the landing document on the landing page's paths,
// the login document on /login, the dashboard's document (its files preloaded from the head, decision 0041) on
// /dashboard, index.html everywhere else; each with the boot data written in.
const page = (name: string) =>
  `<!doctype html><html><head><!--mohar:boot--></head><body>${name}</body></html>`;

describe('the single-page app’s documents', () => {
  let webRoot: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    webRoot = await mkdtemp(path.join(os.tmpdir(), 'mohar-spa-'));
    await writeFile(path.join(webRoot, 'index.html'), page('the index'));
    await writeFile(path.join(webRoot, 'home.html'), page('the landing document'));
    await writeFile(
      path.join(webRoot, 'login.html'),
      page(
        'the login document <a href="tel:<!--mohar:support-tel-->"><!--mohar:support-phone--></a> <!--mohar:support-email-->',
      ),
    );
    await writeFile(path.join(webRoot, 'dashboard.html'), page('the dashboard document'));
    await writeFile(path.join(webRoot, 'resources.html'), page('the resources document'));
    app = Fastify();
    await registerSpa(app, {
      webRoot,
      bootData: { siteInfo: { name: 'Mohar' } },
      support: { phone: '+91 11 4567 8900', email: 'help<desk>@mohar.example' },
    });
  });

  afterAll(async () => {
    await app.close();
    await rm(webRoot, { recursive: true, force: true });
  });

  const bodyOf = async (url: string) => {
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode, url).toBe(200);
    expect(response.headers['cache-control'], url).toBe('no-cache');
    return response.body;
  };

  it('sends the landing document on /, /home and /home/, with or without a query', async () => {
    for (const url of ['/', '/home', '/home/', '/?theme=dark', '/home?redirect=%2Fdashboard']) {
      const body = await bodyOf(url);
      expect(body, url).toContain('the landing document');
      expect(body, url).toContain(
        '<script id="mohar-boot" type="application/json">{"siteInfo":{"name":"Mohar"}}',
      );
    }
  });

  it('sends the login document on /login, with the support contacts written in, escaped', async () => {
    for (const url of ['/login', '/login/', '/login?redirect=%2Fdashboard']) {
      const body = await bodyOf(url);
      expect(body, url).toContain(
        'the login document <a href="tel:+911145678900">+91 11 4567 8900</a> help&#60;desk&#62;@mohar.example',
      );
      expect(body, url).toContain('<script id="mohar-boot" type="application/json">');
    }
  });

  it('sends the dashboard document on /dashboard, with or without a trailing slash or a query', async () => {
    for (const url of ['/dashboard', '/dashboard/', '/dashboard?tab=1']) {
      const body = await bodyOf(url);
      expect(body, url).toContain('the dashboard document');
      expect(body, url).toContain('<script id="mohar-boot" type="application/json">');
    }
  });

  it('sends index.html on every other page path', async () => {
    for (const url of [
      '/login/x',
      '/logins',
      '/homes',
      '/home/x',
      '/resources/some-article',
      '/dashboards',
      '/dashboard/x',
      '/applications',
    ]) {
      const body = await bodyOf(url);
      expect(body, url).toContain('the index');
      expect(body, url).toContain('<script id="mohar-boot"');
    }
  });

  it('preloads the first card’s image from /resources’ HTML, for the category its query names (decision 0048)', async () => {
    const images: Record<string, string> = { '': '/api/v1/blogs/b1/image?v=1', Guides: '/img?a=1&b="2"' };
    const withImages = Fastify();
    await registerSpa(withImages, {
      webRoot,
      bootData: {},
      resourcesImage: async (category) => images[category ?? ''] ?? null,
    });
    const body = async (url: string) => (await withImages.inject({ method: 'GET', url })).body;
    for (const url of ['/resources', '/resources/', '/resources?utm=x']) {
      const html = await body(url);
      expect(html, url).toContain('the resources document');
      expect(html, url).toContain(
        '<link rel="preload" as="image" href="/api/v1/blogs/b1/image?v=1" fetchpriority="high">\n  </head>',
      );
    }
    expect(await body('/resources?category=Guides')).toContain(
      '<link rel="preload" as="image" href="/img?a=1&#38;b=&#34;2&#34;" fetchpriority="high">',
    );
    // No such category, an article without an image, or another page: nothing to preload.
    for (const url of ['/resources?category=Other', '/resources/some-article', '/login', '/home'])
      expect(await body(url), url).not.toContain('rel="preload" as="image"');
    await withImages.close();

    // A list that cannot be read leaves the page as it is.
    const failing = Fastify();
    await registerSpa(failing, {
      webRoot,
      bootData: {},
      resourcesImage: () => Promise.reject(new Error('database down')),
    });
    const response = await failing.inject({ method: 'GET', url: '/resources' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('the resources document');
    expect(response.body).not.toContain('rel="preload"');
    await failing.close();
  });

  it('falls back to index.html on the landing, login, dashboard and resources paths when the build has no document of theirs', async () => {
    const bare = await mkdtemp(path.join(os.tmpdir(), 'mohar-spa-'));
    await writeFile(path.join(bare, 'index.html'), page('the index'));
    const other = Fastify();
    await registerSpa(other, { webRoot: bare, bootData: {} });
    for (const url of ['/home', '/login', '/dashboard', '/resources']) {
      const response = await other.inject({ method: 'GET', url });
      expect(response.body, url).toContain('the index');
    }
    await other.close();
    await rm(bare, { recursive: true, force: true });
  });
});
