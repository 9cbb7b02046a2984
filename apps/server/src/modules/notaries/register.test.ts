// @engine: gap-free serials from a locked counter row; the register's append-only trigger
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from '@cantoo/pdf-lib';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notaryRegisterEntries } from '../../db/schema.ts';
import { API } from '../../testing/accounts.ts';
import { type Builders, buildersFor } from '../../testing/builders/index.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { appendRegisterEntry, type NewRegisterEntry, REGISTER_COLUMNS } from './register.service.ts';

let t: TestApp;
let build: Builders;
beforeAll(async () => {
  t = await createTestApp();
  build = buildersFor(t);
});

/** A notary with every onboarding step done (not yet submitted). */
const completeNotary = () => build.notary({ status: 'draft' });
afterAll(() => t.close());

const entry = (notaryId: string, overrides: Partial<NewRegisterEntry> = {}): NewRegisterEntry => ({
  notaryId,
  actDate: '2026-11-20',
  notarialAct: 'Attestation of execution',
  executantName: 'Sunita Devi',
  executantAddress: '14 Lajpat Nagar, New Delhi 110024',
  documentDescription: 'Rent agreement, 4 pages',
  feeStamp: 'Rs 10 notarial stamp',
  prescribedFeePaise: 20_000,
  feeChargedPaise: 20_000,
  receiptSerial: 'MOH-RCPT-0001',
  ...overrides,
});

describe('the notarial register', () => {
  it('numbers entries 1, 2, 3… per notary with no gap or duplicate, even when acts are recorded at once', {
    tags: ['engine'],
  }, async () => {
    const a = await completeNotary();
    const b = await completeNotary();
    await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        t.db.transaction((tx) =>
          appendRegisterEntry(tx, entry(i % 3 === 0 ? b.id : a.id, { receiptSerial: `R-${i}` })),
        ),
      ),
    );
    // A failed sealing transaction gives its serial back.
    await expect(
      t.db.transaction(async (tx) => {
        await appendRegisterEntry(tx, entry(a.id, { receiptSerial: 'rolled back' }));
        throw new Error('sealing failed');
      }),
    ).rejects.toThrow('sealing failed');
    await t.db.transaction((tx) => appendRegisterEntry(tx, entry(a.id, { receiptSerial: 'after rollback' })));

    const serialsOf = async (notaryId: string) =>
      (await t.db.select().from(notaryRegisterEntries).where(eq(notaryRegisterEntries.notaryId, notaryId)))
        .map((r) => r.serial)
        .sort((x, y) => x - y);
    expect(await serialsOf(a.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(await serialsOf(b.id)).toEqual([1, 2, 3, 4]);
  });

  it('cannot be changed or deleted, by any query', { tags: ['engine'] }, async () => {
    const notary = await completeNotary();
    const row = await t.db.transaction((tx) => appendRegisterEntry(tx, entry(notary.id)));
    await expect(
      t.db
        .update(notaryRegisterEntries)
        .set({ feeChargedPaise: 1 })
        .where(eq(notaryRegisterEntries.id, row.id)),
    ).rejects.toThrow();
    await expect(
      t.db.delete(notaryRegisterEntries).where(eq(notaryRegisterEntries.id, row.id)),
    ).rejects.toThrow();
    await expect(t.db.execute(sql`truncate notary_register_entries`)).rejects.toThrow();
    const [still] = await t.db
      .select()
      .from(notaryRegisterEntries)
      .where(eq(notaryRegisterEntries.id, row.id));
    expect(still?.feeChargedPaise).toBe(20_000);
  });

  it('shows the notary their own entries by date, with an empty state, and exports CSV and PDF', async () => {
    const notary = await completeNotary();
    const empty = await t.app.inject({ url: `${API}/notary/register`, headers: { cookie: notary.cookie } });
    expect(empty.json()).toEqual({ entries: [], totalPages: 1, page: 1 });

    await t.db.transaction(async (tx) => {
      await appendRegisterEntry(
        tx,
        entry(notary.id, { actDate: '2026-10-01', executantName: '=HYPERLINK("x")' }),
      );
      await appendRegisterEntry(
        tx,
        entry(notary.id, { actDate: '2026-11-05', executantName: 'Arjun "AJ" Rao' }),
      );
    });
    const november = await t.app.inject({
      url: `${API}/notary/register?from=2026-11-01&to=2026-11-30`,
      headers: { cookie: notary.cookie },
    });
    expect(november.json().entries.map((e: { serial: number }) => e.serial)).toEqual([2]);

    const csv = await t.app.inject({
      url: `${API}/notary/register/export.csv`,
      headers: { cookie: notary.cookie },
    });
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="notarial-register.csv"');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toMatch(/^Serial No\.,Date,Notarial act,Name and full address of executant,/);
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(/^1,01\/10\/2026,Attestation of execution,"'=HYPERLINK\(""x""\)/);
    expect(lines[2]).toContain('"Arjun ""AJ"" Rao, 14 Lajpat Nagar');

    const pdf = await t.app.inject({
      url: `${API}/notary/register/export.pdf`,
      headers: { cookie: notary.cookie },
    });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const doc = await PDFDocument.load(pdf.rawPayload);
    expect(doc.getPageCount()).toBe(1);
    expect(doc.getTitle()).toContain('Notarial register');
  });

  it('prints every Form XV column in full in the PDF (wrapped, never cut) and names acts and addresses in the CSV', async () => {
    const notary = await completeNotary();
    const long = entry(notary.id, {
      notarialAct: 'affidavit_oath',
      executantName: 'Priya Menon Ramakrishnan Subramaniam; Venkataraghavan Srinivasan',
      executantAddress:
        'Priya Menon Ramakrishnan Subramaniam: Flat 1204, Tower B, Prestige Shantiniketan, Whitefield Main Road, Bengaluru, Karnataka 560066; Venkataraghavan Srinivasan: 7 Old Mahabalipuram Road, Sholinganallur, Chennai 600119',
      documentDescription:
        'Affidavit for change of name after marriage, with the gazette notification annexed',
      feeStamp: 'Notarial stamp Rs 10, serial NS-2026-0044812',
      prescribedFeePaise: 123_456,
      feeChargedPaise: 118_000,
      receiptSerial: 'MOH/2026-27/000123',
      executantSignatureRef:
        'Priya Menon Ramakrishnan Subramaniam: e-signature (drawn) 23 Nov 2026 14:05 IST, image SHA-256 1a2b3c4d5e6f7a8b',
      notarySignatureRef:
        'Ravi Shankar Iyer: PAdES digital signature, certificate serial 4f3a2b1c0d9e8f7a6b5c (issued by Mohar Platform CA); verification code K7Q29XMAD3',
    });
    await t.db.transaction((tx) => appendRegisterEntry(tx, long));

    const pdf = await t.app.inject({
      url: `${API}/notary/register/export.pdf`,
      headers: { cookie: notary.cookie },
    });
    expect(pdf.statusCode).toBe(200);
    const file = join(mkdtempSync(join(tmpdir(), 'register-')), 'register.pdf');
    writeFileSync(file, pdf.rawPayload);
    const layout = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    // Nothing is cut: no ellipsis, and every word of every header and cell is on the page (a word too long for its
    // column breaks only after a '/' or '-', so its pieces are).
    expect(layout).not.toMatch(/…|\.\.\./);
    const [listed] = (
      await t.app.inject({ url: `${API}/notary/register`, headers: { cookie: notary.cookie } })
    ).json().entries;
    const form = REGISTER_COLUMNS.slice(0, 11);
    for (const column of form)
      for (const text of [column.header, column.value(listed)])
        for (const word of text.split(/\s+/).filter(Boolean))
          for (const piece of word.split(/(?<=[/-])/))
            expect(layout, `${column.header}: ${word}`).toContain(piece);
    // Read in drawing order, each header and cell is there whole, line breaks aside.
    const raw = execFileSync('pdftotext', ['-raw', file, '-'], { encoding: 'utf8' });
    const joined = raw.replace(/\s+/g, '');
    for (const column of form) {
      expect(joined).toContain(column.header.replace(/\s+/g, ''));
      expect(joined).toContain(column.value(listed).replace(/\s+/g, ''));
    }
    expect(layout).toContain('Affidavit / oath');
    // Two executants: each named once, with their own address.
    expect(REGISTER_COLUMNS[3]?.value(listed)).toBe(long.executantAddress);
    expect(layout).toContain('1234.56');

    const csv = await t.app.inject({
      url: `${API}/notary/register/export.csv`,
      headers: { cookie: notary.cookie },
    });
    expect(csv.body).not.toContain('affidavit_oath');
    expect(csv.body).toContain(',Affidavit / oath,');
    expect(csv.body).toContain('Whitefield Main Road, Bengaluru, Karnataka 560066');
    expect(csv.body).toContain('certificate serial 4f3a2b1c0d9e8f7a6b5c');

    // Rows that do not fit start a new page, under the headers again; no row is split.
    await t.db.transaction(async (tx) => {
      for (let i = 0; i < 12; i += 1)
        await appendRegisterEntry(tx, { ...long, receiptSerial: `MOH/2026-27/${900 + i}` });
    });
    const many = await t.app.inject({
      url: `${API}/notary/register/export.pdf`,
      headers: { cookie: notary.cookie },
    });
    writeFileSync(file, many.rawPayload);
    const pages = (await PDFDocument.load(many.rawPayload)).getPageCount();
    expect(pages).toBeGreaterThan(1);
    for (let page = 1; page <= pages; page += 1) {
      const text = execFileSync('pdftotext', ['-f', String(page), '-l', String(page), '-raw', file, '-'], {
        encoding: 'utf8',
      }).replace(/\s+/g, '');
      expect(text).toContain('Signatureofnotary');
    }
    const all = execFileSync('pdftotext', ['-raw', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, '');
    for (let i = 0; i < 12; i += 1) expect(all).toContain(`MOH/2026-27/${900 + i}`);
  });

  it('is the notary’s own: nobody else can read it', async () => {
    const client = (await build.user()).cookie;
    expect(
      (await t.app.inject({ url: `${API}/notary/register`, headers: { cookie: client } })).statusCode,
    ).toBe(403);
    expect((await t.app.inject({ url: `${API}/notary/register/export.csv` })).statusCode).toBe(401);
  });
});
