import { BULK_ERROR_CODES, type BulkRowIssue } from '@mohar/contracts';
import { AppError } from '../../platform/app-error.ts';

export const bulkErrors = {
  // Another organisation's import, a colleague's import seen by a member, and none at all answer alike.
  notFound: () =>
    new AppError({
      statusCode: 404,
      code: BULK_ERROR_CODES.notFound,
      message: 'This bulk import was not found.',
    }),
  rowsInvalid: (issues: BulkRowIssue[]) =>
    new AppError({
      statusCode: 422,
      code: BULK_ERROR_CODES.rowsInvalid,
      message: `The CSV has ${issues.length === 1 ? 'a problem' : `${issues.length} problems`}; nothing was created. Fix the rows listed and upload it again.`,
      details: { issues },
    }),
  filesMissing: () =>
    new AppError({
      statusCode: 400,
      code: BULK_ERROR_CODES.filesMissing,
      message:
        'Send the PDF (field “document”) and the CSV of signatories (field “signatories”, at most 1 MB).',
    }),
};
