import type { SiteInfo } from '@mohar/contracts';
import { useEffect, useState } from 'react';
import { readBootData } from '@/lib/boot-data';

// The API client and its schemas load only when the page lacks the server's boot data (the Vite dev server).
export const getSiteInfo = async (signal?: AbortSignal): Promise<SiteInfo> => {
  const [{ api }, { siteInfoResponse }] = await Promise.all([
    import('@/lib/api-client'),
    import('@mohar/contracts'),
  ]);
  return api.get<typeof siteInfoResponse>('/site-info', signal);
};

/**
 * Support contacts and hours for the banner on every public page. They come with the page itself, so the landing
 * route needs no request and no query cache for them.
 */
export function useSiteInfo(): { data: SiteInfo | undefined } {
  const [data, setData] = useState(() => readBootData<SiteInfo>('siteInfo'));
  useEffect(() => {
    if (data) return;
    const controller = new AbortController();
    getSiteInfo(controller.signal).then(setData, () => {
      // The banner still shows the service hours without contacts.
    });
    return () => controller.abort();
  }, [data]);
  return { data };
}
