import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const KEY = Buffer.alloc(32, 7).toString('base64');
const PRODUCTION = {
  ENCRYPTION_KEY: KEY,
  SMTP_URL: 'smtp://mail.example:587',
  PAYMENTS_PROVIDER: 'razorpay',
  RAZORPAY_KEY_ID: 'rzp_test_example',
  RAZORPAY_KEY_SECRET: 'key-secret-example',
  RAZORPAY_WEBHOOK_SECRET: 'webhook-secret-example',
  SELLER_GSTIN: '27AAACM1234A1Z5',
};

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

  it('runs background work on the pg-boss queue with a PostgreSQL server, in process on the embedded database', () => {
    const postgres = 'postgres://mohar@db.example/mohar';
    expect(loadConfig({}).jobQueue).toBe('in-process');
    expect(loadConfig({ DATABASE_URL: postgres }).jobQueue).toBe('pg-boss');
    expect(loadConfig({ DATABASE_URL: postgres, JOB_QUEUE: 'in-process' }).jobQueue).toBe('in-process');
    expect(() => loadConfig({ JOB_QUEUE: 'cron' })).toThrow(ConfigError);
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
    expect(loadConfig({ NODE_ENV: 'production', ...PRODUCTION }).seedDemo).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', ...PRODUCTION, SEED_DEMO: 'true' }).seedDemo).toBe(true);
  });

  it('derives links from PUBLIC_URL without a trailing slash', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://mohar.example/' }).publicUrl).toBe('https://mohar.example');
  });

  it('refuses a negative fee', () => {
    expect(() => loadConfig({ FEE_PLATFORM_PAISE: '-1' })).toThrow(/FEE_PLATFORM_PAISE/);
  });

  it('refuses the test-only fixtures module (E2E_FIXTURES) in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', ...PRODUCTION, E2E_FIXTURES: 'true' })).toThrow(
      /E2E_FIXTURES/,
    );
  });

  it('requires an encryption key in production only', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', SMTP_URL: PRODUCTION.SMTP_URL })).toThrow(
      /ENCRYPTION_KEY: required in production/,
    );
    expect(() => loadConfig({ NODE_ENV: 'production', ENCRYPTION_KEY: KEY })).toThrow(
      /SMTP_URL: required in production/,
    );
    expect(loadConfig({}).encryptionKey).toBeUndefined();
    expect(() => loadConfig({ ENCRYPTION_KEY: 'c2hvcnQ=' })).toThrow(/ENCRYPTION_KEY/);
  });

  it('reads the previous encryption key during a rotation, with the same shape as the key', () => {
    expect(loadConfig({}).encryptionKeyPrevious).toBeUndefined();
    expect(loadConfig({ ENCRYPTION_KEY_PREVIOUS: KEY }).encryptionKeyPrevious).toBe(KEY);
    expect(() => loadConfig({ ENCRYPTION_KEY_PREVIOUS: 'c2hvcnQ=' })).toThrow(/ENCRYPTION_KEY_PREVIOUS/);
  });

  it('the periodic jobs are scheduled outside tests always, and in tests only when asked; reminders at 24 and 72 hours by default', () => {
    expect(loadConfig({ ...PRODUCTION, NODE_ENV: 'production' }).isScheduled).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development' }).isScheduled).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).isScheduled).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test', TEST_SCHEDULE: 'true' }).isScheduled).toBe(true);
    expect(loadConfig({}).portalReminderHours).toEqual([24, 72]);
    expect(loadConfig({ PORTAL_REMINDER_HOURS: 'none' }).portalReminderHours).toEqual([]);
    expect(loadConfig({ PORTAL_REMINDER_HOURS: '12, 48,96' }).portalReminderHours).toEqual([12, 48, 96]);
    for (const wrong of ['72,24', '0', '24,abc', '1000'])
      expect(() => loadConfig({ PORTAL_REMINDER_HOURS: wrong }), wrong).toThrow(/PORTAL_REMINDER_HOURS/);
  });

  it('service hours can be switched off only for tests, never in production; recordings are kept 10 years by default', () => {
    expect(loadConfig({}).serviceHoursAlwaysOpen).toBe(false);
    expect(loadConfig({ SERVICE_HOURS_ALWAYS_OPEN: 'true' }).serviceHoursAlwaysOpen).toBe(true);
    expect(() =>
      loadConfig({ ...PRODUCTION, NODE_ENV: 'production', SERVICE_HOURS_ALWAYS_OPEN: 'true' }),
    ).toThrow(/SERVICE_HOURS_ALWAYS_OPEN: a test setting/);
    expect(loadConfig({}).recordingRetentionYears).toBe(10);
    expect(loadConfig({ RECORDING_RETENTION_YEARS: '7' }).recordingRetentionYears).toBe(7);
  });

  it('takes real money only in production: the sandbox gateway is refused there, and invoices need a GSTIN', () => {
    const { PAYMENTS_PROVIDER: _provider, SELLER_GSTIN: _gstin, ...rest } = PRODUCTION;
    expect(() => loadConfig({ NODE_ENV: 'production', ...rest })).toThrow(
      /PAYMENTS_PROVIDER: must be razorpay in production[\s\S]*SELLER_GSTIN: required in production/,
    );
    expect(loadConfig({ NODE_ENV: 'production', ...PRODUCTION }).payments.provider).toBe('razorpay');
    expect(loadConfig({}).payments.provider).toBe('sandbox');
    expect(() => loadConfig({ PAYMENTS_PROVIDER: 'razorpay' })).toThrow(/RAZORPAY_KEY_ID/);
  });

  it('asks MFA of notaries and admins in production and of nobody in development, unless told', () => {
    expect(loadConfig({ NODE_ENV: 'production', ...PRODUCTION }).mfaRequiredRoles).toEqual([
      'notary',
      'admin',
    ]);
    expect(loadConfig({}).mfaRequiredRoles).toEqual([]);
    expect(loadConfig({ MFA_REQUIRED_ROLES: 'notary' }).mfaRequiredRoles).toEqual(['notary']);
    expect(() => loadConfig({ MFA_REQUIRED_ROLES: 'notary,root' })).toThrow(/MFA_REQUIRED_ROLES/);
  });

  it('needs ADMIN_EMAIL and ADMIN_PASSWORD together', () => {
    expect(() => loadConfig({ ADMIN_EMAIL: 'ops@mohar.example' })).toThrow(/ADMIN_PASSWORD/);
    expect(loadConfig({ ADMIN_EMAIL: 'ops@mohar.example', ADMIN_PASSWORD: 'a long secret' }).admin).toEqual({
      email: 'ops@mohar.example',
      password: 'a long secret',
    });
  });

  it('defaults sessions to 24 h idle, 30 days absolute, 1 h idle for admins', () => {
    expect(loadConfig({}).sessions).toEqual({
      idleMs: 86_400_000,
      absoluteMs: 2_592_000_000,
      adminIdleMs: 3_600_000,
    });
  });
});
