// @engine: the counters' atomic upsert-increment and expiry run in SQL, on PGlite and PostgreSQL alike
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attemptCounters } from '../../db/schema.ts';
import { API, nextClientAddress, uniqueEmail } from '../../testing/accounts.ts';
import { loginLimitTests } from '../../testing/login-limits.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let second: TestApp['app'];
beforeAll(async () => {
  t = await createTestApp();
  second = await t.sibling();
});
afterAll(() => t.close());

describe('wrong passwords without Redis: counted in the database, shared by every process', {
  tags: ['engine'],
}, () => {
  loginLimitTests(() => ({ t, apps: [t.app, second] }));

  it('keeps only hashed keys: no e-mail or address in the table', async () => {
    const email = uniqueEmail('counted');
    await t.app.inject({
      method: 'POST',
      url: `${API}/login`,
      payload: { email, password: 'wrong password' },
      remoteAddress: nextClientAddress(),
    });
    const rows = await t.db.select().from(attemptCounters);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.key).toMatch(/^[a-z]+:[0-9a-f]{64}$/);
      expect(row.key).not.toContain(email);
    }
  });
});
