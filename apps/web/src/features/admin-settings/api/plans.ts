import type { adminPlansResponse, PlanInput } from '@mohar/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Plans of organisations (decision 0073): each save is a new version of the plan with that code. */
const PLANS_KEY = ['admin', 'plans'] as const;

export const useAdminPlans = () =>
  useQuery({
    queryKey: PLANS_KEY,
    queryFn: ({ signal }) => api.get<typeof adminPlansResponse>('/admin/plans', signal),
  });

export function useSavePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PlanInput) => api.put<typeof adminPlansResponse>('/admin/plans', input),
    onSuccess: (data) => queryClient.setQueryData(PLANS_KEY, data),
  });
}
