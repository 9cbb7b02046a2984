import { registerQuery, type registerResponse } from '@mohar/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { type RegisterFilters, registerQueryString } from '../lib/register-format';

export { registerQuery };

export const REGISTER_QUERY_KEY = ['notary', 'register'] as const;

/** GET /notary/register — the notary's Form XV entries by date, a page at a time. */
export const getRegister = (options: RegisterFilters & { page: number }, signal?: AbortSignal) =>
  api.get<typeof registerResponse>(`/notary/register${registerQueryString(options)}`, signal);

export const registerQueryOptions = (options: RegisterFilters & { page: number }) =>
  queryOptions({
    queryKey: [...REGISTER_QUERY_KEY, options],
    queryFn: ({ signal }) => getRegister(options, signal),
    placeholderData: keepPreviousData,
  });

export const useRegister = (options: RegisterFilters & { page: number }) =>
  useQuery(registerQueryOptions(options));
