import type { signatoryReminderResponse } from '@mohar/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /applications/:id/signatories/:signatoryId/reminder — a reminder now; every link the signatory has still works. */
export const remindSignatory = (options: { applicationId: string; signatoryId: string }) =>
  api.post<typeof signatoryReminderResponse>(
    `/applications/${encodeURIComponent(options.applicationId)}/signatories/${encodeURIComponent(options.signatoryId)}/reminder`,
    {},
  );

export function useRemindSignatory(applicationId: string) {
  return useMutation({
    mutationFn: (signatoryId: string) => remindSignatory({ applicationId, signatoryId }),
  });
}
