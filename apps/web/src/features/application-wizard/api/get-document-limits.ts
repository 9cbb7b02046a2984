import type { SiteInfo, siteInfoResponse } from '@mohar/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '@/lib/api-client';
import { readBootData } from '@/lib/boot-data';

/** The server's defaults (MAX_DOCUMENT_MB, MAX_DOCUMENT_PAGES), used until the real limits are known. */
const DEFAULT_LIMITS = { maxMegabytes: 25, maxPages: 100 };

/**
 * Limits for a document to notarise, for the check before uploading. They come with the page (boot data); the
 * Vite dev server has none, so they are fetched from GET /site-info there.
 */
export function useDocumentLimits(): SiteInfo['documentLimits'] {
  const [boot] = useState(() => readBootData<Partial<SiteInfo>>('siteInfo')?.documentLimits);
  const query = useQuery({
    queryKey: ['site-info'],
    queryFn: ({ signal }) => api.get<typeof siteInfoResponse>('/site-info', signal),
    enabled: !boot,
    staleTime: Number.POSITIVE_INFINITY,
  });
  return boot ?? query.data?.documentLimits ?? DEFAULT_LIMITS;
}
