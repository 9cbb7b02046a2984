import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications } from '../../db/schema.ts';
import {
  assignNotary,
  call,
  SIGNATORY,
  storedDocumentCount,
  uploadDocument,
} from '../../testing/applications.ts';
import { type Builders, type BuiltUser, buildersFor } from '../../testing/builders/index.ts';
import {
  encryptedPdf,
  htmlAsPdf,
  notPdf,
  pdfWithAppendedHtml,
  pdfWithJavaScript,
  samplePdf,
  truncatedPdf,
} from '../../testing/documents.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let build: Builders;
let owner: BuiltUser;
let stranger: BuiltUser;
let admin: BuiltUser;
beforeAll(async () => {
  // Small limits so the size and page rules can be tested with small files.
  t = await createTestApp({ env: { MAX_DOCUMENT_MB: '1', MAX_DOCUMENT_PAGES: '5' } });
  build = buildersFor(t);
  owner = await build.user();
  stranger = await build.user();
  admin = await build.admin();
});
afterAll(() => t.close());

describe('access', () => {
  it('another client, a notary not assigned and a signed-out caller get 404 for every route of an application', async () => {
    const notary = await build.notary({ approvedBy: admin });
    const { id } = await build.application({ owner, notaryChoice: 'named', notary });
    const routes: Array<['GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', string, object?]> = [
      ['GET', `/applications/${id}`],
      ['GET', `/applications/${id}/document`],
      ['GET', `/applications/${id}/events`],
      ['PATCH', `/applications/${id}`, { title: 'Taken over' }],
      ['PUT', `/applications/${id}/signatories`, { signatories: [SIGNATORY] }],
      ['POST', `/applications/${id}/submit`, {}],
      ['POST', `/applications/${id}/cancel`, {}],
      ['POST', `/applications/${id}/reopen`, {}],
      ['DELETE', `/applications/${id}`],
    ];
    // Chosen but not yet reached by a request: the notary has no access either.
    for (const [who, cookie] of [
      ['another client', stranger.cookie],
      ['a notary not assigned', notary.cookie],
      ['a signed-out caller', undefined],
    ] as const) {
      for (const [method, url, payload] of routes) {
        const res = await call(t, method, url, cookie, payload);
        expect(res.statusCode, `${who}: ${method} ${url}`).toBe(404);
        expect(res.json()).toEqual({ message: 'Application not found.', code: 'applications.not_found' });
      }
    }
    const upload = await uploadDocument(t, { cookie: stranger.cookie, id, bytes: await samplePdf() });
    expect(upload.statusCode).toBe(404);
    // Nothing changed.
    const [row] = await t.db.select().from(applications).where(eq(applications.id, id));
    expect(row).toMatchObject({ status: 'draft', ownerId: owner.id });
  });

  it('a malformed id is a 404 like any other', async () => {
    expect((await call(t, 'GET', '/applications/not-a-uuid', owner.cookie)).statusCode).toBe(404);
    const long = await call(t, 'GET', `/applications/${'1'.repeat(200)}`, owner.cookie);
    expect([400, 404, 414]).toContain(long.statusCode);
  });

  it('the notary the request reached and admins can read it, but only the owner can change it', async () => {
    const notary = await build.notary({ approvedBy: admin });
    const { id } = await build.application({ status: 'submitted', owner, notaryChoice: 'named', notary });
    await assignNotary(t, { id, notaryId: notary.id });

    for (const [who, cookie, role] of [
      ['notary', notary.cookie, 'notary'],
      ['admin', admin.cookie, 'admin'],
    ] as const) {
      const view = await call(t, 'GET', `/applications/${id}`, cookie);
      expect(view.statusCode, who).toBe(200);
      expect(view.json().application).toMatchObject({ viewerRole: role, allowedActions: [] });
      expect((await call(t, 'GET', `/applications/${id}/document`, cookie)).statusCode, who).toBe(200);
      expect((await call(t, 'GET', `/applications/${id}/events`, cookie)).statusCode, who).toBe(200);
      expect((await call(t, 'POST', `/applications/${id}/cancel`, cookie, {})).statusCode, who).toBe(404);
    }
    // The assigned notary sees it in their list; the admin's list holds only their own.
    const notaryList = (await call(t, 'GET', '/applications', notary.cookie)).json();
    expect(notaryList.applications.map((a: { _id: string }) => a._id)).toEqual([id]);
    expect((await call(t, 'GET', '/applications', admin.cookie)).json().total).toBe(0);
  });

  it('the list never holds other users’ applications', async () => {
    const { id: mine } = await build.application({ owner: stranger });
    const list = (await call(t, 'GET', '/applications?pageSize=50', owner.cookie)).json();
    expect(list.applications.length).toBeGreaterThan(0);
    expect(list.applications.map((a: { _id: string }) => a._id)).not.toContain(mine);
    const rows = await t.db.select().from(applications).where(eq(applications.ownerId, owner.id));
    expect(list.total).toBe(rows.length);
    expect((await call(t, 'GET', '/applications')).statusCode).toBe(401);
  });

  it('only clients start applications', async () => {
    const notary = await build.notary({ approvedBy: admin });
    expect((await call(t, 'POST', '/applications', notary.cookie, {})).statusCode).toBe(403);
    expect((await call(t, 'POST', '/applications', undefined, {})).statusCode).toBe(401);
  });
});

describe('the list', () => {
  it('filters by status, searches title and description, pages newest first', async () => {
    const client = await build.user();
    const ids: string[] = [];
    for (const [index, title] of [
      'Rent agreement Pune',
      'Affidavit of name change',
      'Rent agreement Mumbai',
    ].entries()) {
      const built = await build.application({
        owner: client,
        status: index === 0 ? 'submitted' : 'draft',
        details: {
          documentType: 'rental_agreement',
          notarialAct: 'attest_execution',
          title,
          description: 'Eleven-month leave and licence agreement.',
          language: 'English',
          purpose: 'Police verification',
        },
      });
      ids.push(built.id);
    }

    const all = (await call(t, 'GET', '/applications?pageSize=2', client.cookie)).json();
    expect(all).toMatchObject({ total: 3, totalPages: 2, page: 1 });
    expect(all.applications.map((a: { title: string }) => a.title)).toEqual([
      'Rent agreement Mumbai',
      'Affidavit of name change',
    ]);
    expect(all.applications[0]).toMatchObject({
      documentType: 'rental_agreement',
      notaryChoice: 'first_available',
      notaryName: null,
      signatoryCount: 1,
      status: 'draft',
      canDownload: false,
      totalPaise: 29_900 + 5_382 + 20_000,
    });
    const rent = (await call(t, 'GET', '/applications?search=rent', client.cookie)).json();
    expect(rent.total).toBe(2);
    const awaiting = (await call(t, 'GET', '/applications?status=awaiting_payment', client.cookie)).json();
    expect(awaiting.applications.map((a: { _id: string }) => a._id)).toEqual([ids[0]]);
    // LIKE wildcards in a search are literal text.
    expect((await call(t, 'GET', '/applications?search=%25', client.cookie)).json().total).toBe(0);
    expect((await call(t, 'GET', '/applications?status=lost', client.cookie)).statusCode).toBe(400);
  });
});

describe('the document upload', () => {
  const refusals: Array<[string, () => Buffer | Promise<Buffer>, number, RegExp]> = [
    ['a non-PDF renamed .pdf', notPdf, 400, /not a PDF|PDF file/i],
    ['an encrypted PDF', encryptedPdf, 400, /password|encrypt/i],
    ['a truncated PDF', truncatedPdf, 400, /damaged|incomplete/i],
    ['a PDF with embedded JavaScript', pdfWithJavaScript, 400, /JavaScript/],
    [
      'a PDF with an HTML page appended after its end',
      pdfWithAppendedHtml,
      400,
      /^This PDF has other data attached after its end, which we do not accept\. Save or print it again as a new PDF/,
    ],
    ['an HTML page with a PDF header', htmlAsPdf, 400, /damaged or incomplete/],
    ['a PDF with too many pages', () => samplePdf({ pages: 6 }), 400, /has 6 pages; the limit is 5/],
    [
      'an oversized file',
      () => Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(1024 * 1024 + 10, 32)]),
      413,
      /1 MB/,
    ],
  ];

  for (const [label, make, status, message] of refusals) {
    it(`refuses ${label} with a clear message and stores nothing`, async () => {
      const id = (await call(t, 'POST', '/applications', owner.cookie, {})).json().application._id;
      const before = await storedDocumentCount(t);
      const res = await uploadDocument(t, { cookie: owner.cookie, id, bytes: await make() });
      expect(res.statusCode).toBe(status);
      expect(res.json().code).toBe('applications.document_invalid');
      expect(res.json().message).toMatch(message);
      expect(await storedDocumentCount(t)).toBe(before);
      const view = (await call(t, 'GET', `/applications/${id}`, owner.cookie)).json().application;
      expect(view.document).toBeNull();
    });
  }

  it('keeps a valid PDF encrypted at rest, with its page count and hash; downloads give back the same bytes', async () => {
    const id = (await call(t, 'POST', '/applications', owner.cookie, {})).json().application._id;
    const pdf = await samplePdf({ pages: 3 });
    const res = await uploadDocument(t, {
      cookie: owner.cookie,
      id,
      bytes: pdf,
      filename: 'Rent agreement (final).pdf',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().application.document).toMatchObject({
      fileName: 'Rent agreement (final).pdf',
      pages: 3,
      sizeBytes: pdf.length,
      sha256: createHash('sha256').update(pdf).digest('hex'),
    });
    const [row] = await t.db.select().from(applications).where(eq(applications.id, id));
    const key = row?.document?.key ?? '';
    // On disk the file is ciphertext: the PDF header is nowhere in it.
    const { readFile } = await import('node:fs/promises');
    const onDisk = await readFile(`${t.dataDir}/blobs/${key}`);
    expect(onDisk.includes(Buffer.from('%PDF-'))).toBe(false);

    const download = await call(t, 'GET', `/applications/${id}/document`, owner.cookie);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-security-policy']).toContain('sandbox');
    expect(download.rawPayload.equals(pdf)).toBe(true);
  });

  it('replacing the document removes the old file', async () => {
    const id = (await call(t, 'POST', '/applications', owner.cookie, {})).json().application._id;
    await uploadDocument(t, { cookie: owner.cookie, id, bytes: await samplePdf({ pages: 1 }) });
    const before = await storedDocumentCount(t);
    const replaced = await uploadDocument(t, {
      cookie: owner.cookie,
      id,
      bytes: await samplePdf({ pages: 2 }),
    });
    expect(replaced.json().application.document.pages).toBe(2);
    expect(await storedDocumentCount(t)).toBe(before);
  });

  it('an upload without a file is a clear 400', async () => {
    const id = (await call(t, 'POST', '/applications', owner.cookie, {})).json().application._id;
    const res = await call(t, 'PUT', `/applications/${id}/document`, owner.cookie, {});
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json().message).toBeTruthy();
  });
});

describe('input', () => {
  it('unknown fields are refused and nothing is saved', async () => {
    const id = (await call(t, 'POST', '/applications', owner.cookie, {})).json().application._id;
    const res = await call(t, 'PATCH', `/applications/${id}`, owner.cookie, {
      title: 'Affidavit',
      status: 'notarised',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('request.invalid');
    const view = (await call(t, 'GET', `/applications/${id}`, owner.cookie)).json().application;
    expect(view).toMatchObject({ title: null, status: 'draft' });
    expect((await call(t, 'POST', '/applications', owner.cookie, { ownerId: stranger.id })).statusCode).toBe(
      400,
    );
  });

  it('a fresh draft says what is missing, step by step, and quotes the fee', async () => {
    const created = await call(t, 'POST', '/applications', owner.cookie, {});
    expect(created.statusCode).toBe(201);
    const application = created.json().application;
    expect(application).toMatchObject({
      status: 'draft',
      viewerRole: 'owner',
      document: null,
      signatories: [],
    });
    expect(application.missing.map((m: { step: string }) => m.step)).toEqual([
      'document',
      'notary',
      'signatories',
      'details',
      'details',
      'details',
      'details',
      'details',
      'details',
    ]);
    expect(application.fee).toMatchObject({ isFinal: false, totalPaise: 29_900 + 5_382 + 20_000 });
    const events = (await call(t, 'GET', `/applications/${application._id}/events`, owner.cookie)).json()
      .events;
    expect(events).toEqual([
      expect.objectContaining({
        fromStatus: null,
        toStatus: 'draft',
        actorName: 'Asha Rao',
        actorRole: 'client',
      }),
    ]);
  });

  it('the OpenAPI document lists the application routes', async () => {
    const spec = (await t.app.inject({ url: '/api/v1/docs/json' })).json();
    for (const path of [
      '/api/v1/applications',
      '/api/v1/applications/{id}',
      '/api/v1/applications/{id}/document',
      '/api/v1/applications/{id}/events',
      '/api/v1/applications/{id}/submit',
    ])
      expect(spec.paths[path], path).toBeDefined();
  });
});
