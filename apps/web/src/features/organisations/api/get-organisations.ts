import type { organisationListResponse } from '@mohar/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * GET /organisations — the person's organisations and their role in each. Its own file with type-only contract
 * imports: the header's switcher loads it with the shell, which must not pull zod and the contracts in.
 */
export const ORGANISATIONS_QUERY_KEY = ['organisations'] as const;

export const organisationsQueryOptions = () =>
  queryOptions({
    queryKey: [...ORGANISATIONS_QUERY_KEY, 'mine'],
    queryFn: ({ signal }) => api.get<typeof organisationListResponse>('/organisations', signal),
    staleTime: 60_000,
  });

export const useOrganisations = (options: { enabled?: boolean } = {}) =>
  useQuery({ ...organisationsQueryOptions(), enabled: options.enabled ?? true });
