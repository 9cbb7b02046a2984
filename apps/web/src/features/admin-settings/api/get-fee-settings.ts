import type { feeSettingsResponse } from '@mohar/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const FEE_SETTINGS_QUERY_KEY = ['admin', 'fee-settings'] as const;

/** GET /admin/fee-settings — the fees in force and every earlier version, newest first. */
export const getFeeSettings = (signal?: AbortSignal) =>
  api.get<typeof feeSettingsResponse>('/admin/fee-settings', signal);

export const feeSettingsQueryOptions = () =>
  queryOptions({
    queryKey: FEE_SETTINGS_QUERY_KEY,
    queryFn: ({ signal }) => getFeeSettings(signal),
    // Another admin may have changed them: never edit from a stale copy.
    staleTime: 0,
  });

export const useFeeSettings = () => useQuery(feeSettingsQueryOptions());
