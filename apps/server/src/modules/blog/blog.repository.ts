import { and, count, desc, eq, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { blogs } from '../../db/schema.ts';
import { isUuid } from '../../platform/ids.ts';

export type BlogRow = typeof blogs.$inferSelect;
export type NewBlogRow = typeof blogs.$inferInsert;

export function findPublishedBlogs(db: DbOrTx): Promise<BlogRow[]> {
  return db.select().from(blogs).where(eq(blogs.isPublished, true)).orderBy(desc(blogs.createdAt));
}

export async function findPublishedBlog(db: DbOrTx, idOrSlug: string): Promise<BlogRow | undefined> {
  // Only compare with the uuid column when the value is a uuid: PostgreSQL rejects a malformed uuid literal.
  const match = isUuid(idOrSlug)
    ? or(eq(blogs.id, idOrSlug), eq(blogs.slug, idOrSlug))
    : eq(blogs.slug, idOrSlug);
  const rows = await db
    .select()
    .from(blogs)
    .where(and(eq(blogs.isPublished, true), match))
    .limit(1);
  return rows[0];
}

export async function countBlogs(db: DbOrTx): Promise<number> {
  const rows = await db.select({ value: count() }).from(blogs);
  return rows[0]?.value ?? 0;
}

export async function insertBlogs(db: DbOrTx, rows: NewBlogRow[]): Promise<void> {
  if (rows.length > 0) await db.insert(blogs).values(rows);
}
