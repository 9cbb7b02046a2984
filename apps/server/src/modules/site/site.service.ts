import { SERVICE_HOURS, type SiteInfo } from '@mohar/contracts';
import type { AppConfig } from '../../config.ts';

/** Public facts from configuration (fees come from the fee settings service, see modules/fees). */
export function getSiteInfo(config: AppConfig): SiteInfo {
  return {
    supportPhone: config.supportPhone,
    supportEmail: config.supportEmail,
    serviceHours: { ...SERVICE_HOURS },
    documentLimits: { ...config.documentLimits },
  };
}
