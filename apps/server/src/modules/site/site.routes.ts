import { pricingResponse, siteInfoResponse } from '@mohar/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppConfig } from '../../config.ts';
import type { FeeSettingsService } from '../fees/fee-settings.service.ts';
import { getSiteInfo } from './site.service.ts';

export function siteRoutes(deps: {
  config: AppConfig;
  feeSettings: FeeSettingsService;
}): FastifyPluginAsyncZod {
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
        return getSiteInfo(deps.config);
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
        return deps.feeSettings.pricing();
      },
    );
  };
}
