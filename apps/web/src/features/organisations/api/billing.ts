import type {
  billingOverview,
  checkoutResponse,
  OrganisationPaymentSource,
  organisationInvoicesResponse,
  organisationPaymentOptions,
  subscribeResponse,
} from '@mohar/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ORGANISATIONS_QUERY_KEY } from './get-organisations';

/** Plans, the trial, subscriptions and invoices of an organisation (decision 0073). */
const billingKey = (id: string) => [...ORGANISATIONS_QUERY_KEY, 'one', id, 'billing'] as const;
const path = (id: string) => `/organisations/${encodeURIComponent(id)}`;

export const useBillingOverview = (organisationId: string) =>
  useQuery({
    queryKey: billingKey(organisationId),
    queryFn: ({ signal }) => api.get<typeof billingOverview>(`${path(organisationId)}/billing`, signal),
  });

/** Owners and admins only (a member's read is refused, and not asked for). */
export const useInvoices = (organisationId: string, enabled: boolean) =>
  useQuery({
    queryKey: [...billingKey(organisationId), 'invoices'],
    queryFn: ({ signal }) =>
      api.get<typeof organisationInvoicesResponse>(`${path(organisationId)}/invoices`, signal),
    enabled,
  });

export const getInvoiceFile = (organisationId: string, invoiceId: string) =>
  api.file(`${path(organisationId)}/invoices/${encodeURIComponent(invoiceId)}/download`);

export function useSubscribe(organisationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (planCode: string) =>
      api.post<typeof subscribeResponse>(`${path(organisationId)}/subscription`, { planCode }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingKey(organisationId) }),
  });
}

// ── The checkout step of an organisation's application ─────────────────────────────────────────────────────────────

const optionsKey = (applicationId: string) => ['organisation-payment', applicationId] as const;

export const useOrganisationPaymentOptions = (applicationId: string, enabled: boolean) =>
  useQuery({
    queryKey: optionsKey(applicationId),
    queryFn: ({ signal }) =>
      api.get<typeof organisationPaymentOptions>(
        `/applications/${encodeURIComponent(applicationId)}/organisation-payment`,
        signal,
      ),
    enabled,
    retry: false,
  });

export function usePayForOrganisation(applicationId: string) {
  return useMutation({
    mutationFn: (source: OrganisationPaymentSource) =>
      api.post<typeof checkoutResponse>(
        `/applications/${encodeURIComponent(applicationId)}/organisation-payment`,
        {
          source,
        },
      ),
  });
}
