import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('configuration', () => {
  it('runs with no variables at all, using the documented defaults', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(config.databaseUrl).toBeUndefined();
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.seedDemo).toBe(true);
    expect(config.env).toBe('development');
  });

  it('lists every bad key at once, so a deploy fails fast and completely', () => {
    let caught: unknown;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', SUPPORT_EMAIL: 'nope', SEED_DEMO: 'maybe' });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    const issues = (caught as ConfigError).issues.map((i) => i.split(':')[0]);
    expect(issues.sort()).toEqual(['DATABASE_URL', 'PORT', 'SEED_DEMO', 'SUPPORT_EMAIL']);
    expect((caught as ConfigError).message).toContain('PORT');
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '', SUPPORT_PHONE: '' }).port).toBe(3000);
  });

  it('does not seed demo data in production unless asked', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).seedDemo).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', SEED_DEMO: 'true' }).seedDemo).toBe(true);
  });

  it('derives links from PUBLIC_URL without a trailing slash', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://mohar.example/' }).publicUrl).toBe('https://mohar.example');
  });

  it('refuses a negative fee', () => {
    expect(() => loadConfig({ FEE_PLATFORM_PAISE: '-1' })).toThrow(/FEE_PLATFORM_PAISE/);
  });
});
