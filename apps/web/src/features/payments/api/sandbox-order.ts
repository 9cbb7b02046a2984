import type { sandboxCompleteResponse, sandboxOrderResponse } from '@mohar/contracts';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client';

export const sandboxOrderQueryKey = (orderId: string) => ['payments', 'sandbox-order', orderId] as const;

/** GET /payments/sandbox/orders/:orderId — what the pretend gateway shows (payer only). */
export const getSandboxOrder = (orderId: string, signal?: AbortSignal) =>
  api.get<typeof sandboxOrderResponse>(`/payments/sandbox/orders/${encodeURIComponent(orderId)}`, signal);

export const sandboxOrderQueryOptions = (orderId: string) =>
  queryOptions({
    queryKey: sandboxOrderQueryKey(orderId),
    queryFn: ({ signal }) => getSandboxOrder(orderId, signal),
    staleTime: 0,
    retry: (failureCount, error) =>
      failureCount < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
  });

export const useSandboxOrder = (orderId: string) => useQuery(sandboxOrderQueryOptions(orderId));

/**
 * POST /payments/sandbox/orders/:orderId/complete — the sandbox plays the gateway: success returns the signed
 * fields Razorpay would hand its handler; failure returns Razorpay's failure shape.
 */
export const completeSandboxOrder = (options: { orderId: string; outcome: 'success' | 'failure' }) =>
  api.post<typeof sandboxCompleteResponse>(
    `/payments/sandbox/orders/${encodeURIComponent(options.orderId)}/complete`,
    { outcome: options.outcome },
  );

export const useCompleteSandboxOrder = () => useMutation({ mutationFn: completeSandboxOrder });
