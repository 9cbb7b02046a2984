import { describe, expect, it } from 'vitest';
import { linkParts } from './link-parts';

describe('links in the text part of an e-mail', () => {
  it('splits text around http(s) URLs', () => {
    expect(linkParts('Open http://127.0.0.1:3310/verify-email/abc to verify.')).toEqual([
      { kind: 'text', text: 'Open ' },
      { kind: 'link', href: 'http://127.0.0.1:3310/verify-email/abc' },
      { kind: 'text', text: ' to verify.' },
    ]);
  });

  it('leaves trailing punctuation and brackets out of the link', () => {
    expect(linkParts('(https://mohar.in/x).')).toEqual([
      { kind: 'text', text: '(' },
      { kind: 'link', href: 'https://mohar.in/x' },
      { kind: 'text', text: ').' },
    ]);
  });

  it('does not turn other schemes into links', () => {
    expect(linkParts('javascript:alert(1) and mailto:a@b.c')).toEqual([
      { kind: 'text', text: 'javascript:alert(1) and mailto:a@b.c' },
    ]);
  });

  it('handles text without links and several links', () => {
    expect(linkParts('')).toEqual([]);
    expect(linkParts('https://a.in\nhttps://b.in')).toEqual([
      { kind: 'link', href: 'https://a.in' },
      { kind: 'text', text: '\n' },
      { kind: 'link', href: 'https://b.in' },
    ]);
  });
});
