import {
  errorResponse,
  messageResponse,
  recordIdParams,
  WEBHOOKS_MANAGE_SCOPE,
  webhookDeliveriesResponse,
  webhookDeliveryParams,
  webhookDeliveryResponse,
  webhookEndpointParams,
  webhookEndpointRequest,
  webhookEndpointsResponse,
  webhookSecretResponse,
} from '@mohar/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { perSessionLimit } from '../../platform/rate-limits.ts';
import { type AuthGuard, authOf } from '../auth/auth.guard.ts';
import { webhookErrors } from './webhooks.errors.ts';
import type { WebhooksService } from './webhooks.service.ts';

const errors = {
  400: errorResponse,
  401: errorResponse,
  403: errorResponse,
  404: errorResponse,
  409: errorResponse,
};

/**
 * An organisation's webhook endpoints and their delivery log (decision 0071), for its owners and admins, signed in or
 * through an API key with the `webhooks:manage` scope (decision 0070). The service checks the caller's role on every
 * call; a key acts as its creator, and only for its own organisation.
 */
export function webhooksRoutes(deps: {
  webhooksService: WebhooksService;
  guard: AuthGuard;
}): FastifyPluginAsyncZod {
  const { webhooksService: service, guard } = deps;
  return async (app) => {
    const client = guard.requireUser({ roles: ['client'] });
    const tags = ['webhooks'];
    const caller = (request: Parameters<typeof authOf>[0], organisationId: string) => {
      // A key's creator may manage other organisations too: the key reaches its own one only.
      if (request.apiKey && request.apiKey.organisationId !== organisationId) throw webhookErrors.notFound();
      return { organisationId, userId: authOf(request).user.id };
    };
    const config = { apiKeyScope: WEBHOOKS_MANAGE_SCOPE };

    app.get(
      '/organisations/:id/webhooks',
      {
        preHandler: client,
        config,
        schema: {
          tags,
          summary: "The organisation's webhook endpoints, with each one's last delivery",
          params: recordIdParams,
          response: { 200: webhookEndpointsResponse, ...errors },
        },
      },
      async (request) => ({ endpoints: await service.list(caller(request, request.params.id)) }),
    );

    app.post(
      '/organisations/:id/webhooks',
      {
        preHandler: client,
        config: { ...config, rateLimit: perSessionLimit({ max: 30, timeWindow: '1 hour' }) },
        schema: {
          tags,
          summary: 'Add an endpoint (its signing secret is in this answer only)',
          params: recordIdParams,
          body: webhookEndpointRequest,
          response: { 201: webhookSecretResponse, 429: errorResponse, ...errors },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await service.create({ ...caller(request, request.params.id), request: request.body })),
    );

    app.delete(
      '/organisations/:id/webhooks/:endpointId',
      {
        preHandler: client,
        config,
        schema: {
          tags,
          summary: 'Delete an endpoint and its delivery log',
          params: webhookEndpointParams,
          response: { 200: messageResponse, ...errors },
        },
      },
      async (request) => {
        await service.remove({
          ...caller(request, request.params.id),
          endpointId: request.params.endpointId,
        });
        return { message: 'The endpoint was deleted.' };
      },
    );

    app.post(
      '/organisations/:id/webhooks/:endpointId/rotate',
      {
        preHandler: client,
        config: { ...config, rateLimit: perSessionLimit({ max: 30, timeWindow: '1 hour' }) },
        schema: {
          tags,
          summary: 'A new signing secret; the old one also signs for 24 hours',
          params: webhookEndpointParams,
          response: { 200: webhookSecretResponse, 429: errorResponse, ...errors },
        },
      },
      async (request) =>
        service.rotate({ ...caller(request, request.params.id), endpointId: request.params.endpointId }),
    );

    app.get(
      '/organisations/:id/webhooks/:endpointId/deliveries',
      {
        preHandler: client,
        config,
        schema: {
          tags,
          summary: "The endpoint's latest deliveries, each with its attempts",
          params: webhookEndpointParams,
          response: { 200: webhookDeliveriesResponse, ...errors },
        },
      },
      async (request) => ({
        deliveries: await service.deliveries({
          ...caller(request, request.params.id),
          endpointId: request.params.endpointId,
        }),
      }),
    );

    app.post(
      '/organisations/:id/webhooks/:endpointId/deliveries/:deliveryId/redeliver',
      {
        preHandler: client,
        config: { ...config, rateLimit: perSessionLimit({ max: 120, timeWindow: '1 hour' }) },
        schema: {
          tags,
          summary: 'Send a delivery again (the same event id)',
          params: webhookDeliveryParams,
          response: { 200: webhookDeliveryResponse, 429: errorResponse, ...errors },
        },
      },
      async (request) => ({
        delivery: await service.redeliver({
          ...caller(request, request.params.id),
          endpointId: request.params.endpointId,
          deliveryId: request.params.deliveryId,
        }),
      }),
    );
  };
}
