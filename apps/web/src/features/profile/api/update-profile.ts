import { updateProfileRequest, type userResponse } from '@mohar/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod/mini';
import { api } from '@/lib/api-client';
import { SESSION_QUERY_KEY } from '@/lib/query-keys';

export { updateProfileRequest };
export type UpdateProfileInput = z.output<typeof updateProfileRequest>;

export const updateProfile = (input: UpdateProfileInput) => api.patch<typeof userResponse>('/profile', input);

/** The answer is the updated user: the session (header, greeting) shows the new name at once. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (response) => queryClient.setQueryData(SESSION_QUERY_KEY, response.user),
  });
}
