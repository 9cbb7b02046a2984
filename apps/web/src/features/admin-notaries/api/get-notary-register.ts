import type { registerResponse } from '@mohar/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminNotaryQueryKey } from './get-admin-notary';

/** GET /admin/notaries/:id/register — the notary's register (Form XV), a page at a time. */
export const getNotaryRegister = (options: { id: string; page: number }, signal?: AbortSignal) =>
  api.get<typeof registerResponse>(
    `/admin/notaries/${encodeURIComponent(options.id)}/register${options.page > 1 ? `?page=${options.page}` : ''}`,
    signal,
  );

export const notaryRegisterQueryOptions = (options: { id: string; page: number }) =>
  queryOptions({
    queryKey: [...adminNotaryQueryKey(options.id), 'register', options.page],
    queryFn: ({ signal }) => getNotaryRegister(options, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const useNotaryRegister = (options: { id: string; page: number }) =>
  useQuery(notaryRegisterQueryOptions(options));
