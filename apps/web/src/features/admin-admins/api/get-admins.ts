import type { adminMembersResponse } from '@mohar/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const ADMINS_QUERY_KEY = ['admin', 'admins'] as const;

/** GET /admin/admins — every admin with their roles (the owner's screen). */
export const getAdmins = (signal?: AbortSignal) =>
  api.get<typeof adminMembersResponse>('/admin/admins', signal);

export const adminsQueryOptions = () =>
  queryOptions({ queryKey: ADMINS_QUERY_KEY, queryFn: ({ signal }) => getAdmins(signal), staleTime: 0 });

export const useAdmins = () => useQuery(adminsQueryOptions());
