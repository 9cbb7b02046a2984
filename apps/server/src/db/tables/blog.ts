import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../columns.ts';

/** Resources articles. Content is stored as written and sanitised on the way out (see blog.service). */
export const blogs = pgTable(
  'blogs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull(),
    blogName: text('blog_name').notNull(),
    title: text('title').notNull(),
    category: text('category').notNull(),
    content: text('content').notNull(),
    imageKey: text('image_key'),
    imageContentType: text('image_content_type'),
    imageSha256: text('image_sha256'),
    metaTitle: text('meta_title').notNull(),
    metaDescription: text('meta_description'),
    isPublished: boolean('is_published').notNull().default(false),
    /**
     * When a published article appears: null or past = now, future = scheduled (issue 22). Readers see it from
     * then on; the public list orders by it (falling back to createdAt for articles from before it existed).
     */
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('blogs_slug_key').on(t.slug),
    index('blogs_published_created_idx').on(t.isPublished, t.createdAt),
  ],
);

/**
 * The resources categories an admin keeps (issue 22): names in the admins' order. Articles carry the name
 * (`blogs.category`, the public contract's field); renaming one renames it on its articles in the same transaction.
 */
export const blogCategories = pgTable(
  'blog_categories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('blog_categories_name_key').on(t.name)],
);
