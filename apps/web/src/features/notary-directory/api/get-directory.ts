import type { directoryResponse } from '@mohar/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { type DirectoryRequest, directoryQuery } from '../lib/directory';

export type { DirectoryRequest };

export const DIRECTORY_QUERY_KEY = ['notaries', 'directory'] as const;

/**
 * GET /notaries — verified notaries who can take work, by search, government, language and "online now". The public
 * directory and the wizard's notary picker both ask through here.
 */
export const getDirectory = (request: DirectoryRequest, signal?: AbortSignal) =>
  api.get<typeof directoryResponse>(`/notaries${directoryQuery(request)}`, signal);

export const directoryQueryOptions = (request: DirectoryRequest) =>
  queryOptions({
    queryKey: [...DIRECTORY_QUERY_KEY, request],
    queryFn: ({ signal }) => getDirectory(request, signal),
    placeholderData: keepPreviousData,
  });

export const useDirectory = (request: DirectoryRequest, options: { enabled?: boolean } = {}) =>
  useQuery({ ...directoryQueryOptions(request), enabled: options.enabled ?? true });
