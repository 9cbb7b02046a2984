import type { Readable } from 'node:stream';
import type { Blog } from '@mohar/contracts';
import type { Database } from '../../db/client.ts';
import type { BlobStore } from '../../platform/blob-store.ts';
import { metaDescriptionFor, sanitizeArticleHtml } from './article-html.ts';
import { blogNotFound } from './blog.errors.ts';
import { type BlogRow, findPublishedBlog, findPublishedBlogs } from './blog.repository.ts';

export type BlogService = ReturnType<typeof createBlogService>;

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

  return {
    async findPublishedBlogs(): Promise<Blog[]> {
      return (await findPublishedBlogs(deps.db)).map(toBlog);
    },

    async getPublishedBlog(idOrSlug: string): Promise<Blog> {
      const row = await findPublishedBlog(deps.db, idOrSlug);
      if (!row) throw blogNotFound();
      return toBlog(row);
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
