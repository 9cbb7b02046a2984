import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlibConstants } from 'node:zlib';
import { type Blog, blogListResponse } from '@mohar/contracts';
import type { Database } from '../../db/client.ts';
import type { BlobStore } from '../../platform/blob-store.ts';
import { metaDescriptionFor, sanitizeArticleHtml } from './article-html.ts';
import { blogNotFound } from './blog.errors.ts';
import {
  type BlogRow,
  findNextScheduledAt,
  findPublishedBlog,
  findPublishedBlogs,
} from './blog.repository.ts';

export type BlogService = ReturnType<typeof createBlogService>;

/**
 * The published list is read on every visit to /resources and changes rarely. Each process keeps it for this long;
 * writes through this service drop it at once, and other processes see them within the same window.
 */
export const PUBLISHED_CACHE_MS = 10_000;

/** The list's answer, serialised and compressed once per content version; its entity tag names that version. */
export type PreparedList = { etag: string; identity: Buffer; br: Buffer; gzip: Buffer };

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * The list serialised as the route's schema writes it — each article without its HTML, which the schema strips — and
 * its entity tag (weak: one tag under every coding).
 */
function serialiseList(blogs: Blog[]) {
  const identity = Buffer.from(JSON.stringify(blogListResponse.parse({ data: blogs })));
  const hash = createHash('sha256').update(identity).digest('base64url').slice(0, 27);
  return { etag: `W/"${hash}"`, identity };
}

/** Once per version, not per request: the best ratios are worth it, and zlib works off the event loop. */
async function compressList(list: { etag: string; identity: Buffer }): Promise<PreparedList> {
  const [br, gz] = await Promise.all([
    brotli(list.identity, {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
        [zlibConstants.BROTLI_PARAM_SIZE_HINT]: list.identity.length,
      },
    }),
    gzipAsync(list.identity, { level: 9 }),
  ]);
  return { ...list, br, gzip: gz };
}

export function createBlogService(deps: {
  db: Database;
  blobStore: BlobStore;
  /** The clock of the cached list's age (tests move it). */
  now?: () => number;
}) {
  const now = deps.now ?? Date.now;
  // Sanitising is the slow part of a read; an article only changes with its updatedAt, so cache on that.
  const sanitised = new Map<string, { version: number; html: string }>();
  const sanitisedContent = (row: BlogRow) => {
    const version = row.updatedAt.getTime();
    const hit = sanitised.get(row.id);
    if (hit && hit.version === version) return hit.html;
    const html = sanitizeArticleHtml(row.content);
    sanitised.set(row.id, { version, html });
    return html;
  };

  const toBlog = (row: BlogRow): Blog => {
    const content = sanitisedContent(row);
    return {
      _id: row.id,
      slug: row.slug,
      blogName: row.blogName,
      title: row.title,
      category: row.category,
      content,
      image: row.imageKey ? `/api/v1/blogs/${row.id}/image?v=${(row.imageSha256 ?? '').slice(0, 12)}` : null,
      // Readers date an article by when it appeared (a scheduled one: its time, not when it was written).
      createdAt: (row.publishedAt ?? row.createdAt).toISOString(),
      metaTitle: row.metaTitle,
      metaDescription: metaDescriptionFor({ metaDescription: row.metaDescription, content }),
    };
  };

  let published: { until: number; blogs: Promise<Blog[]> } | null = null;
  const loadPublished = (): Promise<Blog[]> => {
    const at = now();
    if (!published || published.until <= at) {
      const entry = { until: at + PUBLISHED_CACHE_MS, blogs: Promise.resolve<Blog[]>([]) };
      // A scheduled article appears at its time, not up to a window later: the cached list ends when it is due.
      const blogs = Promise.all([
        findPublishedBlogs(deps.db, new Date(at)),
        findNextScheduledAt(deps.db, new Date(at)),
      ]).then(([rows, next]) => {
        if (next) entry.until = Math.min(entry.until, next.getTime());
        return rows.map(toBlog);
      });
      entry.blogs = blogs;
      // A failed read is not cached: the next request tries the database again.
      blogs.catch(() => {
        if (published === entry) published = null;
      });
      published = entry;
    }
    return published.blogs;
  };

  // The prepared answer follows the cached list; a re-read list with the same content keeps the same answer (no
  // compressing again every window).
  let prepared: { from: Promise<Blog[]>; list: Promise<PreparedList>; ready: PreparedList | null } | null =
    null;
  let lastPrepared: PreparedList | null = null;
  const preparedList = (): Promise<PreparedList> => {
    const from = loadPublished();
    if (prepared?.from !== from) {
      const list = from.then(async (blogs) => {
        const serialised = serialiseList(blogs);
        if (lastPrepared?.etag !== serialised.etag) lastPrepared = await compressList(serialised);
        return lastPrepared;
      });
      const entry = { from, list, ready: null as PreparedList | null };
      list.then(
        (ready) => {
          entry.ready = ready;
        },
        () => {
          if (prepared === entry) prepared = null;
        },
      );
      prepared = entry;
    }
    return prepared.list;
  };

  return {
    findPublishedBlogs: loadPublished,

    /** GET /blogs, ready to send: `{ data: BlogListItem[] }` serialised and compressed, with its entity tag. */
    preparedList,

    /**
     * The same answer without waiting, while the cached list it was made from is current; null when the list must
     * be read again (its window has passed, or nothing is prepared yet): then `preparedList` does that.
     */
    currentList(): PreparedList | null {
      if (!published || published.until <= now() || prepared?.from !== published.blogs) return null;
      return prepared.ready;
    },

    /**
     * The image of the first card /resources shows for its `?category=` (null: none given, so the first category),
     * for the page's HTML to preload it (decision 0048). The web app's grouping rule
     * (apps/web/src/features/blog/lib/group-by-category.ts): categories by trimmed name, in the list's order, an
     * empty name in none. Null when that card has no image or no article is in that category.
     */
    async firstCardImage(category: string | null): Promise<string | null> {
      const blogs = await loadPublished();
      const first = blogs.find((blog) => {
        const name = blog.category.trim();
        return name !== '' && (category === null || name === category);
      });
      return first?.image ?? null;
    },

    async getPublishedBlog(idOrSlug: string): Promise<Blog> {
      const blog = (await loadPublished()).find((b) => b._id === idOrSlug || b.slug === idOrSlug);
      if (!blog) throw blogNotFound();
      return blog;
    },

    /**
     * The head tags of a published article's page (`/resources/{slug}`, platform/spa.ts), from the cached list;
     * null when no published article has that slug. The title as the app shows it (features/blog/lib/meta.ts).
     */
    async articleMeta(options: { slug: string; publicUrl: string }) {
      const blog = (await loadPublished()).find((b) => b.slug === options.slug);
      if (!blog) return null;
      return {
        title: blog.metaTitle.trim() || blog.title.trim() || blog.blogName,
        description: blog.metaDescription,
        url: `${options.publicUrl}/resources/${encodeURIComponent(blog.slug)}`,
        image: blog.image ? `${options.publicUrl}${blog.image}` : null,
      };
    },

    /** For writers (the editor, blog-admin.service): the next read goes to the database. */
    invalidatePublished() {
      published = null;
    },

    /** One article as readers will see it (the editor's preview): the public shape, whatever its state. */
    toBlog,

    /** The article's image, only for published articles. */
    async getBlogImage(idOrSlug: string): Promise<{ body: Readable; contentType: string; etag: string }> {
      const row = await findPublishedBlog(deps.db, { idOrSlug, at: new Date(now()) });
      if (!row?.imageKey || !row.imageContentType) throw blogNotFound();
      return {
        body: await deps.blobStore.get(row.imageKey),
        contentType: row.imageContentType,
        etag: `"${row.imageSha256 ?? row.imageKey}"`,
      };
    },
  };
}
