import {
  type messageResponse,
  type WebhookEndpointRequest,
  type webhookDeliveriesResponse,
  type webhookDeliveryResponse,
  webhookEndpointRequest,
  type webhookEndpointsResponse,
  type webhookSecretResponse,
} from '@mohar/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ORGANISATIONS_QUERY_KEY } from './get-organisations';

export { webhookEndpointRequest };

/** The organisation's webhooks (decision 0071): owners and admins only. */
const webhooksKey = (organisationId: string) =>
  [...ORGANISATIONS_QUERY_KEY, 'one', organisationId, 'webhooks'] as const;
const base = (organisationId: string) => `/organisations/${encodeURIComponent(organisationId)}/webhooks`;
const endpointUrl = (organisationId: string, endpointId: string) =>
  `${base(organisationId)}/${encodeURIComponent(endpointId)}`;

export const useWebhookEndpoints = (organisationId: string) =>
  useQuery({
    queryKey: webhooksKey(organisationId),
    queryFn: ({ signal }) => api.get<typeof webhookEndpointsResponse>(base(organisationId), signal),
  });

/** The endpoint's delivery log, asked for when opened; kept fresh while pending deliveries are being retried. */
export const useWebhookDeliveries = (organisationId: string, endpointId: string) =>
  useQuery({
    queryKey: [...webhooksKey(organisationId), endpointId, 'deliveries'],
    queryFn: ({ signal }) =>
      api.get<typeof webhookDeliveriesResponse>(
        `${endpointUrl(organisationId, endpointId)}/deliveries`,
        signal,
      ),
    staleTime: 0,
  });

function useRefresh(organisationId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: webhooksKey(organisationId) });
}

export function useAddWebhookEndpoint(organisationId: string) {
  const refresh = useRefresh(organisationId);
  return useMutation({
    mutationFn: (input: WebhookEndpointRequest) =>
      api.post<typeof webhookSecretResponse>(base(organisationId), input),
    onSuccess: refresh,
  });
}

export function useRotateWebhookSecret(organisationId: string) {
  const refresh = useRefresh(organisationId);
  return useMutation({
    mutationFn: (endpointId: string) =>
      api.post<typeof webhookSecretResponse>(`${endpointUrl(organisationId, endpointId)}/rotate`, {}),
    onSuccess: refresh,
  });
}

export function useDeleteWebhookEndpoint(organisationId: string) {
  const refresh = useRefresh(organisationId);
  return useMutation({
    mutationFn: (endpointId: string) =>
      api.delete<typeof messageResponse>(endpointUrl(organisationId, endpointId)),
    onSuccess: refresh,
  });
}

export function useRedeliver(organisationId: string, endpointId: string) {
  const refresh = useRefresh(organisationId);
  return useMutation({
    mutationFn: (deliveryId: string) =>
      api.post<typeof webhookDeliveryResponse>(
        `${endpointUrl(organisationId, endpointId)}/deliveries/${encodeURIComponent(deliveryId)}/redeliver`,
        {},
      ),
    onSuccess: refresh,
  });
}
