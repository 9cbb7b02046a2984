import {
  GST_RATE_PERCENT,
  NOTARIAL_ACTS,
  pricingResponse,
  SERVICE_HOURS,
  siteInfoResponse,
} from '@mohar/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppConfig } from '../../config.ts';

/** Public facts from configuration: the support banner and the fee settings (admins will edit fees later). */
export function siteRoutes(deps: { config: AppConfig }): FastifyPluginAsyncZod {
  const { fees } = deps.config;
  return async (app) => {
    app.get(
      '/site-info',
      {
        schema: {
          tags: ['site'],
          summary: 'Support contacts and service hours',
          response: { 200: siteInfoResponse },
        },
      },
      async (_request, reply) => {
        reply.header('cache-control', 'public, max-age=300');
        return {
          supportPhone: deps.config.supportPhone,
          supportEmail: deps.config.supportEmail,
          serviceHours: { ...SERVICE_HOURS },
        };
      },
    );

    app.get(
      '/pricing',
      {
        schema: {
          tags: ['site'],
          summary: 'Current fee settings, in paise',
          response: { 200: pricingResponse },
        },
      },
      async (_request, reply) => {
        reply.header('cache-control', 'public, max-age=300');
        return {
          currency: 'INR' as const,
          platformFeePaise: fees.platformPaise,
          gstRatePercent: GST_RATE_PERCENT,
          notarialFees: NOTARIAL_ACTS.map((act) => ({ act, feePaise: fees.notarialPaise })),
          includedSignatories: fees.includedSignatories,
          extraSignatoryFeePaise: fees.extraSignatoryPaise,
        };
      },
    );
  };
}
