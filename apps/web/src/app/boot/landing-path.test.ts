import { describe, expect, it } from 'vitest';
import { isBrowserHandledClick, isLandingPath } from './landing-path';

describe('isLandingPath', () => {
  it('treats / and /home (with or without a trailing slash) as the landing page', () => {
    expect(isLandingPath('/')).toBe(true);
    expect(isLandingPath('/home')).toBe(true);
    expect(isLandingPath('/home/')).toBe(true);
  });

  it('leaves every other page to the router', () => {
    expect(isLandingPath('/resources')).toBe(false);
    expect(isLandingPath('/homes')).toBe(false);
    expect(isLandingPath('/home/x')).toBe(false);
    expect(isLandingPath('/dashboard')).toBe(false);
  });
});

describe('isBrowserHandledClick', () => {
  const anchor = (attributes: Record<string, string> = {}) => ({
    getAttribute: (name: string) => attributes[name] ?? null,
  });
  const click = {
    button: 0,
    metaKey: false,
    altKey: false,
    ctrlKey: false,
    shiftKey: false,
    defaultPrevented: false,
    currentTarget: anchor(),
  };

  it('handles a plain left click in the app', () => {
    expect(isBrowserHandledClick(click)).toBe(false);
    expect(isBrowserHandledClick({ ...click, currentTarget: anchor({ target: '_self' }) })).toBe(false);
  });

  it('leaves new-tab clicks, other buttons, targets and downloads to the browser', () => {
    expect(isBrowserHandledClick({ ...click, ctrlKey: true })).toBe(true);
    expect(isBrowserHandledClick({ ...click, metaKey: true })).toBe(true);
    expect(isBrowserHandledClick({ ...click, shiftKey: true })).toBe(true);
    expect(isBrowserHandledClick({ ...click, button: 1 })).toBe(true);
    expect(isBrowserHandledClick({ ...click, defaultPrevented: true })).toBe(true);
    expect(isBrowserHandledClick({ ...click, currentTarget: anchor({ target: '_blank' }) })).toBe(true);
    expect(isBrowserHandledClick({ ...click, currentTarget: anchor({ download: '' }) })).toBe(true);
  });
});
