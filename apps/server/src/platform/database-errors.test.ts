import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newsletterSubscribers } from '../db/schema.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

/** A failed query's SQL and parameters are a person's data: the log keeps only PostgreSQL's code and names. */
describe('a failed query in the log', () => {
  let t: TestApp;
  const lines: string[] = [];

  beforeAll(async () => {
    t = await createTestApp({ logLines: lines });
  });
  afterAll(() => t?.close());

  const failureOf = async (query: () => Promise<unknown>) => {
    try {
      await query();
    } catch (error) {
      return error;
    }
    throw new Error('the query was expected to fail');
  };
  const logged = (marker: string) => {
    const line = lines.find((l) => l.includes(marker));
    if (!line) throw new Error(`nothing logged for ${marker}`);
    return line;
  };

  it('has the error code, never the parameters nor the SQL text', async () => {
    const secret = 'Priya-Menon-4821-secret';
    const error = await failureOf(() => t.db.execute(sql`select id from users where id = ${secret}::uuid`));
    // What request errors (error-handler.ts) and jobs do with a failure.
    t.app.log.error({ err: error }, 'marker-one');
    const line = logged('marker-one');
    expect(line).toContain('22P02');
    expect(line).not.toContain(secret);
    expect(line.toLowerCase()).not.toContain('select id from users');
    expect(line).toContain('"stack"');
  });

  it('names the constraint of a refused write, never the values it quotes', async () => {
    const email = 'kavya.rao.secret@example.com';
    const subscribe = () => t.db.insert(newsletterSubscribers).values({ email });
    await subscribe();
    // PostgreSQL's own detail quotes the value: "Key (lower(email))=(kavya…) already exists".
    const error = await failureOf(subscribe);
    t.app.log.warn({ err: error }, 'marker-two');
    t.app.log.error(error as Error);
    for (const line of [logged('marker-two'), lines.at(-1) ?? '']) {
      expect(line).toContain('23505');
      expect(line).toContain('newsletter_subscribers_email_key');
      expect(line).not.toContain(email);
      expect(line.toLowerCase()).not.toContain('insert into');
    }
  });
});
