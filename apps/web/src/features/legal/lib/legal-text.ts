/**
 * The legal texts live in `locales/{en,hi}/legal.json` (issue 23): each document is a list of sections, each section
 * a list of blocks — a paragraph (`p`), a bulleted or numbered list (`ul`, `ol`), or the privacy policy's data table.
 * Inside a text, `<refund>…</refund>`, `<privacy>…</privacy>`, `<terms>…</terms>`, `<contact>…</contact>` are links
 * to those pages and `<b>…</b>` is bold; nothing else is markup, so a translation cannot inject HTML.
 */
export type LegalBlock = { p: string } | { ul: string[] } | { ol: string[] } | { table: 'data' };
export type LegalSectionText = { id: string; title: string; blocks: LegalBlock[] };

export const INLINE_TAGS = ['refund', 'privacy', 'terms', 'contact', 'b'] as const;
export type InlineTag = (typeof INLINE_TAGS)[number];
export type InlinePart = string | { tag: InlineTag; text: string };

const TAGGED = /<(refund|privacy|terms|contact|b)>(.*?)<\/\1>/g;

/** Splits a text into plain runs and tagged runs, in order. */
export function parseInline(text: string): InlinePart[] {
  const parts: InlinePart[] = [];
  let at = 0;
  for (const match of text.matchAll(TAGGED)) {
    if (match.index > at) parts.push(text.slice(at, match.index));
    parts.push({ tag: match[1] as InlineTag, text: match[2] ?? '' });
    at = match.index + match[0].length;
  }
  if (at < text.length) parts.push(text.slice(at));
  return parts;
}

/** The sections as the translation file holds them; an empty list while the texts are still loading. */
export function sectionsOf(value: unknown): LegalSectionText[] {
  return Array.isArray(value) ? (value as LegalSectionText[]) : [];
}
