import { type messageResponse, mfaDisableRequest } from '@mohar/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod/mini';
import { api } from '@/lib/api-client';
import { SESSION_QUERY_KEY } from '@/lib/query-keys';

export { mfaDisableRequest };
export type MfaDisableInput = z.output<typeof mfaDisableRequest>;

export const disableMfa = (input: MfaDisableInput) =>
  api.post<typeof messageResponse>('/profile/mfa/disable', input);

export function useDisableMfa() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableMfa,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY }),
  });
}
