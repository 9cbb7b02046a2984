import { z } from 'zod/mini';

/** Public facts the site shows (support banner); they come from server configuration. */
export const siteInfoResponse = z.object({
  supportPhone: z.string(),
  supportEmail: z.string(),
  serviceHours: z.object({ opensAt: z.string(), closesAt: z.string(), timeZone: z.string() }),
  /** Limits for a document to notarise (MAX_DOCUMENT_MB, MAX_DOCUMENT_PAGES): the wizard checks them before uploading. */
  documentLimits: z.object({ maxMegabytes: z.number(), maxPages: z.number() }),
});
export type SiteInfo = z.infer<typeof siteInfoResponse>;

export const healthResponse = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['up', 'down']),
  uptimeSeconds: z.number(),
});
export type Health = z.infer<typeof healthResponse>;

/** One dependency's state in a readiness answer: `not_configured` when this deployment does not use it. */
export const dependencyState = z.enum(['up', 'down', 'not_configured']);
export const readinessChecks = z.object({
  database: dependencyState,
  redis: dependencyState,
  objectStore: dependencyState,
});
export type ReadinessChecks = z.infer<typeof readinessChecks>;

/** `GET /health/ready` when every dependency answers; a 503 is the error shape with these checks as `details`. */
export const readyResponse = z.object({ status: z.literal('ready'), checks: readinessChecks });
export type Ready = z.infer<typeof readyResponse>;
