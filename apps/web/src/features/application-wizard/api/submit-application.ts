import type { applicationResponse } from '@mohar/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { setApplication } from '@/lib/application';

/** POST /applications/:id/submit — draft → awaiting payment; the fee is fixed from here. */
export const submitApplication = async (id: string) =>
  (await api.post<typeof applicationResponse>(`/applications/${encodeURIComponent(id)}/submit`, {}))
    .application;

export function useSubmitApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitApplication,
    onSuccess: (application) => setApplication(queryClient, application),
  });
}
