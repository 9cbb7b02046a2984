import {
  GST_RATE_PERCENT,
  NOTARIAL_ACTS,
  type Pricing,
  SERVICE_HOURS,
  type SiteInfo,
} from '@mohar/contracts';
import type { AppConfig } from '../../config.ts';

/** Public facts from configuration (admins will edit fees later; then these read the fee settings table). */
export function getSiteInfo(config: AppConfig): SiteInfo {
  return {
    supportPhone: config.supportPhone,
    supportEmail: config.supportEmail,
    serviceHours: { ...SERVICE_HOURS },
    documentLimits: { ...config.documentLimits },
  };
}

export function getPricing(config: AppConfig): Pricing {
  const { fees } = config;
  return {
    currency: 'INR',
    platformFeePaise: fees.platformPaise,
    gstRatePercent: GST_RATE_PERCENT,
    notarialFees: NOTARIAL_ACTS.map((act) => ({ act, feePaise: fees.notarialPaiseByAct[act] })),
    includedSignatories: fees.includedSignatories,
    extraSignatoryFeePaise: fees.extraSignatoryPaise,
  };
}
