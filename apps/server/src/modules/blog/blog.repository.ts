import { and, asc, count, desc, eq, gt, isNull, lte, min, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { blogCategories, blogs } from '../../db/schema.ts';
import { isUuid } from '../../platform/ids.ts';

export type BlogRow = typeof blogs.$inferSelect;
export type NewBlogRow = typeof blogs.$inferInsert;
export type BlogCategoryRow = typeof blogCategories.$inferSelect;

/** When an article appears: its publication time, or (articles from before there was one) its creation. */
const appearsAt = sql`coalesce(${blogs.publishedAt}, ${blogs.createdAt})`;

/** Published, and its time has come. */
const isVisibleAt = (at: Date) =>
  and(eq(blogs.isPublished, true), or(isNull(blogs.publishedAt), lte(blogs.publishedAt, at)));

/**
 * The published list: by category in the admins' order (a name no longer kept goes last), newest first within
 * each. The web app groups the list by category in its order (spec §3: "grouped by category on the client"), so
 * this order is the one /resources shows its categories in.
 */
export async function findPublishedBlogs(db: DbOrTx, at: Date): Promise<BlogRow[]> {
  const rows = await db
    .select({ blog: blogs })
    .from(blogs)
    .leftJoin(blogCategories, eq(blogCategories.name, sql`trim(${blogs.category})`))
    .where(isVisibleAt(at))
    .orderBy(sql`${blogCategories.position} asc nulls last`, desc(appearsAt));
  return rows.map((row) => row.blog);
}

/** The earliest scheduled article still to appear after `at`: the public list changes then. */
export async function findNextScheduledAt(db: DbOrTx, at: Date): Promise<Date | null> {
  const rows = await db
    .select({ value: min(blogs.publishedAt) })
    .from(blogs)
    .where(and(eq(blogs.isPublished, true), gt(blogs.publishedAt, at)));
  return rows[0]?.value ?? null;
}

export async function findPublishedBlog(
  db: DbOrTx,
  options: { idOrSlug: string; at: Date },
): Promise<BlogRow | undefined> {
  const { idOrSlug } = options;
  // Only compare with the uuid column when the value is a uuid: PostgreSQL rejects a malformed uuid literal.
  const match = isUuid(idOrSlug)
    ? or(eq(blogs.id, idOrSlug), eq(blogs.slug, idOrSlug))
    : eq(blogs.slug, idOrSlug);
  const rows = await db
    .select()
    .from(blogs)
    .where(and(isVisibleAt(options.at), match))
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

// The editor's reads and writes (issue 22).

export function findAllBlogs(db: DbOrTx): Promise<BlogRow[]> {
  return db.select().from(blogs).orderBy(desc(blogs.updatedAt));
}

export async function findBlogById(db: DbOrTx, id: string): Promise<BlogRow | undefined> {
  if (!isUuid(id)) return undefined;
  const rows = await db.select().from(blogs).where(eq(blogs.id, id)).limit(1);
  return rows[0];
}

export async function isSlugTaken(db: DbOrTx, options: { slug: string; exceptId?: string }) {
  const rows = await db
    .select({ id: blogs.id })
    .from(blogs)
    .where(and(eq(blogs.slug, options.slug), options.exceptId ? ne(blogs.id, options.exceptId) : undefined))
    .limit(1);
  return rows.length > 0;
}

export async function insertBlog(db: DbOrTx, row: NewBlogRow): Promise<BlogRow> {
  const [inserted] = await db.insert(blogs).values(row).returning();
  if (!inserted) throw new Error('blog insert returned no row');
  return inserted;
}

export async function updateBlog(db: DbOrTx, id: string, values: Partial<NewBlogRow>) {
  const [updated] = await db.update(blogs).set(values).where(eq(blogs.id, id)).returning();
  return updated;
}

export async function deleteBlog(db: DbOrTx, id: string): Promise<BlogRow | undefined> {
  const [deleted] = await db.delete(blogs).where(eq(blogs.id, id)).returning();
  return deleted;
}

export async function renameBlogsCategory(db: DbOrTx, options: { from: string; to: string; at: Date }) {
  await db
    .update(blogs)
    .set({ category: options.to, updatedAt: options.at })
    .where(eq(blogs.category, options.from));
}

export function findCategories(db: DbOrTx) {
  return db
    .select({
      id: blogCategories.id,
      name: blogCategories.name,
      position: blogCategories.position,
      articleCount: sql<number>`(select count(*)::int from ${blogs} where ${blogs.category} = ${blogCategories.name})`,
    })
    .from(blogCategories)
    .orderBy(asc(blogCategories.position), asc(blogCategories.createdAt));
}

export async function findCategoryById(db: DbOrTx, id: string): Promise<BlogCategoryRow | undefined> {
  if (!isUuid(id)) return undefined;
  const rows = await db.select().from(blogCategories).where(eq(blogCategories.id, id)).limit(1);
  return rows[0];
}

export async function findCategoryByName(db: DbOrTx, name: string): Promise<BlogCategoryRow | undefined> {
  const rows = await db
    .select()
    .from(blogCategories)
    .where(sql`lower(${blogCategories.name}) = lower(${name})`)
    .limit(1);
  return rows[0];
}

export async function insertCategory(db: DbOrTx, options: { name: string }) {
  const [row] = await db
    .insert(blogCategories)
    .values({
      name: options.name,
      position: sql`(select coalesce(max(${blogCategories.position}), -1) + 1 from ${blogCategories})`,
    })
    .returning();
  if (!row) throw new Error('category insert returned no row');
  return row;
}

/** The demo seed's categories, in its order; names already kept are left as they are. */
export async function insertCategoryNames(db: DbOrTx, names: readonly string[]) {
  if (names.length === 0) return;
  await db
    .insert(blogCategories)
    .values(names.map((name, position) => ({ name, position })))
    .onConflictDoNothing();
}

export async function updateCategory(db: DbOrTx, id: string, values: { name?: string; position?: number }) {
  await db.update(blogCategories).set(values).where(eq(blogCategories.id, id));
}

export async function deleteCategory(db: DbOrTx, id: string) {
  await db.delete(blogCategories).where(eq(blogCategories.id, id));
}

export async function countBlogsInCategory(db: DbOrTx, name: string): Promise<number> {
  const rows = await db.select({ value: count() }).from(blogs).where(eq(blogs.category, name));
  return rows[0]?.value ?? 0;
}
