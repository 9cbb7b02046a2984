import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Database } from '../../../db/client.ts';
import type { BlobStore } from '../../../platform/blob-store.ts';
import { countBlogs, insertBlogs, insertCategoryNames, type NewBlogRow } from '../blog.repository.ts';
import { DEMO_ARTICLES } from './articles.ts';

const IMAGE_TYPES: Record<string, string> = {
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
};

/**
 * Fills an empty blog with the demo articles and their images. Does nothing when any article exists, so it is safe
 * on every start. Rows go in one transaction: a crash leaves either every article or none (at worst an unused blob).
 */
export async function seedDemoBlogs(deps: {
  db: Database;
  blobStore: BlobStore;
}): Promise<{ inserted: number; published: number }> {
  if ((await countBlogs(deps.db)) > 0) return { inserted: 0, published: 0 };
  const rows: NewBlogRow[] = [];
  for (const article of DEMO_ARTICLES) {
    const bytes = await readFile(new URL(`./images/${article.image}`, import.meta.url));
    const extension = article.image.split('.').pop() ?? '';
    const { key } = await deps.blobStore.put({ body: bytes, prefix: 'blog-images' });
    const publishedAt = new Date(article.publishedAt);
    rows.push({
      slug: article.slug,
      blogName: article.blogName,
      title: article.title,
      category: article.category,
      content: article.content,
      imageKey: key,
      imageContentType: IMAGE_TYPES[extension] ?? 'application/octet-stream',
      imageSha256: createHash('sha256').update(bytes).digest('hex'),
      metaTitle: article.metaTitle,
      metaDescription: article.metaDescription,
      isPublished: article.published,
      createdAt: publishedAt,
      updatedAt: publishedAt,
    });
  }
  await deps.db.transaction(async (tx) => {
    // Re-check inside the transaction: two processes starting together must not both seed.
    if ((await countBlogs(tx)) > 0) return;
    await insertBlogs(tx, rows);
    // The editor's categories: the demo's, in the order of their newest published article (the order /resources
    // showed before categories had one of their own), then any only drafts have.
    const newestFirst = [...rows].sort(
      (a, b) => Number(b.isPublished) - Number(a.isPublished) || Number(b.createdAt) - Number(a.createdAt),
    );
    await insertCategoryNames(tx, [...new Set(newestFirst.map((row) => row.category.trim()))]);
  });
  return { inserted: rows.length, published: rows.filter((r) => r.isPublished).length };
}
