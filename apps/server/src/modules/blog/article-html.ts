import { META_DESCRIPTION_FALLBACK_CHARS } from '@mohar/contracts';
import sanitizeHtml from 'sanitize-html';

// Article bodies are shown with innerHTML in the browser, so only plain document markup survives:
// no scripts, styles, event handlers, iframes or javascript: URLs.
const ARTICLE_POLICY: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'h2',
    'h3',
    'h4',
    'strong',
    'b',
    'em',
    'i',
    'u',
    'ul',
    'ol',
    'li',
    'blockquote',
    'a',
    'code',
    'pre',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'hr',
    'span',
    'sup',
    'sub',
  ],
  allowedAttributes: { a: ['href', 'title', 'target', 'rel'], th: ['scope'], td: ['colspan', 'rowspan'] },
  allowedSchemes: ['https', 'http', 'mailto', 'tel'],
  allowProtocolRelative: false,
  transformTags: {
    // Links that leave the site open safely in a new tab; relative links stay in the app.
    a: (tagName, attribs) => {
      const href = attribs.href ?? '';
      const isExternal = /^https?:\/\//i.test(href);
      return {
        tagName,
        attribs: isExternal
          ? { ...attribs, target: '_blank', rel: 'noopener noreferrer' }
          : { href, ...(attribs.title ? { title: attribs.title } : {}) },
      };
    },
  },
};

export function sanitizeArticleHtml(html: string): string {
  return sanitizeHtml(html, ARTICLE_POLICY);
}

/** The readable text of an HTML fragment, whitespace collapsed. */
export function textOfHtml(html: string): string {
  const text = sanitizeHtml(html.replace(/<\/(p|h\d|li|blockquote|tr)>/gi, ' $&'), {
    allowedTags: [],
    allowedAttributes: {},
  });
  return decodeEntities(text).replace(/\s+/g, ' ').trim();
}

function decodeEntities(text: string): string {
  return text
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
    .replace(/&amp;/g, '&');
}

/** Spec §3: without a meta description, the first 150 characters of the content's text stand in. */
export function metaDescriptionFor(options: { metaDescription: string | null; content: string }): string {
  const given = options.metaDescription?.trim();
  if (given) return given;
  return Array.from(textOfHtml(options.content)).slice(0, META_DESCRIPTION_FALLBACK_CHARS).join('');
}
