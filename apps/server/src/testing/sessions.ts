import { readFile } from 'node:fs/promises';
import { expect } from 'vitest';
import type { TestApp } from './test-app.ts';

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
