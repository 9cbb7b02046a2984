import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { apiReadsAtBoot, readsSessionFirst } from './session-at-boot';

describe('readsSessionFirst', () => {
  it('reads the session at boot for the signed-in screens, login, sign-in links and unknown paths', () => {
    expect(readsSessionFirst(paths.dashboard())).toBe(true);
    expect(readsSessionFirst('/application-view/0b3c1a52-8f8e-4a3e-9a53-3b1f0c6f1f11')).toBe(true);
    expect(readsSessionFirst('/admin/notaries/abc')).toBe(true);
    expect(readsSessionFirst('/session/abc')).toBe(true);
    expect(readsSessionFirst('/login')).toBe(true);
    expect(readsSessionFirst('/sign-in-link/token')).toBe(true);
    expect(readsSessionFirst('/no-such-page')).toBe(true);
  });

  it('leaves it to the screen on public pages that never read it', () => {
    expect(readsSessionFirst('/')).toBe(false);
    expect(readsSessionFirst('/home')).toBe(false);
    expect(readsSessionFirst('/resources')).toBe(false);
    expect(readsSessionFirst('/resources/what-is-e-notarisation')).toBe(false);
    expect(readsSessionFirst('/resources/')).toBe(false);
    expect(readsSessionFirst('/contact')).toBe(false);
    expect(readsSessionFirst('/register')).toBe(false);
    expect(readsSessionFirst('/access-application/token')).toBe(false);
    expect(readsSessionFirst('/access-application/token/session')).toBe(false);
    expect(readsSessionFirst('/verify/ABC123')).toBe(false);
  });
});

describe('apiReadsAtBoot', () => {
  it('asks for /resources’ article list at boot, beside its files, and for nothing else there', () => {
    expect(apiReadsAtBoot(paths.resources.list())).toEqual(['/blogs']);
    expect(apiReadsAtBoot('/resources/')).toEqual(['/blogs']);
  });

  it('asks for the session where the screen reads it first, and for no article list elsewhere', () => {
    expect(apiReadsAtBoot('/login')).toEqual(['/session']);
    expect(apiReadsAtBoot(paths.dashboard())).toEqual(['/session']);
    expect(apiReadsAtBoot('/resources/what-is-e-notarisation')).toEqual([]);
    expect(apiReadsAtBoot('/home')).toEqual([]);
  });
});
