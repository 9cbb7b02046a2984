import { z } from 'zod/mini';

/**
 * Bulk creation of an organisation's drafts (issue 25, decision 0074): one PDF and a CSV of signatories. Rows sharing a
 * `reference` make one application with several signatories. Nothing is created unless every row is good.
 */
export const BULK_LIMITS = { rows: 500, csvBytes: 1024 * 1024, applications: 100 } as const;

/** The CSV's columns, in the template's order; the header row must name each (any order, case-insensitive). */
export const BULK_COLUMNS = [
  'reference',
  'title',
  'signatory_name',
  'email',
  'mobile',
  'date_of_birth',
  'role',
] as const;
export type BulkColumn = (typeof BULK_COLUMNS)[number];

/**
 * Why a row (or the file) was refused; the web app names each in the reader's language (`bulk.reasons.*`), the
 * English `message` is the fallback for API callers.
 */
export const BULK_ROW_REASONS = [
  'missing',
  'invalid',
  'too_long',
  'under_age',
  'duplicate_email',
  'too_many_signatories',
  'title_differs',
  'missing_columns',
  'too_many_rows',
  'too_many_applications',
  'empty',
] as const;
export type BulkRowReason = (typeof BULK_ROW_REASONS)[number];

export const bulkRowIssue = z.object({
  /** The CSV line's number as a spreadsheet shows it (the header is row 1); 0 for the file as a whole. */
  row: z.number(),
  column: z.nullable(z.string()),
  reason: z.enum(BULK_ROW_REASONS),
  message: z.string(),
});
export type BulkRowIssue = z.infer<typeof bulkRowIssue>;

export const bulkImportApplication = z.object({
  _id: z.string(),
  reference: z.string(),
  title: z.string(),
  signatoryCount: z.number(),
});

export const bulkImport = z.object({
  _id: z.string(),
  organisationId: z.string(),
  createdByName: z.string(),
  documentName: z.string(),
  rowCount: z.number(),
  applications: z.array(bulkImportApplication),
  createdAt: z.string(),
});
export type BulkImport = z.infer<typeof bulkImport>;

export const bulkImportResponse = z.object({ bulkImport });
export const bulkImportListResponse = z.object({ imports: z.array(bulkImport) });
export const bulkImportParams = z.strictObject({ id: z.string(), importId: z.string() });
