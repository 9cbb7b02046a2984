import type { Readable } from 'node:stream';
import type { Blog } from '@mohar/contracts';
import type { Database } from '../../db/client.ts';
import type { BlobStore } from '../../platform/blob-store.ts';
import { metaDescriptionFor, sanitizeArticleHtml } from './article-html.ts';
import { blogNotFound } from './blog.errors.ts';
import { type BlogRow, findPublishedBlog, findPublishedBlogs } from './blog.repository.ts';

export type BlogService = ReturnType<typeof createBlogService>;

/**
 * The published list is read on every visit to /resources and changes rarely. Each process keeps it for this long;
 * writes through this service drop it at once, and other processes see them within the same window.
 */
export const PUBLISHED_CACHE_MS = 10_000;

export function createBlogService(deps: { db: Database; blobStore: BlobStore }) {
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
      createdAt: row.createdAt.toISOString(),
      metaTitle: row.metaTitle,
      metaDescription: metaDescriptionFor({ metaDescription: row.metaDescription, content }),
    };
  };

  let published: { until: number; blogs: Promise<Blog[]> } | null = null;
  const loadPublished = (): Promise<Blog[]> => {
    const now = Date.now();
    if (!published || published.until <= now) {
      const blogs = findPublishedBlogs(deps.db).then((rows) => rows.map(toBlog));
      // A failed read is not cached: the next request tries the database again.
      blogs.catch(() => {
        published = null;
      });
      published = { until: now + PUBLISHED_CACHE_MS, blogs };
    }
    return published.blogs;
  };

  return {
    findPublishedBlogs: loadPublished,

    async getPublishedBlog(idOrSlug: string): Promise<Blog> {
      const blog = (await loadPublished()).find((b) => b._id === idOrSlug || b.slug === idOrSlug);
      if (!blog) throw blogNotFound();
      return blog;
    },

    /** For writers (admin editing, later): the next read goes to the database. */
    invalidatePublished() {
      published = null;
    },

    /** The article's image, only for published articles. */
    async getBlogImage(idOrSlug: string): Promise<{ body: Readable; contentType: string; etag: string }> {
      const row = await findPublishedBlog(deps.db, idOrSlug);
      if (!row?.imageKey || !row.imageContentType) throw blogNotFound();
      return {
        body: await deps.blobStore.get(row.imageKey),
        contentType: row.imageContentType,
        etag: `"${row.imageSha256 ?? row.imageKey}"`,
      };
    },
  };
}
