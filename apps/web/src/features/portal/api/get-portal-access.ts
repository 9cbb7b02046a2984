import type { portalAccessResponse } from '@mohar/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const portalAccessQueryKey = (token: string) => ['portal', 'access', token] as const;

/** GET /access/:token — the application as this signatory sees it. The link is the credential: no session. */
export const getPortalAccess = (token: string, signal?: AbortSignal) =>
  api.get<typeof portalAccessResponse>(`/access/${encodeURIComponent(token)}`, signal);

export const portalAccessQueryOptions = (token: string) =>
  queryOptions({
    queryKey: portalAccessQueryKey(token),
    queryFn: ({ signal }) => getPortalAccess(token, signal),
    staleTime: 0,
    // Others move on while the page is open, and a signatory comes back from the mail app with the code: show it.
    refetchOnWindowFocus: true,
  });

export const usePortalAccess = (token: string) => useQuery(portalAccessQueryOptions(token));
