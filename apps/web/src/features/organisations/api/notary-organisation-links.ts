import type { notaryOrganisationLinksResponse } from '@mohar/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** In-house notaries (decision 0074), the notary's side: the organisations that invited them or that they work for. */
const NOTARY_LINKS_KEY = ['notary', 'organisations'] as const;
const linkUrl = (linkId: string) => `/notary/organisations/${encodeURIComponent(linkId)}`;

export const useNotaryOrganisationLinks = () =>
  useQuery({
    queryKey: NOTARY_LINKS_KEY,
    queryFn: ({ signal }) => api.get<typeof notaryOrganisationLinksResponse>('/notary/organisations', signal),
  });

export function useAnswerOrganisationLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (
      input: { linkId: string; answer: 'accept' | 'decline' } | { linkId: string; listedForMembers: boolean },
    ) =>
      'answer' in input
        ? api.post<typeof notaryOrganisationLinksResponse>(`${linkUrl(input.linkId)}/${input.answer}`, {})
        : api.put<typeof notaryOrganisationLinksResponse>(linkUrl(input.linkId), {
            listedForMembers: input.listedForMembers,
          }),
    onSuccess: (data) => queryClient.setQueryData(NOTARY_LINKS_KEY, data),
  });
}
