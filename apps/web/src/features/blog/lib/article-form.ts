import type { BlogArticleInput, BlogArticleResponse } from '@mohar/contracts';

/** How the editor offers publication: the contract's `publish` and `publishAt` as one choice and a time. */
export type Publication = 'draft' | 'now' | 'schedule';

export type ArticleFormValues = {
  title: string;
  slug: string;
  categoryId: string;
  content: string;
  metaTitle: string;
  metaDescription: string;
  publication: Publication;
  /** `YYYY-MM-DDTHH:mm` in India Standard Time (a datetime-local input), used when scheduling. */
  publishAt: string;
};

const IST_OFFSET_MS = (5 * 60 + 30) * 60_000;

/** An instant as a datetime-local value in IST. */
export function istInputOf(iso: string): string {
  return new Date(Date.parse(iso) + IST_OFFSET_MS).toISOString().slice(0, 16);
}

/** A datetime-local value read as IST; null when it is not a time. */
export function instantOfIstInput(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return null;
  const at = Date.parse(`${value}:00+05:30`);
  return Number.isNaN(at) ? null : new Date(at).toISOString();
}

export function articleFormValuesOf(
  article: BlogArticleResponse['article'] | undefined,
  options: { defaultCategoryId: string },
): ArticleFormValues {
  if (!article)
    return {
      title: '',
      slug: '',
      categoryId: options.defaultCategoryId,
      content: '',
      metaTitle: '',
      metaDescription: '',
      publication: 'draft',
      publishAt: '',
    };
  const { input, state } = article;
  return {
    title: input.title,
    slug: input.slug,
    categoryId: input.categoryId,
    content: input.content,
    metaTitle: input.metaTitle,
    metaDescription: input.metaDescription,
    publication: state === 'draft' ? 'draft' : state === 'scheduled' ? 'schedule' : 'now',
    publishAt: input.publishAt ? istInputOf(input.publishAt) : '',
  };
}

/**
 * The request the form sends. "Publish now" sends no time: the server keeps the date of an article already on
 * /resources and stamps a new one with the present.
 */
export function articleRequestOf(values: ArticleFormValues): BlogArticleInput {
  return {
    title: values.title,
    slug: values.slug.trim(),
    categoryId: values.categoryId,
    content: values.content,
    metaTitle: values.metaTitle,
    metaDescription: values.metaDescription,
    publish: values.publication === 'draft' ? 'draft' : 'publish',
    publishAt: values.publication === 'schedule' ? instantOfIstInput(values.publishAt) : null,
  };
}
