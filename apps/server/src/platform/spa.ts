import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { ERROR_CODES, type ErrorResponse } from '@mohar/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';

const MISSING_BUILD_PAGE = `<!doctype html><html lang="en"><meta charset="utf-8"><title>Mohar</title>
<body style="font-family:sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem">
<h1>The web app is not built yet</h1><p>Run <code>npm run build</code> (or <code>npm start</code>, which builds it) and reload.</p></body></html>`;

const BOOT_PLACEHOLDER = '<!--mohar:boot-->';

/**
 * Facts every first paint needs (the support banner), written into the page so it needs no extra request.
 * A JSON data block is never executed, so the strict script CSP still holds; `<` is escaped so the data cannot
 * close the tag.
 */
function bootScript(data: unknown): string {
  const json = JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/\u2028|\u2029/g, (c) => `\\u${c.charCodeAt(0).toString(16)}`);
  return `<script id="mohar-boot" type="application/json">${json}</script>`;
}

/**
 * The landing page's paths, `/` and `/home` with any trailing slashes: the web app's own rule
 * (apps/web/src/app/boot/landing-path.ts), which this process cannot import.
 */
export function isLandingPath(pathname: string): boolean {
  const trimmed = pathname.replace(/\/+$/, '');
  return trimmed === '' || trimmed === '/home';
}

/** The support phone and e-mail, written where login.html's banner has them (apps/web/vite-plugins/login-page.ts). */
export type SupportContacts = { phone: string; email: string };

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function withSupport(html: string, support: SupportContacts | undefined): string {
  return html
    .replaceAll('<!--mohar:support-phone-->', escapeHtml(support?.phone ?? ''))
    .replaceAll('<!--mohar:support-tel-->', escapeHtml(support?.phone.replace(/[^\d+]/g, '') ?? ''))
    .replaceAll('<!--mohar:support-email-->', escapeHtml(support?.email ?? ''));
}

async function readPage(
  webRoot: string,
  file: string,
  options: { bootData: unknown; support?: SupportContacts | undefined },
): Promise<string | null> {
  const html = await readFile(path.join(webRoot, file), 'utf8').catch(() => null);
  return html
    ? withSupport(html.replace(BOOT_PLACEHOLDER, bootScript(options.bootData)), options.support)
    : null;
}

/** /login with any trailing slashes: the login document (docs/decisions/0028). */
export function isLoginPath(pathname: string): boolean {
  return pathname.replace(/\/+$/, '') === '/login';
}

/**
 * /dashboard with any trailing slashes: the dashboard's document, index.html with the files its first paint needs as
 * preload links (apps/web/vite-plugins/route-preloads.ts; docs/decisions/0041).
 */
export function isDashboardPath(pathname: string): boolean {
  return pathname.replace(/\/+$/, '') === '/dashboard';
}

/** /resources with any trailing slashes: the article list, whose first card's image is its largest paint. */
export function isResourcesPath(pathname: string): boolean {
  return pathname.replace(/\/+$/, '') === '/resources';
}

/** `/resources/{slug}` (one segment, any trailing slashes): an article's address; null for any other path. */
export function articleSlugOf(pathname: string): string | null {
  const match = /^\/resources\/([^/]+)\/*$/.exec(pathname);
  if (!match?.[1]) return null;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return null;
  }
}

/** The attribute on the head tags `withArticleMeta` writes (the web app's features/blog/lib/meta.ts names it too). */
export const ARTICLE_HEAD_ATTRIBUTE = 'data-article-head';

/** What search engines and link previews read of an article (its page's head). */
export type ArticleMeta = { title: string; description: string; url: string; image: string | null };

/**
 * The document with the article's title, description and Open Graph tags in its head (issue 22): crawlers and
 * link previews (WhatsApp, LinkedIn, X) read the served HTML and run no script. The app sets the same title and
 * description when it renders the article (features/blog/components/article-page.tsx).
 */
export function withArticleMeta(html: string, meta: ArticleMeta): string {
  // Marked, so the app drops them once it renders the article with its own (features/blog/lib/meta.ts): a visitor
  // who goes on to another page must not keep this article's description. The title keeps the page's own beside it.
  const mark = ARTICLE_HEAD_ATTRIBUTE;
  const tags = [
    `<meta name="description" content="${escapeHtml(meta.description)}" ${mark}>`,
    `<link rel="canonical" href="${escapeHtml(meta.url)}" ${mark}>`,
    `<meta property="og:type" content="article" ${mark}>`,
    `<meta property="og:site_name" content="Mohar" ${mark}>`,
    `<meta property="og:title" content="${escapeHtml(meta.title)}" ${mark}>`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}" ${mark}>`,
    `<meta property="og:url" content="${escapeHtml(meta.url)}" ${mark}>`,
    ...(meta.image ? [`<meta property="og:image" content="${escapeHtml(meta.image)}" ${mark}>`] : []),
    `<meta name="twitter:card" content="${meta.image ? 'summary_large_image' : 'summary'}" ${mark}>`,
  ];
  return html
    .replace(
      /<title>([^<]*)<\/title>/,
      (_, pageTitle: string) =>
        `<title ${mark} data-page-title="${pageTitle.replace(/"/g, '&quot;')}">${escapeHtml(meta.title)}</title>`,
    )
    .replace('</head>', `  ${tags.join('\n    ')}\n  </head>`);
}

/**
 * index.html with the image of the first card /resources will show preloaded from the head (decision 0048): without
 * it the browser learns of the image only once the app has loaded, fetched the list and drawn the card, so the
 * page's largest paint waited for the image's request after all that. `fetchpriority` matches the card's eager
 * image; the URL is the card's own, so the `<img>` takes the preloaded answer.
 */
export function withImagePreload(html: string, image: string): string {
  return html.replace(
    '</head>',
    `  <link rel="preload" as="image" href="${escapeHtml(image)}" fetchpriority="high">\n  </head>`,
  );
}

/**
 * Serves the built single-page app from `webRoot`: hashed assets cached for a year, and index.html (never cached)
 * for every other GET that is not an API call or a file, so deep links like /resources/x load the app. The landing
 * page's paths get home.html instead, the landing document with its hero (docs/decisions/0022), and /login gets
 * login.html, the login card drawn in the frame (0028), and /dashboard gets dashboard.html, its files preloaded from
 * the head (0041), and /resources gets resources.html, likewise, with its first card's image preloaded when
 * `resourcesImage` names one for the page's `?category=` (0048); each falls back to index.html when the build has
 * none.
 */
export async function registerSpa(
  app: FastifyInstance,
  options: {
    webRoot: string | null;
    bootData: unknown;
    support?: SupportContacts;
    resourcesImage?: (category: string | null) => Promise<string | null>;
    /** A published article's head tags by its slug (null: no such article, the app's own not-found). */
    articleMeta?: (slug: string) => Promise<ArticleMeta | null>;
  },
) {
  let indexHtml: string | null = null;
  let landingHtml: string | null = null;
  let loginHtml: string | null = null;
  let dashboardHtml: string | null = null;
  let resourcesPage: string | null = null;
  if (options.webRoot) {
    indexHtml = await readPage(options.webRoot, 'index.html', options);
    landingHtml = await readPage(options.webRoot, 'home.html', options);
    loginHtml = await readPage(options.webRoot, 'login.html', options);
    dashboardHtml = await readPage(options.webRoot, 'dashboard.html', options);
    resourcesPage = await readPage(options.webRoot, 'resources.html', options);
    await app.register(fastifyStatic, {
      root: options.webRoot,
      prefix: '/',
      index: false,
      wildcard: true,
      // The build writes .br and .gz beside every text asset (scripts/web-build.ts): served as they are, no CPU per hit.
      preCompressed: true,
      // Vite names files under /assets by content hash: a name never changes meaning.
      setHeaders: (res, filePath) => {
        const isHashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header(
          'cache-control',
          isHashed ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
        );
      },
    });
  }

  /** /resources' document with its first card's image preloaded; without that preload when it cannot be told. */
  const resourcesHtml = async (search: string): Promise<string | null> => {
    const html = resourcesPage ?? indexHtml;
    if (!html || !options.resourcesImage) return html;
    const category = new URLSearchParams(search).get('category');
    const image = await options.resourcesImage(category).catch(() => null);
    return image ? withImagePreload(html, image) : html;
  };

  const sendPage = (reply: FastifyReply, html: string | null) =>
    reply
      .status(html ? 200 : 503)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(html ?? MISSING_BUILD_PAGE);

  const sendIndex = async (reply: FastifyReply, url: string) => {
    const query = url.indexOf('?');
    const pathname = query < 0 ? url : url.slice(0, query);
    const search = query < 0 ? '' : url.slice(query);
    if (isResourcesPath(pathname)) return sendPage(reply, await resourcesHtml(search));
    const slug = articleSlugOf(pathname);
    if (slug !== null && indexHtml && options.articleMeta) {
      const meta = await options.articleMeta(slug).catch(() => null);
      return sendPage(reply, meta ? withArticleMeta(indexHtml, meta) : indexHtml);
    }
    const screenHtml = isLandingPath(pathname)
      ? landingHtml
      : isLoginPath(pathname)
        ? loginHtml
        : isDashboardPath(pathname)
          ? dashboardHtml
          : null;
    return sendPage(reply, screenHtml ?? indexHtml);
  };

  // The static handler refuses directories, so the root path is answered explicitly.
  app.get('/', { schema: { hide: true } }, (_request, reply) => sendIndex(reply, '/'));

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (pathname === '/api' || pathname.startsWith('/api/')) {
      return reply.status(404).send({
        message: `There is no API route ${request.method} ${pathname}.`,
        code: ERROR_CODES.routeNotFound,
      } satisfies ErrorResponse);
    }
    const isPageRequest = (request.method === 'GET' || request.method === 'HEAD') && !path.extname(pathname);
    if (!isPageRequest) {
      return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
    }
    return sendIndex(reply, request.url);
  });
}
