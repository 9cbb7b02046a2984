import { ACTING_AS_HEADER } from '@mohar/contracts';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationSignatories, applications, bulkImports } from '../../db/schema.ts';
import { API } from '../../testing/accounts.ts';
import { call, storedDocumentCount } from '../../testing/applications.ts';
import { type Builders, type BuiltUser, buildersFor, sampleDocument } from '../../testing/builders/index.ts';
import { createOrganisation, joinOrganisation } from '../../testing/organisations.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let build: Builders;
beforeAll(async () => {
  t = await createTestApp();
  build = buildersFor(t);
});
afterAll(() => t.close());

async function organisationWith(role?: 'admin' | 'member') {
  const owner = await build.user();
  const id = await createOrganisation(t, owner);
  if (!role) return { id, owner, person: owner };
  const person = await build.user();
  await joinOrganisation(t, id, owner, person, role);
  return { id, owner, person };
}

const HEADER = 'reference,title,signatory_name,email,mobile,date_of_birth,role';
const GOOD_CSV = [
  HEADER,
  'LOAN-1,Loan agreement — Priya,Priya Sharma,priya@example.in,9876543210,1990-04-12,executant',
  'LOAN-1,Loan agreement — Priya,Arjun Mehta,arjun@example.in,+91 98765 01234,03-11-1985,witness',
  '"LOAN-2","Loan agreement, Ravi",Ravi Kumar,ravi@example.in,9123456780,1978-01-25,',
].join('\r\n');

function multipart(files: Array<{ field: string; name: string; type: string; bytes: Buffer }>) {
  const boundary = `----moharbulk${Math.random().toString(16).slice(2)}`;
  const parts = files.map((f) =>
    Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.name}"\r\nContent-Type: ${f.type}\r\n\r\n`,
      ),
      f.bytes,
      Buffer.from('\r\n'),
    ]),
  );
  return {
    payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

async function upload(user: BuiltUser, organisationId: string, csv: string) {
  const body = multipart([
    { field: 'document', name: 'loan-agreement.pdf', type: 'application/pdf', bytes: await sampleDocument() },
    { field: 'signatories', name: 'signatories.csv', type: 'text/csv', bytes: Buffer.from(csv) },
  ]);
  return t.app.inject({
    method: 'POST',
    url: `${API}/organisations/${organisationId}/bulk-imports`,
    payload: body.payload,
    headers: { ...body.headers, cookie: user.cookie },
  });
}

const draftsOf = (organisationId: string) =>
  t.db.select().from(applications).where(eq(applications.organisationId, organisationId));

describe('bulk creation from a PDF and a CSV', () => {
  it('a CSV with one bad row creates nothing and reports the row, the column and the reason', async () => {
    const { id, person } = await organisationWith('member');
    const blobsBefore = await storedDocumentCount(t);
    const csv = `${GOOD_CSV}\r\nLOAN-3,Lease deed,Meena Rao,not-an-email,9988776655,2001-02-03,executant`;
    const res = await upload(person, id, csv);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'bulk.rows_invalid' });
    expect(res.json().details.issues).toEqual([
      { row: 5, column: 'email', reason: 'invalid', message: 'Enter a valid e-mail address.' },
    ]);
    expect(await draftsOf(id)).toEqual([]);
    expect(await t.db.select().from(bulkImports).where(eq(bulkImports.organisationId, id))).toEqual([]);
    expect(await storedDocumentCount(t)).toBe(blobsBefore);
  });

  it('reports every bad row at once: a minor, a missing mobile, and two titles for one reference', async () => {
    const { id, person } = await organisationWith();
    const csv = [
      HEADER,
      'A-1,Affidavit,Kiran Das,kiran@example.in,9876543210,2015-01-01,executant',
      'A-2,Affidavit,Lata Iyer,lata@example.in,,1980-01-01,executant',
      'A-2,Another title,Mohan Iyer,mohan@example.in,9876543211,1979-01-01,witness',
    ].join('\n');
    const res = await upload(person, id, csv);
    expect(res.statusCode).toBe(422);
    expect(
      res
        .json()
        .details.issues.map((i: { row: number; column: string; reason: string }) => [
          i.row,
          i.column,
          i.reason,
        ]),
    ).toEqual([
      [2, 'date_of_birth', 'under_age'],
      [3, 'mobile', 'missing'],
      [4, 'title', 'title_differs'],
    ]);
    expect(await draftsOf(id)).toEqual([]);
  });

  it('a good CSV creates the drafts with their signatories, for the organisation only, each with the PDF', async () => {
    const { id, person } = await organisationWith('member');
    const res = await upload(person, id, GOOD_CSV);
    expect(res.statusCode, res.body).toBe(201);
    const { bulkImport } = res.json();
    expect(bulkImport).toMatchObject({ organisationId: id, rowCount: 3, documentName: 'loan-agreement.pdf' });
    expect(bulkImport.applications).toMatchObject([
      { reference: 'LOAN-1', title: 'Loan agreement — Priya', signatoryCount: 2 },
      { reference: 'LOAN-2', title: 'Loan agreement, Ravi', signatoryCount: 1 },
    ]);
    const drafts = await draftsOf(id);
    expect(drafts).toHaveLength(2);
    for (const draft of drafts) {
      expect(draft).toMatchObject({ status: 'draft', ownerId: person.id, organisationId: id });
      expect(draft.document?.fileName).toBe('loan-agreement.pdf');
    }
    expect(new Set(drafts.map((d) => d.document?.key)).size).toBe(2);
    const signatories = await t.db
      .select()
      .from(applicationSignatories)
      .where(
        inArray(
          applicationSignatories.applicationId,
          drafts.map((d) => d.id),
        ),
      );
    // Mobile numbers are stored as +91 and their ten digits.
    const mobile = (tenDigits: string) => `+91${tenDigits.replace(/\D/g, '')}`;
    expect(signatories.map((s) => [s.fullName, s.email, s.mobile, s.dateOfBirth, s.role]).sort()).toEqual(
      [
        ['Arjun Mehta', 'arjun@example.in', mobile('98765 01234'), '1985-11-03', 'witness'],
        ['Priya Sharma', 'priya@example.in', mobile('98765 43210'), '1990-04-12', 'executant'],
        ['Ravi Kumar', 'ravi@example.in', mobile('91234 56780'), '1978-01-25', 'executant'],
      ].sort(),
    );
    // The creator sees the drafts while acting for the organisation, and not in their personal list.
    const acting = await t.app.inject({
      method: 'GET',
      url: `${API}/applications`,
      headers: { cookie: person.cookie, [ACTING_AS_HEADER]: id },
    });
    expect(
      acting
        .json()
        .applications.map((a: { _id: string }) => a._id)
        .sort(),
    ).toEqual(drafts.map((d) => d.id).sort());
    const personal = await call(t, 'GET', '/applications', person.cookie);
    expect(personal.json().applications).toEqual([]);
    // The result: for the creator and the organisation's owner.
    const url = `/organisations/${id}/bulk-imports/${bulkImport._id}`;
    expect((await call(t, 'GET', url, person.cookie)).json().bulkImport).toEqual(bulkImport);
  });

  it("another organisation's member gets 404 on the import and on its result; a colleague member too", async () => {
    const { id, owner, person } = await organisationWith('member');
    const created = (await upload(owner, id, GOOD_CSV)).json().bulkImport;
    const other = await organisationWith('member');
    for (const stranger of [other.owner, other.person]) {
      expect((await upload(stranger, id, GOOD_CSV)).statusCode).toBe(404);
      expect(
        (await call(t, 'GET', `/organisations/${id}/bulk-imports/${created._id}`, stranger.cookie))
          .statusCode,
      ).toBe(404);
      expect((await call(t, 'GET', `/organisations/${id}/bulk-imports`, stranger.cookie)).statusCode).toBe(
        404,
      );
      // Its own organisation's address does not reach another organisation's import either.
      expect(
        (await call(t, 'GET', `/organisations/${other.id}/bulk-imports/${created._id}`, stranger.cookie))
          .statusCode,
      ).toBe(404);
    }
    // A member sees their own imports only; the owner's is not theirs.
    expect(
      (await call(t, 'GET', `/organisations/${id}/bulk-imports/${created._id}`, person.cookie)).statusCode,
    ).toBe(404);
    expect((await call(t, 'GET', `/organisations/${id}/bulk-imports`, person.cookie)).json().imports).toEqual(
      [],
    );
    expect(
      (await call(t, 'GET', `/organisations/${id}/bulk-imports`, owner.cookie)).json().imports,
    ).toHaveLength(1);
    expect(await draftsOf(other.id)).toEqual([]);
  });

  it('refuses a file that is not a PDF, a missing CSV, a CSV without the columns, and too many rows', async () => {
    const { id, person } = await organisationWith();
    const notPdf = multipart([
      { field: 'document', name: 'a.pdf', type: 'application/pdf', bytes: Buffer.from('hello') },
      { field: 'signatories', name: 's.csv', type: 'text/csv', bytes: Buffer.from(GOOD_CSV) },
    ]);
    const refused = await t.app.inject({
      method: 'POST',
      url: `${API}/organisations/${id}/bulk-imports`,
      payload: notPdf.payload,
      headers: { ...notPdf.headers, cookie: person.cookie },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('applications.document_invalid');
    const onlyPdf = multipart([
      { field: 'document', name: 'a.pdf', type: 'application/pdf', bytes: await sampleDocument() },
    ]);
    const missing = await t.app.inject({
      method: 'POST',
      url: `${API}/organisations/${id}/bulk-imports`,
      payload: onlyPdf.payload,
      headers: { ...onlyPdf.headers, cookie: person.cookie },
    });
    expect(missing.json().code).toBe('bulk.files_missing');
    const noColumns = await upload(person, id, 'name,email\nPriya,priya@example.in');
    expect(noColumns.json().details.issues.map((i: { column: string }) => i.column)).toContain('reference');
    const rows = Array.from(
      { length: 501 },
      (_, i) => `R-${i},Title ${i},Name ${i},p${i}@example.in,9876543210,1990-01-01,`,
    );
    const tooMany = await upload(person, id, [HEADER, ...rows].join('\n'));
    expect(tooMany.json().details.issues).toMatchObject([{ row: 0, reason: 'too_many_rows' }]);
    expect(await draftsOf(id)).toEqual([]);
  });

  it('offers a CSV template with the columns the import reads', async () => {
    const user = await build.user();
    const res = await call(t, 'GET', '/bulk-imports/template.csv', user.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.body.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe(HEADER);
  });
});
