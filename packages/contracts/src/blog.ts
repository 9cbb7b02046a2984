import { z } from 'zod/mini';

/** A resources article as the public v1 contract exposes it (spec §3, with the image as a URL instead of base64). */
export const blogSchema = z.object({
  _id: z.string(),
  slug: z.string(),
  blogName: z.string(),
  title: z.string(),
  category: z.string(),
  content: z.string(),
  image: z.nullable(z.string()),
  createdAt: z.string(),
  metaTitle: z.string(),
  metaDescription: z.string(),
});
export type Blog = z.infer<typeof blogSchema>;

export const blogListResponse = z.object({ data: z.array(blogSchema) });
export type BlogListResponse = z.infer<typeof blogListResponse>;

export const blogResponse = z.object({ data: blogSchema });
export type BlogResponse = z.infer<typeof blogResponse>;

/** An article is addressed by its id or its slug. */
export const blogParams = z.strictObject({ id: z.string().check(z.minLength(1), z.maxLength(200)) });
