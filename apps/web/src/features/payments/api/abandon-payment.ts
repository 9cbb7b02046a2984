import type { paymentResponse } from '@mohar/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * POST /payments/orders/:orderId/abandon — the payer closed the gateway or it failed: the order is given up, any
 * wallet money set aside for it comes back, and the application can be paid again.
 */
export const abandonPayment = (options: { orderId: string; reason?: string }) =>
  api.post<typeof paymentResponse>(
    `/payments/orders/${encodeURIComponent(options.orderId)}/abandon`,
    options.reason ? { reason: options.reason.slice(0, 300) } : {},
  );

export const useAbandonPayment = () => useMutation({ mutationFn: abandonPayment });
