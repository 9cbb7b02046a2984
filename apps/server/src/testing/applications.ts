import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { applications } from '../db/schema.ts';
import { API, createVerifiedUser, logIn } from './accounts.ts';
import { samplePdf } from './documents.ts';
import { createCompleteNotary, multipartFile } from './notaries.ts';
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

/** A signed-in client: the owner in most tests. */
export async function createClient(t: TestApp, overrides: Record<string, unknown> = {}) {
  const account = await createVerifiedUser(t, overrides);
  const cookie = await logIn(t, account);
  const userId = (await call(t, 'GET', '/session', cookie)).json().user._id as string;
  return { ...account, cookie, userId };
}

/** A notary an admin has approved: one a client can choose. */
export async function createVerifiedNotary(t: TestApp, admin: { cookie: string }) {
  const notary = await createCompleteNotary(t);
  const submitted = await call(t, 'POST', '/notary/profile/submit', notary.cookie, {});
  if (submitted.statusCode !== 200) throw new Error(`submit: ${submitted.body}`);
  const approved = await call(t, 'POST', `/admin/notaries/${notary.userId}/approve`, admin.cookie, {});
  if (approved.statusCode !== 200) throw new Error(`approve: ${approved.body}`);
  return notary;
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

export const DOCUMENT_DETAILS = {
  documentType: 'affidavit',
  notarialAct: 'affidavit_oath',
  title: 'Affidavit of address',
  description: 'Sworn statement of my residential address for a bank account.',
  language: 'English',
  purpose: 'Submission to a bank',
} as const;

/** A draft with every step done through the API, ready to submit. */
export async function createCompleteDraft(
  t: TestApp,
  cookie: string,
  options: { notaryId?: string; signatories?: object[]; details?: object } = {},
) {
  const created = await call(t, 'POST', '/applications', cookie, {});
  if (created.statusCode !== 201) throw new Error(`create: ${created.body}`);
  const id = created.json().application._id as string;
  const uploaded = await uploadDocument(t, { cookie, id, bytes: await samplePdf() });
  if (uploaded.statusCode !== 200) throw new Error(`upload: ${uploaded.body}`);
  const steps: Array<[Method, string, object]> = [
    [
      'PATCH',
      `/applications/${id}`,
      options.notaryId
        ? { notaryChoice: 'named', notaryId: options.notaryId }
        : { notaryChoice: 'first_available', notaryId: null },
    ],
    ['PUT', `/applications/${id}/signatories`, { signatories: options.signatories ?? [SIGNATORY] }],
    ['PATCH', `/applications/${id}`, options.details ?? DOCUMENT_DETAILS],
  ];
  for (const [method, url, payload] of steps) {
    const res = await call(t, method, url, cookie, payload);
    if (res.statusCode !== 200) throw new Error(`${method} ${url}: ${res.body}`);
  }
  return id;
}

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
