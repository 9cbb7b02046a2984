import { z } from 'zod/mini';

/**
 * An article as `GET /blogs` lists it: everything a card, the category list and the meta tags read, without the
 * article's HTML (spec §3's Blog less `content`). The list is fetched on every visit to /resources; the bodies were
 * most of its bytes and are read one at a time, when an article is opened (`GET /blogs/:id`). Decision 0030.
 */
export const blogListItemSchema = z.object({
  _id: z.string(),
  slug: z.string(),
  blogName: z.string(),
  title: z.string(),
  category: z.string(),
  image: z.nullable(z.string()),
  createdAt: z.string(),
  metaTitle: z.string(),
  metaDescription: z.string(),
});
export type BlogListItem = z.infer<typeof blogListItemSchema>;

/** A resources article as the public v1 contract exposes it (spec §3, with the image as a URL instead of base64). */
export const blogSchema = z.extend(blogListItemSchema, { content: z.string() });
export type Blog = z.infer<typeof blogSchema>;

export const blogListResponse = z.object({ data: z.array(blogListItemSchema) });
export type BlogListResponse = z.infer<typeof blogListResponse>;

export const blogResponse = z.object({ data: blogSchema });
export type BlogResponse = z.infer<typeof blogResponse>;

/** An article is addressed by its id or its slug. */
export const blogParams = z.strictObject({ id: z.string().check(z.minLength(1), z.maxLength(200)) });
