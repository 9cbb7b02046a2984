import type { AdminRole, adminMemberResponse, InviteAdminRequest } from '@mohar/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { withStepUp } from '@/lib/step-up';
import { ADMINS_QUERY_KEY } from './get-admins';

const adminPath = (id: string) => `/admin/admins/${encodeURIComponent(id)}`;

/** POST /admin/admins — invite by e-mail with roles. */
export const inviteAdmin = (request: InviteAdminRequest) =>
  api.post<typeof adminMemberResponse>('/admin/admins', request);

/** PUT /admin/admins/:id/roles */
export const changeAdminRoles = (options: { id: string; roles: AdminRole[] }) =>
  api.put<typeof adminMemberResponse>(`${adminPath(options.id)}/roles`, { roles: options.roles });

/** POST /admin/admins/:id/remove */
export const removeAdmin = (id: string) =>
  api.post<typeof adminMemberResponse>(`${adminPath(id)}/remove`, {});

/** Every change may first ask the owner to confirm it is them (step-up), and changes the list. */
function useAdminChange<T, R>(run: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: T) => withStepUp(() => run(input)),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ADMINS_QUERY_KEY }),
  });
}

export const useInviteAdmin = () => useAdminChange(inviteAdmin);
export const useChangeAdminRoles = () => useAdminChange(changeAdminRoles);
export const useRemoveAdmin = () => useAdminChange(removeAdmin);
