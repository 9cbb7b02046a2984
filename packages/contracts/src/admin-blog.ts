import { z } from 'zod/mini';
import { blogSchema } from './blog.ts';

/** The blog editor (issue 22): categories and articles as the admin console reads and writes them. */

const categoryName = z.string().check(z.trim(), z.minLength(1, 'Enter a name'), z.maxLength(60));

export const blogCategory = z.object({
  _id: z.string(),
  name: z.string(),
  position: z.number(),
  /** How many articles (any state) are in it: only an empty category may be deleted. */
  articleCount: z.number(),
});
export type BlogCategory = z.infer<typeof blogCategory>;

export const blogCategoriesResponse = z.object({ categories: z.array(blogCategory) });
export type BlogCategoriesResponse = z.infer<typeof blogCategoriesResponse>;

export const blogCategoryInput = z.strictObject({ name: categoryName });
export type BlogCategoryInput = z.infer<typeof blogCategoryInput>;

/** Every category's id, in the order /resources shows them. */
export const blogCategoryOrderInput = z.strictObject({
  ids: z.array(z.string().check(z.uuid())).check(z.minLength(1), z.maxLength(200)),
});
export type BlogCategoryOrderInput = z.infer<typeof blogCategoryOrderInput>;

/**
 * An article's state: a draft is seen only here; a scheduled article is published with a time still to come and
 * appears on /resources at that time; a published one is there now.
 */
export const BLOG_ARTICLE_STATES = ['draft', 'scheduled', 'published'] as const;
export const blogArticleState = z.enum(BLOG_ARTICLE_STATES);
export type BlogArticleState = z.infer<typeof blogArticleState>;

/** Lower-case letters, digits and single hyphens: the last part of `/resources/{slug}`. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const SLUG_MAX_CHARS = 120;

/** Spec §3 leaves the meta description to the writer; search engines show about this many characters. */
export const META_DESCRIPTION_MAX_CHARS = 300;

/**
 * The editor's form. `publish`: `draft` keeps it unseen; `publish` puts it on /resources at `publishAt` (now when
 * absent or past; a future time schedules it). `slug` empty: made from the title.
 */
export const blogArticleInput = z.strictObject({
  title: z.string().check(z.trim(), z.minLength(1, 'Enter a title'), z.maxLength(200)),
  slug: z.string().check(
    z.trim(),
    z.maxLength(SLUG_MAX_CHARS),
    z.refine((value) => value === '' || SLUG_PATTERN.test(value), {
      message: 'Use lower-case letters, digits and hyphens',
    }),
  ),
  categoryId: z.string().check(z.uuid('Choose a category')),
  content: z.string().check(z.maxLength(200_000)),
  metaTitle: z.string().check(z.trim(), z.maxLength(200)),
  metaDescription: z.string().check(z.trim(), z.maxLength(META_DESCRIPTION_MAX_CHARS)),
  publish: z.enum(['draft', 'publish']),
  publishAt: z.nullable(z.iso.datetime({ offset: true })),
});
export type BlogArticleInput = z.infer<typeof blogArticleInput>;

export const blogArticleSummary = z.object({
  _id: z.string(),
  slug: z.string(),
  title: z.string(),
  category: z.string(),
  state: blogArticleState,
  /** When it appears (or appeared) on /resources; null for a draft. */
  publishAt: z.nullable(z.string()),
  updatedAt: z.string(),
  image: z.nullable(z.string()),
});
export type BlogArticleSummary = z.infer<typeof blogArticleSummary>;

export const blogArticlesResponse = z.object({ articles: z.array(blogArticleSummary) });
export type BlogArticlesResponse = z.infer<typeof blogArticlesResponse>;

/**
 * One article for the editor: what it stores (`input`, the form's values) and how readers will see it
 * (`preview`: the public shape, its HTML sanitised and its meta description worked out as the public read does).
 */
export const blogArticleResponse = z.object({
  article: z.object({
    _id: z.string(),
    state: blogArticleState,
    /** The form's values as stored (`categoryId` is empty when the article's category is no longer kept). */
    input: z.object({
      title: z.string(),
      slug: z.string(),
      categoryId: z.string(),
      content: z.string(),
      metaTitle: z.string(),
      metaDescription: z.string(),
      publish: z.enum(['draft', 'publish']),
      publishAt: z.nullable(z.string()),
    }),
    preview: blogSchema,
  }),
});
export type BlogArticleResponse = z.infer<typeof blogArticleResponse>;

/** Lower-case, accents dropped, anything else a hyphen: "Aadhaar & e-KYC: a guide" → "aadhaar-e-kyc-a-guide". */
export function slugify(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_MAX_CHARS)
    .replace(/-+$/g, '');
}
