import { api } from '@/lib/api-client';

/** GET /payments/:paymentId/invoice — the GST invoice of a paid fee, as a PDF (payer or admin). */
export const getInvoice = (paymentId: string) =>
  api.file(`/payments/${encodeURIComponent(paymentId)}/invoice`);
