// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { dropServedArticleHead } from './meta';

describe('the head the server wrote for an article', () => {
  it('gives way to the app’s: its tags go and the page’s own title comes back', () => {
    document.head.innerHTML = [
      '<meta charset="utf-8">',
      '<title data-article-head data-page-title="Mohar · Notarise documents online">Rent agreements</title>',
      '<meta name="theme-color" content="#2f2a7a">',
      '<meta name="description" content="What a notary checks" data-article-head>',
      '<meta property="og:title" content="Rent agreements" data-article-head>',
    ].join('');
    dropServedArticleHead(document.head);
    expect(document.title).toBe('Mohar · Notarise documents online');
    expect(document.head.querySelectorAll('[data-article-head], meta[name="description"]')).toHaveLength(0);
    expect(document.head.querySelector('meta[name="theme-color"]')).not.toBeNull();
  });
});
