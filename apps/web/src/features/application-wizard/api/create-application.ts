import type { applicationResponse } from '@mohar/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { setApplication } from '@/lib/application';

/** POST /applications — a new, empty draft of the signed-in client. */
export const createApplication = async () =>
  (await api.post<typeof applicationResponse>('/applications', {})).application;

export function useCreateApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApplication,
    onSuccess: (application) => setApplication(queryClient, application),
  });
}
