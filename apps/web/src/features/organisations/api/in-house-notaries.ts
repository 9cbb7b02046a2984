import {
  type InHouseNotaryInviteRequest,
  type inHouseNotariesResponse,
  inHouseNotaryInviteRequest,
} from '@mohar/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ORGANISATIONS_QUERY_KEY } from './get-organisations';

export { inHouseNotaryInviteRequest };

/** The organisation's in-house notaries (decision 0074). */
const notariesKey = (organisationId: string) =>
  [...ORGANISATIONS_QUERY_KEY, 'one', organisationId, 'notaries'] as const;
const base = (organisationId: string) => `/organisations/${encodeURIComponent(organisationId)}/notaries`;

export const useInHouseNotaries = (organisationId: string) =>
  useQuery({
    queryKey: notariesKey(organisationId),
    queryFn: ({ signal }) => api.get<typeof inHouseNotariesResponse>(base(organisationId), signal),
  });

export function useInviteInHouseNotary(organisationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: InHouseNotaryInviteRequest) =>
      api.post<typeof inHouseNotariesResponse>(base(organisationId), input),
    onSuccess: (data) => queryClient.setQueryData(notariesKey(organisationId), data),
  });
}

export function useEndInHouseNotary(organisationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (linkId: string) =>
      api.delete<typeof inHouseNotariesResponse>(`${base(organisationId)}/${encodeURIComponent(linkId)}`),
    onSuccess: (data) => queryClient.setQueryData(notariesKey(organisationId), data),
  });
}
