import type { SealLayoutRequest, sealPreviewResponse } from '@mohar/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const SEAL_PREVIEW_QUERY_KEY = ['notary', 'seal-preview'] as const;

/** POST /notary/profile/seal/preview — the seal drawn from the saved details as SVG; it changes nothing. */
export const previewSeal = async (layout: SealLayoutRequest, signal?: AbortSignal) =>
  (await api.post<typeof sealPreviewResponse>('/notary/profile/seal/preview', layout, { signal })).svg;

export const sealPreviewQueryOptions = (layout: SealLayoutRequest) =>
  queryOptions({
    queryKey: [...SEAL_PREVIEW_QUERY_KEY, layout],
    queryFn: ({ signal }) => previewSeal(layout, signal),
    // While the next layout is drawn, the last preview stays rather than flashing empty.
    placeholderData: keepPreviousData,
    retry: false,
  });

export const useSealPreview = (layout: SealLayoutRequest, options: { enabled: boolean }) =>
  useQuery({ ...sealPreviewQueryOptions(layout), enabled: options.enabled });
