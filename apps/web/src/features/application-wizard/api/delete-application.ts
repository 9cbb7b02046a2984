import { messageResponse } from '@mohar/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { APPLICATIONS_QUERY_KEY, applicationQueryKey } from '@/lib/query-keys';

/** DELETE /applications/:id — drafts only. */
export const deleteApplication = (id: string) =>
  api.delete(`/applications/${encodeURIComponent(id)}`, messageResponse);

export function useDeleteApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteApplication,
    onSuccess: (_response, id) => {
      queryClient.removeQueries({ queryKey: applicationQueryKey(id) });
      void queryClient.invalidateQueries({ queryKey: [...APPLICATIONS_QUERY_KEY, 'list'] });
    },
  });
}
