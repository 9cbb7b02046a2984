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

/**
 * The server writes an article's title, description and link-preview tags into the page it serves at
 * `/resources/{slug}` (apps/server/src/platform/spa.ts, `data-article-head`), for crawlers that run no script. Once
 * the app shows the article with its own title and description, those go: the page's own title comes back, and a
 * visitor who moves on does not keep this article's description.
 */
export function dropServedArticleHead(head: HTMLHeadElement): void {
  for (const element of head.querySelectorAll('[data-article-head]')) {
    const pageTitle = element.getAttribute('data-page-title');
    if (element.tagName === 'TITLE' && pageTitle !== null) {
      element.textContent = pageTitle;
      element.removeAttribute('data-article-head');
      element.removeAttribute('data-page-title');
    } else element.remove();
  }
}
