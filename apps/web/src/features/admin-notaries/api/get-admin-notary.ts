import type { NotaryDocumentKind, notaryProfileResponse } from '@mohar/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client';
import { ADMIN_NOTARIES_QUERY_KEY } from './get-admin-notaries';

export const adminNotaryQueryKey = (id: string) => [...ADMIN_NOTARIES_QUERY_KEY, 'detail', id] as const;

/** GET /admin/notaries/:id — one application, with its e-mail. */
export const getAdminNotary = async (id: string, signal?: AbortSignal) =>
  (await api.get<typeof notaryProfileResponse>(`/admin/notaries/${encodeURIComponent(id)}`, signal)).notary;

/** GET /admin/notaries/:id/documents/:kind — the API path of one of its files (shown via DocumentPreview). */
export const adminDocumentPath = (options: { id: string; kind: NotaryDocumentKind }) =>
  `/admin/notaries/${encodeURIComponent(options.id)}/documents/${options.kind}`;

export const adminNotaryQueryOptions = (id: string) =>
  queryOptions({
    queryKey: adminNotaryQueryKey(id),
    queryFn: ({ signal }) => getAdminNotary(id, signal),
    staleTime: 0,
    // A missing or malformed id will not appear by asking again.
    retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 1,
  });

export const useAdminNotary = (id: string) => useQuery(adminNotaryQueryOptions(id));
