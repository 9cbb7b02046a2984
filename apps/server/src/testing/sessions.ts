import { readFile } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { applications } from '../db/schema.ts';
import { call, createVerifiedNotary } from './applications.ts';
import { paidApplicationWith } from './portal.ts';
import type { TestApp } from './test-app.ts';

/**
 * A live session: paid, set straight to `ready` (the identity steps have their own tests), requested through the API
 * and accepted by a verified notary who is online. The test app's clock must be inside service hours.
 */
export async function liveSession(
  t: TestApp,
  admin: { cookie: string },
  people = [{ fullName: 'Gita Rao' }],
  options: { beforeRequest?: (paid: Awaited<ReturnType<typeof paidApplicationWith>>) => Promise<void> } = {},
) {
  const notary = await createVerifiedNotary(t, admin);
  await call(t, 'PUT', '/notary/availability', notary.cookie, { isOnline: true });
  const paid = await paidApplicationWith(t, people);
  await t.db.update(applications).set({ status: 'ready' }).where(eq(applications.id, paid.id));
  await options.beforeRequest?.(paid);
  const requested = await call(t, 'POST', `/applications/${paid.id}/notary-request`, paid.owner.cookie, {});
  expect(requested.statusCode, requested.body).toBe(201);
  const accepted = await call(
    t,
    'POST',
    `/notary/requests/${requested.json().requestId}/accept`,
    notary.cookie,
    {},
  );
  expect(accepted.statusCode, accepted.body).toBe(200);
  return { ...paid, notary };
}

/** A signatory's id, as their portal link shows it. */
export async function signatoryIdOf(t: TestApp, token: string | undefined): Promise<string> {
  return (await t.app.inject({ url: `/api/v1/access/${token}` })).json().signatory._id as string;
}

/** The notary's recorder sends a part (a real Chromium WebM): the session is on the record from here. */
export async function recordPart(t: TestApp, session: { id: string; notary: { cookie: string } }, index = 0) {
  const bytes = await readFile(
    new URL('../modules/sessions/fixtures/chromium-recording.webm', import.meta.url),
  );
  const response = await t.app.inject({
    method: 'PUT',
    url: `/api/v1/sessions/${session.id}/recording/chunks/${index}`,
    headers: { cookie: session.notary.cookie, 'content-type': 'application/octet-stream' },
    payload: bytes,
  });
  expect(response.statusCode, response.body).toBe(200);
}
