import { PORTAL_ERROR_CODES, type resendInvitationResponse } from '@mohar/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { hasErrorCode } from '@/lib/api-errors';
import { applicationQueryKey } from '@/lib/query-keys';

/** POST /applications/:id/signatories/:signatoryId/invitation — a fresh personal link; the previous one stops working. */
export const resendInvitation = (options: { applicationId: string; signatoryId: string }) =>
  api.post<typeof resendInvitationResponse>(
    `/applications/${encodeURIComponent(options.applicationId)}/signatories/${encodeURIComponent(options.signatoryId)}/invitation`,
    {},
  );

export function useResendInvitation(applicationId: string) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: applicationQueryKey(applicationId) });
  return useMutation({
    mutationFn: (signatoryId: string) => resendInvitation({ applicationId, signatoryId }),
    // A signatory not invited yet becomes invited, and the history may record the new link.
    onSuccess: () => void refresh(),
    // Refused because the application moved on (paid elsewhere, ended): show it as it now is.
    onError: (error) => {
      if (hasErrorCode(error, PORTAL_ERROR_CODES.invitationNotAllowed)) void refresh();
    },
  });
}
