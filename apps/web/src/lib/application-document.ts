import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';
import { applicationDocumentPath } from './application';
import { APPLICATIONS_QUERY_KEY } from './query-keys';

/**
 * The PDF's bytes, keyed by its fingerprint: a given SHA-256 is always the same file, so it is never refetched,
 * and a replaced upload is a new key. Kept apart from the application's key so refreshing the application does
 * not download the file again. The wizard and the view share it.
 */
const applicationDocumentQueryKey = (options: { id: string; sha256: string }) =>
  [...APPLICATIONS_QUERY_KEY, 'document', options.id, options.sha256] as const;

/** GET /applications/:id/document — the private PDF (owner, the assigned notary, admins). */
export const getApplicationDocument = (id: string, signal?: AbortSignal) =>
  api.file(applicationDocumentPath(id), signal);

export const applicationDocumentQueryOptions = (options: { id: string; sha256: string }) =>
  queryOptions({
    queryKey: applicationDocumentQueryKey(options),
    queryFn: ({ signal }) => getApplicationDocument(options.id, signal),
    staleTime: Number.POSITIVE_INFINITY,
    // Up to 25 MB: let it go soon after the preview closes.
    gcTime: 60_000,
  });

export const useApplicationDocument = (options: { id: string; sha256: string; enabled?: boolean }) =>
  useQuery({ ...applicationDocumentQueryOptions(options), enabled: options.enabled ?? true });

/** A file just uploaded is already here: the preview shows it without downloading it back. */
export function primeApplicationDocument(
  queryClient: QueryClient,
  options: { id: string; sha256: string; file: Blob },
) {
  queryClient.setQueryData(applicationDocumentQueryKey(options), options.file);
}
