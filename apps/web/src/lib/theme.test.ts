import { describe, expect, it } from 'vitest';
import { resolveColorMode, sanitizeThemeParam } from './theme';

describe('theme parameter', () => {
  it('keeps only the leading letters, digits and spaces', () => {
    expect(sanitizeThemeParam('dark')).toBe('dark');
    expect(sanitizeThemeParam('dark<script>alert(1)</script>')).toBe('dark');
    expect(sanitizeThemeParam('Dark Mode2;drop')).toBe('dark mode2');
    expect(sanitizeThemeParam('"><img src=x>')).toBe('');
    expect(sanitizeThemeParam(null)).toBe('');
  });

  it('lets the parameter win, then the stored choice, then light', () => {
    expect(resolveColorMode({ themeParam: 'dark', stored: 'light' })).toBe('dark');
    expect(resolveColorMode({ themeParam: 'light;x', stored: 'dark' })).toBe('light');
    expect(resolveColorMode({ themeParam: 'purple', stored: 'dark' })).toBe('dark');
    expect(resolveColorMode({ themeParam: null, stored: null })).toBe('light');
    expect(resolveColorMode({ themeParam: null, stored: 'sepia' })).toBe('light');
  });
});
