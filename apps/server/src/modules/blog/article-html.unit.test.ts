import { describe, expect, it } from 'vitest';
import { metaDescriptionFor, sanitizeArticleHtml, textOfHtml } from './article-html.ts';

describe('article HTML', () => {
  it('removes scripts, event handlers and javascript: links', () => {
    const dirty =
      '<p onclick="steal()">Hi<script>alert(1)</script></p><a href="javascript:alert(1)">x</a><img src=x onerror=alert(1)><iframe src="https://evil"></iframe>';
    const clean = sanitizeArticleHtml(dirty);
    expect(clean).not.toMatch(/script|onclick|onerror|javascript:|iframe|<img/i);
    expect(clean).toContain('<p>Hi</p>');
  });

  it('keeps document markup and opens external links safely', () => {
    const clean = sanitizeArticleHtml('<h2>Title</h2><ul><li><a href="https://example.org">x</a></li></ul>');
    expect(clean).toBe(
      '<h2>Title</h2><ul><li><a href="https://example.org" target="_blank" rel="noopener noreferrer">x</a></li></ul>',
    );
  });

  it('reads the text of HTML with whitespace collapsed and entities decoded', () => {
    expect(textOfHtml('<p>Fees &amp; refunds</p>\n<p>are&nbsp;simple</p>')).toBe('Fees & refunds are simple');
  });
});

describe('meta description', () => {
  it('uses the given description when there is one', () => {
    expect(metaDescriptionFor({ metaDescription: ' Short. ', content: '<p>Long text</p>' })).toBe('Short.');
  });

  it('falls back to the first 150 characters of the content text', () => {
    const words = 'Notarise documents online with a certified notary by live video. '.repeat(5);
    const result = metaDescriptionFor({ metaDescription: null, content: `<h2>Intro</h2><p>${words}</p>` });
    expect(result).toHaveLength(150);
    expect(result.startsWith('Intro Notarise documents online')).toBe(true);
    expect(result).not.toContain('<');
  });

  it('falls back when the description is blank, and keeps short content whole', () => {
    expect(metaDescriptionFor({ metaDescription: '   ', content: '<p>Tiny</p>' })).toBe('Tiny');
  });
});
