import type { applicationPaymentResponse } from '@mohar/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client';
import { applicationPaymentQueryKey } from '@/lib/query-keys';

/** GET /applications/:id/payment — the fee, the payer's wallet, every payment attempt, the refund and whether one may be asked. */
export const getApplicationPayment = (id: string, signal?: AbortSignal) =>
  api.get<typeof applicationPaymentResponse>(`/applications/${encodeURIComponent(id)}/payment`, signal);

export const applicationPaymentQueryOptions = (id: string) =>
  queryOptions({
    queryKey: applicationPaymentQueryKey(id),
    queryFn: ({ signal }) => getApplicationPayment(id, signal),
    // Money: read again whenever a screen showing it opens (a refund may have been decided meanwhile).
    staleTime: 0,
    // A 404 (not the caller's) will not change on a second try.
    retry: (failureCount, error) =>
      failureCount < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
  });

export const useApplicationPayment = (id: string, options?: { enabled?: boolean }) =>
  useQuery({ ...applicationPaymentQueryOptions(id), enabled: options?.enabled ?? true });
