import {
  type invitationPreviewResponse,
  type messageResponse,
  type OrganisationRole,
  organisationDetailsRequest,
  organisationInviteRequest,
  type organisationMembersResponse,
  type organisationResponse,
  type walletResponse,
} from '@mohar/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod/mini';
import { api } from '@/lib/api-client';
import { ORGANISATIONS_QUERY_KEY } from './get-organisations';

export { ORGANISATIONS_QUERY_KEY, useOrganisations } from './get-organisations';

export { organisationDetailsRequest, organisationInviteRequest };
export type OrganisationDetailsInput = z.output<typeof organisationDetailsRequest>;
export type OrganisationInviteInput = z.output<typeof organisationInviteRequest>;

const oneKey = (id: string) => [...ORGANISATIONS_QUERY_KEY, 'one', id] as const;

export const useOrganisation = (id: string) =>
  useQuery({
    queryKey: oneKey(id),
    queryFn: ({ signal }) =>
      api.get<typeof organisationResponse>(`/organisations/${encodeURIComponent(id)}`, signal),
  });

export const useOrganisationMembers = (id: string) =>
  useQuery({
    queryKey: [...oneKey(id), 'members'],
    queryFn: ({ signal }) =>
      api.get<typeof organisationMembersResponse>(`/organisations/${encodeURIComponent(id)}/members`, signal),
  });

/** The organisation's wallet: owners and admins only (a member's read is refused, and not asked for). */
export const useOrganisationWallet = (id: string, enabled: boolean) =>
  useQuery({
    queryKey: [...oneKey(id), 'wallet'],
    queryFn: ({ signal }) =>
      api.get<typeof walletResponse>(`/organisations/${encodeURIComponent(id)}/wallet`, signal),
    enabled,
    staleTime: 0,
  });

function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ORGANISATIONS_QUERY_KEY });
}

export function useCreateOrganisation() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: OrganisationDetailsInput) =>
      api.post<typeof organisationResponse>('/organisations', input),
    onSuccess: refresh,
  });
}

export function useUpdateOrganisation(id: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: OrganisationDetailsInput) =>
      api.put<typeof organisationResponse>(`/organisations/${encodeURIComponent(id)}`, input),
    onSuccess: refresh,
  });
}

export function useInvite(id: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: OrganisationInviteInput) =>
      api.post<typeof organisationMembersResponse>(
        `/organisations/${encodeURIComponent(id)}/invitations`,
        input,
      ),
    onSuccess: refresh,
  });
}

export function useWithdrawInvitation(id: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (invitationId: string) =>
      api.delete<typeof messageResponse>(
        `/organisations/${encodeURIComponent(id)}/invitations/${encodeURIComponent(invitationId)}`,
      ),
    onSuccess: refresh,
  });
}

export function useChangeRole(id: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: { userId: string; role: OrganisationRole }) =>
      api.put<typeof organisationMembersResponse>(
        `/organisations/${encodeURIComponent(id)}/members/${encodeURIComponent(input.userId)}`,
        { role: input.role },
      ),
    onSuccess: refresh,
  });
}

export function useRemoveMember(id: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (userId: string) =>
      api.delete<typeof organisationMembersResponse>(
        `/organisations/${encodeURIComponent(id)}/members/${encodeURIComponent(userId)}`,
      ),
    onSuccess: refresh,
  });
}

export function useLeaveOrganisation(id: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: () => api.post<typeof messageResponse>(`/organisations/${encodeURIComponent(id)}/leave`, {}),
    onSuccess: refresh,
  });
}

export const useInvitationPreview = (token: string) =>
  useQuery({
    queryKey: [...ORGANISATIONS_QUERY_KEY, 'invitation', token],
    queryFn: ({ signal }) =>
      api.get<typeof invitationPreviewResponse>(
        `/organisation-invitations/${encodeURIComponent(token)}`,
        signal,
      ),
    retry: false,
  });

export function useAcceptInvitation(token: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: () =>
      api.post<typeof organisationResponse>(
        `/organisation-invitations/${encodeURIComponent(token)}/accept`,
        {},
      ),
    onSuccess: refresh,
  });
}
