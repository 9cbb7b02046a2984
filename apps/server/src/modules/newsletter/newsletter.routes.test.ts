import { NEWSLETTER_SUBSCRIBED_MESSAGE } from '@mohar/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newsletterSubscribers } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const subscribe = (payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/v1/newsletter', payload: payload as object });

describe('POST /api/v1/newsletter', () => {
  it('stores an address once however often it is sent, and answers the same each time', async () => {
    const answers = await Promise.all([
      subscribe({ email: 'Asha@Example.in' }),
      subscribe({ email: 'asha@example.in' }),
      subscribe({ email: ' ASHA@example.IN ' }),
    ]);
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: NEWSLETTER_SUBSCRIBED_MESSAGE });
    }
    const rows = await t.db
      .select()
      .from(newsletterSubscribers)
      .where(sql`lower(${newsletterSubscribers.email}) = 'asha@example.in'`);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.email).toBe('asha@example.in');
  });

  it('refuses an invalid address with a 400 naming the field', async () => {
    const res = await subscribe({ email: 'not-an-email' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'request.invalid', details: [{ path: 'body.email' }] });
  });

  it('refuses unknown fields', async () => {
    const res = await subscribe({ email: 'a@b.in', admin: true });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('request.invalid');
  });
});
