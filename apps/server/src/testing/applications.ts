import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { applications } from '../db/schema.ts';
import { API } from './accounts.ts';
import { multipartFile } from './notaries.ts';
import type { TestApp } from './test-app.ts';

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export function call(t: TestApp, method: Method, url: string, cookie?: string, payload?: object) {
  return t.app.inject({
    method,
    url: `${API}${url}`,
    headers: cookie ? { cookie } : {},
    ...(payload ? { payload } : {}),
  });
}

export function uploadDocument(
  t: TestApp,
  options: { cookie: string; id: string; bytes: Buffer; filename?: string; contentType?: string },
) {
  const body = multipartFile({
    bytes: options.bytes,
    filename: options.filename ?? 'affidavit.pdf',
    contentType: options.contentType ?? 'application/pdf',
  });
  return t.app.inject({
    method: 'PUT',
    url: `${API}/applications/${options.id}/document`,
    payload: body.payload,
    headers: { ...body.headers, cookie: options.cookie },
  });
}

export const SIGNATORY = {
  fullName: 'Priya Menon',
  email: 'priya.menon@example.in',
  mobile: '+91 98450 12345',
  dateOfBirth: '1990-04-12',
  role: 'executant',
} as const;

export { DOCUMENT_DETAILS } from './builders/index.ts';

/** The request reached this notary (the session issue sets this when a notary accepts). */
export async function assignNotary(t: TestApp, options: { id: string; notaryId: string }) {
  await t.db
    .update(applications)
    .set({ assignedNotaryId: options.notaryId })
    .where(eq(applications.id, options.id));
}

/** How many application documents the blob store holds: a refused upload must not add one. */
export async function storedDocumentCount(t: TestApp): Promise<number> {
  const root = path.join(t.dataDir, 'blobs', 'application-documents');
  const shards = await readdir(root).catch(() => []);
  let total = 0;
  for (const shard of shards) total += (await readdir(path.join(root, shard))).length;
  return total;
}
