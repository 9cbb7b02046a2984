import { type NotarialAct, type RegisterEntry, registerExecutantText } from '@mohar/contracts';
import type { Database, DbOrTx } from '../../db/client.ts';
import { csvFile } from '../../platform/csv.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { ACT_TEMPLATES } from '../sealing/act-templates.ts';
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

/** The act in words, as the app and the certificate name it; an entry stored with a name already keeps it. */
export function actName(act: string): string {
  return ACT_TEMPLATES[act as NotarialAct]?.name ?? act;
}

/** Form XV's eleven columns, in order (with their width in the PDF, in points), then ours. */
export const REGISTER_COLUMNS: ReadonlyArray<{
  header: string;
  value: (e: RegisterEntry) => string;
  pdfWidth?: number;
}> = [
  { header: 'Serial No.', value: (e) => String(e.serial), pdfWidth: 34 },
  { header: 'Date', value: (e) => e.actDate.split('-').reverse().join('/'), pdfWidth: 48 },
  { header: 'Notarial act', value: (e) => actName(e.notarialAct), pdfWidth: 60 },
  {
    header: 'Name and full address of executant',
    value: registerExecutantText,
    pdfWidth: 138,
  },
  { header: 'Brief description of document', value: (e) => e.documentDescription, pdfWidth: 100 },
  { header: 'Notarial fee stamp affixed', value: (e) => e.feeStamp ?? '', pdfWidth: 56 },
  { header: 'Prescribed fee (INR)', value: (e) => (e.prescribedFeePaise / 100).toFixed(2), pdfWidth: 46 },
  { header: 'Fee charged (INR)', value: (e) => (e.feeChargedPaise / 100).toFixed(2), pdfWidth: 46 },
  { header: 'Receipt serial No.', value: (e) => e.receiptSerial, pdfWidth: 66 },
  {
    header: 'Signature/thumb impression of executant',
    value: (e) => e.executantSignatureRef ?? '',
    pdfWidth: 100,
  },
  { header: 'Signature of notary', value: (e) => e.notarySignatureRef ?? '', pdfWidth: 100 },
  { header: 'Application', value: (e) => e.applicationId ?? '' },
  { header: 'Recording SHA-256', value: (e) => e.recordingSha256 ?? '' },
  { header: 'Document SHA-256 before', value: (e) => e.documentSha256Before ?? '' },
  { header: 'Document SHA-256 after', value: (e) => e.documentSha256After ?? '' },
];

/** An admin reading a notary's register (their page in the console): the audit names the admin, not the notary. */
export type RegisterReader = { userId: string; ip: string | null };

export function createRegisterService(deps: { db: Database }) {
  const { db } = deps;

  /** Reading the register is itself audited (issue 22): which form, which period, from where. */
  async function findEntries(options: {
    notaryId: string;
    from?: string;
    to?: string;
    limit?: number;
    offset?: number;
    form: 'list' | 'csv' | 'pdf' | 'payouts';
    ip?: string | null;
    /** Who reads it when not the notary: a compliance admin on the notary's page. */
    reader?: RegisterReader;
  }) {
    const actor = options.reader
      ? { userId: options.reader.userId, role: 'admin' as const, ipAddress: options.reader.ip }
      : { userId: options.notaryId, role: 'notary' as const, ipAddress: options.ip ?? null };
    await recordAudit(db, {
      actor,
      action: 'register.read',
      subject: { type: 'register', id: options.notaryId },
      detail: `${options.form} ${options.from ?? 'start'} – ${options.to ?? 'today'}`,
    });
    const { total, rows } = await repo.findEntries(db, options);
    return { total, entries: rows.map(toEntry) };
  }

  return {
    async list(options: {
      notaryId: string;
      from?: string;
      to?: string;
      page?: number;
      pageSize?: number;
      ip?: string | null;
      reader?: RegisterReader;
    }) {
      const page = options.page ?? 1;
      const pageSize = options.pageSize ?? 25;
      const { total, entries } = await findEntries({
        ...options,
        form: 'list',
        limit: pageSize,
        offset: (page - 1) * pageSize,
      });
      return { entries, totalPages: Math.max(1, Math.ceil(total / pageSize)), page };
    },

    /** Every entry with an act date in the range (both ends included), in serial order: a payout statement's read. */
    between: async (options: { notaryId: string; from: string; to: string; reader?: RegisterReader }) =>
      (await findEntries({ ...options, form: 'payouts' })).entries,

    async exportCsv(options: {
      notaryId: string;
      from?: string;
      to?: string;
      ip?: string | null;
    }): Promise<string> {
      const { entries } = await findEntries({ ...options, form: 'csv' });
      return csvFile(
        REGISTER_COLUMNS.map((c) => c.header),
        entries.map((entry) => REGISTER_COLUMNS.map((c) => c.value(entry))),
      );
    },

    /** Landscape A4, Form XV's columns, the notary's name and the period on every page. */
    async exportPdf(options: {
      notaryId: string;
      notaryName: string;
      registrationNumber: string;
      from?: string;
      to?: string;
      ip?: string | null;
    }) {
      const { entries } = await findEntries({ ...options, form: 'pdf' });
      const columns = REGISTER_COLUMNS.filter((c) => c.pdfWidth !== undefined);
      const period =
        options.from || options.to
          ? `Period: ${options.from ?? 'start'} to ${options.to ?? 'today'}`
          : 'All entries';
      const { renderRegisterPdf } = await import('./register-pdf.ts');
      return renderRegisterPdf({
        documentTitle: `Notarial register — ${options.notaryName}`,
        title: `Register of notarial acts (Form XV) — ${options.notaryName}, Reg. No. ${options.registrationNumber}`,
        subtitle: `${period}. Exported from Mohar.`,
        emptyText: 'No notarial acts recorded in this period.',
        columns: columns.map((c) => ({ header: c.header, width: c.pdfWidth ?? 0 })),
        rows: entries.map((entry) => columns.map((c) => c.value(entry))),
      });
    },
  };
}
export type RegisterService = ReturnType<typeof createRegisterService>;
