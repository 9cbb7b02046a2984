import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { applicationDocumentPath } from '@/lib/application';

// Apart from the application's own key: refreshing the application must not download the PDF again.
const documentQueryKey = (id: string, sha256: string) => ['application-document', id, sha256] as const;

/** GET /applications/:id/document — the uploaded PDF, for the preview; one version per content hash. */
export const documentQueryOptions = (options: { id: string; sha256: string }) =>
  queryOptions({
    queryKey: documentQueryKey(options.id, options.sha256),
    queryFn: ({ signal }) => api.file(applicationDocumentPath(options.id), signal),
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useApplicationDocument(options: { id: string; sha256: string | null }) {
  return useQuery({
    ...documentQueryOptions({ id: options.id, sha256: options.sha256 ?? '' }),
    enabled: options.sha256 !== null,
  });
}

/** A file just uploaded is already here: the preview shows it without downloading it back. */
export function primeDocument(queryClient: QueryClient, options: { id: string; sha256: string; file: Blob }) {
  queryClient.setQueryData(documentQueryKey(options.id, options.sha256), options.file);
}
