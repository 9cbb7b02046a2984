import { directoryResponse } from '@mohar/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type NotarySearch = { search: string; language: string; onlineOnly: boolean; page: number };

export const NOTARY_PAGE_SIZE = 6;

/** GET /notaries's query for the picker's filters. */
export function directoryQueryOf(state: NotarySearch): string {
  const params = new URLSearchParams();
  if (state.search.trim()) params.set('search', state.search.trim());
  if (state.language) params.set('language', state.language);
  if (state.onlineOnly) params.set('onlineOnly', 'true');
  params.set('page', String(state.page));
  params.set('pageSize', String(NOTARY_PAGE_SIZE));
  return `?${params.toString()}`;
}

/** GET /notaries — verified notaries who can take work (the public directory), for picking one by name. */
export const getDirectory = (state: NotarySearch, signal?: AbortSignal) =>
  api.get(`/notaries${directoryQueryOf(state)}`, directoryResponse, signal);

export const directoryQueryOptions = (state: NotarySearch) =>
  queryOptions({
    queryKey: ['notaries', 'directory', 'picker', state],
    queryFn: ({ signal }) => getDirectory(state, signal),
    placeholderData: keepPreviousData,
  });

export const useDirectory = (state: NotarySearch, options: { enabled: boolean }) =>
  useQuery({ ...directoryQueryOptions(state), enabled: options.enabled });
