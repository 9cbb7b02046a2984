import { PDFDocument, rgb, StandardFonts } from '@cantoo/pdf-lib';
import type { RegisterEntry } from '@mohar/contracts';
import type { Database, DbOrTx } from '../../db/client.ts';
import type { EntryRow, NewRegisterEntry } from './register.repository.ts';
import * as repo from './register.repository.ts';

export type { NewRegisterEntry };

/**
 * Appends an entry with the notary's next serial number. Call inside the transaction that seals the document: the
 * counter row is locked by the UPDATE until that transaction ends, so concurrent acts queue, and a rollback takes
 * the serial back with the entry — the register never has a gap or a duplicate.
 */
export async function appendRegisterEntry(tx: DbOrTx, entry: NewRegisterEntry): Promise<EntryRow> {
  const serial = await repo.takeNextSerial(tx, entry.notaryId);
  return repo.insertEntry(tx, { ...entry, serial });
}

const toEntry = (row: EntryRow): RegisterEntry => ({
  _id: row.id,
  serial: row.serial,
  actDate: row.actDate,
  notarialAct: row.notarialAct,
  executantName: row.executantName,
  executantAddress: row.executantAddress,
  documentDescription: row.documentDescription,
  feeStamp: row.feeStamp,
  prescribedFeePaise: row.prescribedFeePaise,
  feeChargedPaise: row.feeChargedPaise,
  receiptSerial: row.receiptSerial,
  executantSignatureRef: row.executantSignatureRef,
  notarySignatureRef: row.notarySignatureRef,
  applicationId: row.applicationId,
  recordingSha256: row.recordingSha256,
  documentSha256Before: row.documentSha256Before,
  documentSha256After: row.documentSha256After,
});

/** Form XV's eleven columns, in order, then ours. */
export const REGISTER_COLUMNS: ReadonlyArray<{ header: string; value: (e: RegisterEntry) => string }> = [
  { header: 'Serial No.', value: (e) => String(e.serial) },
  { header: 'Date', value: (e) => e.actDate.split('-').reverse().join('/') },
  { header: 'Notarial act', value: (e) => e.notarialAct },
  { header: 'Name and full address of executant', value: (e) => `${e.executantName}, ${e.executantAddress}` },
  { header: 'Brief description of document', value: (e) => e.documentDescription },
  { header: 'Notarial fee stamp affixed', value: (e) => e.feeStamp ?? '' },
  { header: 'Prescribed fee (INR)', value: (e) => (e.prescribedFeePaise / 100).toFixed(2) },
  { header: 'Fee charged (INR)', value: (e) => (e.feeChargedPaise / 100).toFixed(2) },
  { header: 'Receipt serial No.', value: (e) => e.receiptSerial },
  { header: 'Signature/thumb impression of executant', value: (e) => e.executantSignatureRef ?? '' },
  { header: 'Signature of notary', value: (e) => e.notarySignatureRef ?? '' },
  { header: 'Application', value: (e) => e.applicationId ?? '' },
  { header: 'Recording SHA-256', value: (e) => e.recordingSha256 ?? '' },
  { header: 'Document SHA-256 before', value: (e) => e.documentSha256Before ?? '' },
  { header: 'Document SHA-256 after', value: (e) => e.documentSha256After ?? '' },
];

/** RFC 4180 quoting; a leading = + - @ is neutralised so a spreadsheet never runs a cell as a formula. */
function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function createRegisterService(deps: { db: Database }) {
  const { db } = deps;

  async function findEntries(options: {
    notaryId: string;
    from?: string;
    to?: string;
    limit?: number;
    offset?: number;
  }) {
    const { total, rows } = await repo.findEntries(db, options);
    return { total, entries: rows.map(toEntry) };
  }

  return {
    async list(options: { notaryId: string; from?: string; to?: string; page?: number; pageSize?: number }) {
      const page = options.page ?? 1;
      const pageSize = options.pageSize ?? 25;
      const { total, entries } = await findEntries({
        ...options,
        limit: pageSize,
        offset: (page - 1) * pageSize,
      });
      return { entries, totalPages: Math.max(1, Math.ceil(total / pageSize)), page };
    },

    async exportCsv(options: { notaryId: string; from?: string; to?: string }): Promise<string> {
      const { entries } = await findEntries(options);
      const lines = [REGISTER_COLUMNS.map((c) => csvCell(c.header)).join(',')];
      for (const entry of entries) lines.push(REGISTER_COLUMNS.map((c) => csvCell(c.value(entry))).join(','));
      // A BOM so spreadsheet programs read UTF-8 names correctly.
      return `\uFEFF${lines.join('\r\n')}\r\n`;
    },

    /** Landscape A4, Form XV's columns, the notary's name and the period on every page. */
    async exportPdf(options: {
      notaryId: string;
      notaryName: string;
      registrationNumber: string;
      from?: string;
      to?: string;
    }) {
      const { entries } = await findEntries(options);
      const pdf = await PDFDocument.create();
      pdf.setTitle(`Notarial register — ${options.notaryName}`);
      pdf.setCreator('Mohar');
      const font = await pdf.embedFont(StandardFonts.Helvetica);
      const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
      const columns = REGISTER_COLUMNS.slice(0, 11);
      const widths = [38, 52, 62, 120, 110, 50, 50, 50, 55, 70, 70];
      const pageSize: [number, number] = [842, 595];
      const margin = 24;
      // Standard PDF fonts are WinAnsi only: anything else becomes '?', so a name never breaks the export.
      const ascii = (v: string) => v.replace(/[^\x20-\x7E]/g, '?');
      const fit = (text: string, width: number, size: number) => {
        let out = ascii(text);
        while (out.length > 1 && font.widthOfTextAtSize(out, size) > width - 4)
          out = `${out.slice(0, -2)}…`.replace('…', '.');
        return out;
      };
      let page = pdf.addPage(pageSize);
      let y = 0;
      const header = () => {
        y = pageSize[1] - margin;
        page.drawText(
          ascii(
            `Register of notarial acts (Form XV) - ${options.notaryName}, Reg. No. ${options.registrationNumber}`,
          ),
          { x: margin, y, size: 11, font: bold },
        );
        y -= 14;
        const period =
          options.from || options.to
            ? `Period: ${options.from ?? 'start'} to ${options.to ?? 'today'}`
            : 'All entries';
        page.drawText(ascii(`${period}. Exported from Mohar.`), {
          x: margin,
          y,
          size: 8,
          font,
          color: rgb(0.3, 0.3, 0.3),
        });
        y -= 18;
        let x = margin;
        columns.forEach((column, i) => {
          page.drawText(fit(column.header, widths[i] ?? 50, 6.5), { x, y, size: 6.5, font: bold });
          x += widths[i] ?? 50;
        });
        y -= 10;
      };
      header();
      if (entries.length === 0)
        page.drawText('No notarial acts recorded in this period.', { x: margin, y: y - 10, size: 9, font });
      for (const entry of entries) {
        if (y < margin + 12) {
          page = pdf.addPage(pageSize);
          header();
        }
        let x = margin;
        columns.forEach((column, i) => {
          page.drawText(fit(column.value(entry), widths[i] ?? 50, 7), { x, y, size: 7, font });
          x += widths[i] ?? 50;
        });
        y -= 12;
      }
      return Buffer.from(await pdf.save());
    },
  };
}
export type RegisterService = ReturnType<typeof createRegisterService>;
