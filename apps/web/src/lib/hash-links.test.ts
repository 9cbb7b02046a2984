import { describe, expect, it } from 'vitest';
import { rewriteHashLink } from './hash-links';

const at = (pathname: string, hash: string, search = '') => ({ pathname, search, hash });

describe('hash-style links', () => {
  it('rewrites /#/path to the real path, keeping its query', () => {
    expect(rewriteHashLink(at('/', '#/resources'))).toBe('/resources');
    expect(rewriteHashLink(at('/', '#/contact?topic=demo'))).toBe('/contact?topic=demo');
    expect(rewriteHashLink(at('/', '#/terms-and-conditions'))).toBe('/terms-and-conditions');
  });

  it('leaves ordinary anchors and real paths alone', () => {
    expect(rewriteHashLink(at('/', '#faq'))).toBeNull();
    expect(rewriteHashLink(at('/privacy-policy', '#cookies'))).toBeNull();
    expect(rewriteHashLink(at('/', ''))).toBeNull();
  });

  it('never turns a hash into a link to another site', () => {
    expect(rewriteHashLink(at('/', '#//evil.example/x'))).toBeNull();
  });
});
