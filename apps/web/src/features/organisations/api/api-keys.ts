import {
  type ApiKeyCreateRequest,
  type apiKeyCreatedResponse,
  apiKeyCreateRequest,
  type apiKeyListResponse,
  type messageResponse,
} from '@mohar/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ORGANISATIONS_QUERY_KEY } from './get-organisations';

export { apiKeyCreateRequest };

/** An organisation's API keys (decision 0070): owners and admins only. */
const keysKey = (organisationId: string) => [...ORGANISATIONS_QUERY_KEY, 'one', organisationId, 'api-keys'];
const keysUrl = (organisationId: string) => `/organisations/${encodeURIComponent(organisationId)}/api-keys`;

export const useApiKeys = (organisationId: string) =>
  useQuery({
    queryKey: keysKey(organisationId),
    queryFn: ({ signal }) => api.get<typeof apiKeyListResponse>(keysUrl(organisationId), signal),
  });

export function useCreateApiKey(organisationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ApiKeyCreateRequest) =>
      api.post<typeof apiKeyCreatedResponse>(keysUrl(organisationId), input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keysKey(organisationId) }),
  });
}

export function useRevokeApiKey(organisationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (keyId: string) =>
      api.post<typeof messageResponse>(`${keysUrl(organisationId)}/${encodeURIComponent(keyId)}/revoke`, {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keysKey(organisationId) }),
  });
}
