import type { CheckoutRequest, checkoutResponse } from '@mohar/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * POST /applications/:id/checkout — pays from the wallet, or opens a gateway order for the rest. The
 * `Idempotency-Key` names one attempt: a double click or a retry after a lost answer gets the same order back
 * instead of a second one.
 */
export const checkout = (options: { id: string; body: CheckoutRequest; idempotencyKey: string }) =>
  api.post<typeof checkoutResponse>(
    `/applications/${encodeURIComponent(options.id)}/checkout`,
    options.body,
    {
      headers: { 'Idempotency-Key': options.idempotencyKey },
    },
  );

export const useCheckout = () => useMutation({ mutationFn: checkout });
