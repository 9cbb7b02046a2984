import { directoryResponse } from '@mohar/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { type DirectoryState, directoryQuery } from '../lib/directory';

export const DIRECTORY_QUERY_KEY = ['notaries', 'directory'] as const;

/** GET /notaries — verified notaries who can take work, by search, government, language and "online now". */
export const getDirectory = (state: DirectoryState, signal?: AbortSignal) =>
  api.get(`/notaries${directoryQuery(state)}`, directoryResponse, signal);

export const directoryQueryOptions = (state: DirectoryState) =>
  queryOptions({
    queryKey: [...DIRECTORY_QUERY_KEY, state],
    queryFn: ({ signal }) => getDirectory(state, signal),
    placeholderData: keepPreviousData,
  });

export const useDirectory = (state: DirectoryState) => useQuery(directoryQueryOptions(state));
