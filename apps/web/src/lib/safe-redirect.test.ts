import { describe, expect, it } from 'vitest';
import { safeRedirectPath } from './safe-redirect';

describe('the login redirect is followed only to a path on this site', () => {
  it('keeps a relative path with its query and hash', () => {
    expect(safeRedirectPath('/applications')).toBe('/applications');
    expect(safeRedirectPath('/dashboard/x?y=1#z')).toBe('/dashboard/x?y=1#z');
    expect(safeRedirectPath('/')).toBe('/');
  });

  it('refuses anything a browser could read as another origin', () => {
    expect(safeRedirectPath('//evil.example/x')).toBeNull();
    expect(safeRedirectPath('/\\evil.example')).toBeNull();
    expect(safeRedirectPath('https://evil.example/')).toBeNull();
    expect(safeRedirectPath('javascript:alert(1)')).toBeNull();
    expect(safeRedirectPath('evil.example')).toBeNull();
    expect(safeRedirectPath('/\t/evil.example')).toBeNull();
    expect(safeRedirectPath('/\n/evil.example')).toBeNull();
    expect(safeRedirectPath('/ /evil.example')).toBeNull();
    expect(safeRedirectPath('/a\\b')).toBeNull();
  });

  it('treats a missing or empty value as no redirect', () => {
    expect(safeRedirectPath(null)).toBeNull();
    expect(safeRedirectPath(undefined)).toBeNull();
    expect(safeRedirectPath('')).toBeNull();
  });
});
