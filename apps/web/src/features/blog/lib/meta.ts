import { type Blog, META_DESCRIPTION_FALLBACK_CHARS } from '@mohar/contracts';

/** Spec §3: without a meta description, the first 150 characters of the article's text stand in. */
export function metaDescriptionOf(blog: Blog): string {
  if (blog.metaDescription.trim()) return blog.metaDescription.trim();
  // DOMParser builds an inert document (no scripts run, no images load) and decodes entities such as &amp;.
  const text = new DOMParser().parseFromString(blog.content, 'text/html').body.textContent ?? '';
  return text.replace(/\s+/g, ' ').trim().slice(0, META_DESCRIPTION_FALLBACK_CHARS);
}

export function metaTitleOf(blog: Blog): string {
  return blog.metaTitle.trim() || blog.title.trim() || blog.blogName;
}

/** Back to the list with the article's category selected, so the reader lands where they left. */
export function categoryListUrl(listPath: string, category: string): string {
  return `${listPath}?${new URLSearchParams({ category })}`;
}
