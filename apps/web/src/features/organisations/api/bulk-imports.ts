import type { bulkImportListResponse, bulkImportResponse } from '@mohar/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';
import { ORGANISATIONS_QUERY_KEY } from './get-organisations';

/** Bulk creation of the organisation's drafts (decision 0074). */
const importsKey = (organisationId: string) =>
  [...ORGANISATIONS_QUERY_KEY, 'one', organisationId, 'bulk-imports'] as const;
const base = (organisationId: string) => `/organisations/${encodeURIComponent(organisationId)}/bulk-imports`;

export const useBulkImports = (organisationId: string) =>
  useQuery({
    queryKey: importsKey(organisationId),
    queryFn: ({ signal }) => api.get<typeof bulkImportListResponse>(base(organisationId), signal),
  });

/** The PDF and the CSV in one multipart request; all drafts are made, or none (the row report in the error). */
export function useCreateBulkImport(organisationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { document: File; signatories: File }) => {
      const form = new FormData();
      form.append('document', input.document);
      form.append('signatories', input.signatories);
      return api.upload<typeof bulkImportResponse>(base(organisationId), form, 'POST');
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: importsKey(organisationId) }),
  });
}

/** The CSV template, fetched with the session and handed to the browser's download. */
export async function downloadBulkTemplate() {
  const blob = await api.file('/bulk-imports/template.csv');
  saveFile({ blob, fileName: 'mohar-bulk-signatories.csv' });
}
