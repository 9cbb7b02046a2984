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
  /** `YYYY-MM-DDTHH:mm` in India Standard Time (a date field and a time field), used when scheduling. */
  publishAt: string;
};

const IST_OFFSET_MS = (5 * 60 + 30) * 60_000;

/** An instant as the editor's `publishAt` value, in IST. */
export function istInputOf(iso: string): string {
  return new Date(Date.parse(iso) + IST_OFFSET_MS).toISOString().slice(0, 16);
}

/** A `publishAt` value read as IST; null when it is not a real date and time. */
export function instantOfIstInput(value: string): string | null {
  const match = /^\d{4}-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!match) return null;
  // Date.parse rolls 31/02 over to March and takes 24:00; a typed field must say it is not a time instead.
  const [month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number];
  if (month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59) return null;
  const calendar = new Date(Date.UTC(Number(value.slice(0, 4)), month - 1, day));
  if (calendar.getUTCDate() !== day) return null;
  const at = Date.parse(`${value}:00+05:30`);
  return Number.isNaN(at) ? null : new Date(at).toISOString();
}

const TYPED_TIME = /^\s*(\d{1,2})\s*[:.]\s*(\d{2})\s*$/;

/** The two halves the editor shows, date (YYYY-MM-DD, shown DD/MM/YYYY) and 24-hour time, of a `publishAt` value. */
export function istInputParts(value: string): { date: string; time: string } {
  const [date = '', time = ''] = value.split('T');
  return { date, time };
}

/**
 * The `publishAt` value of the two halves as typed: the time as HH:mm once it reads as hours and minutes (9:30 and
 * 09.30 too), else as typed, so a half-typed time stays on screen and `instantOfIstInput` refuses it.
 */
export function istInputOfParts(parts: { date: string; time: string }): string {
  const match = TYPED_TIME.exec(parts.time);
  const time = match ? `${(match[1] ?? '').padStart(2, '0')}:${match[2]}` : parts.time.trim();
  return parts.date || time ? `${parts.date}T${time}` : '';
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
