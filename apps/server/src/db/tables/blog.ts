import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
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
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('blogs_slug_key').on(t.slug),
    index('blogs_published_created_idx').on(t.isPublished, t.createdAt),
  ],
);
