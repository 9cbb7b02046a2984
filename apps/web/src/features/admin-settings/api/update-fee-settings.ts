import type { FeeSettingsInput, feeSettingsResponse } from '@mohar/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { FEE_SETTINGS_QUERY_KEY } from './get-fee-settings';

/** The public pricing page's cache (features/company): it shows the current fees. */
const PRICING_QUERY_KEY = ['pricing'] as const;

/** PUT /admin/fee-settings — a new version of the fees, for applications submitted from now on. */
export const updateFeeSettings = (input: FeeSettingsInput) =>
  api.put<typeof feeSettingsResponse>('/admin/fee-settings', input);

export function useUpdateFeeSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateFeeSettings,
    onSuccess: (settings) => {
      queryClient.setQueryData(FEE_SETTINGS_QUERY_KEY, settings);
      void queryClient.invalidateQueries({ queryKey: PRICING_QUERY_KEY });
    },
  });
}
