import { z } from 'zod/mini';

/** Public facts the site shows (support banner); they come from server configuration. */
export const siteInfoResponse = z.object({
  supportPhone: z.string(),
  supportEmail: z.string(),
  serviceHours: z.object({ opensAt: z.string(), closesAt: z.string(), timeZone: z.string() }),
});
export type SiteInfo = z.infer<typeof siteInfoResponse>;

export const healthResponse = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['up', 'down']),
  uptimeSeconds: z.number(),
});
export type Health = z.infer<typeof healthResponse>;
