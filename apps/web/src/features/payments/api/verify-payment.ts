import type { PaymentVerifyRequest, paymentVerifyResponse } from '@mohar/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /payments/verify — the gateway's signed success; the server checks the signature and records the payment. */
export const verifyPayment = (body: PaymentVerifyRequest) =>
  api.post<typeof paymentVerifyResponse>('/payments/verify', body);

export const useVerifyPayment = () => useMutation({ mutationFn: verifyPayment });
