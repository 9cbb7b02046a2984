import {
  adminPlansResponse,
  billingOverview,
  checkoutResponse,
  errorResponse,
  organisationInvoiceParams,
  organisationInvoicesResponse,
  organisationPaymentOptions,
  organisationPaymentRequest,
  planInput,
  recordIdParams,
  subscribeRequest,
  subscribeResponse,
} from '@mohar/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { perSessionLimit } from '../../platform/rate-limits.ts';
import { type AuthGuard, authOf } from '../auth/auth.guard.ts';
import { paymentErrors } from '../payments/payments.errors.ts';
import { verifyWebhookSignature } from '../payments/signatures.ts';
import type { BillingService } from './billing.service.ts';
import type { InvoicesService } from './invoices.service.ts';
import type { PlansService } from './plans.service.ts';

const errors = {
  400: errorResponse,
  401: errorResponse,
  403: errorResponse,
  404: errorResponse,
  409: errorResponse,
};

/** Plans, the trial, subscriptions, invoices and paying from an organisation's wallet or plan (decision 0073). */
export function billingRoutes(deps: {
  guard: AuthGuard;
  plansService: PlansService;
  billingService: BillingService;
  invoicesService: InvoicesService;
  webhookSecret: string;
}): FastifyPluginAsyncZod {
  const { guard, plansService, billingService, invoicesService } = deps;
  return async (app) => {
    const client = guard.requireUser({ roles: ['client'] });
    // The finance role, as the fee settings.
    const finance = guard.requireAdmin('fees');
    const tags = ['billing'];
    const userIdOf = (request: Parameters<typeof authOf>[0]) => authOf(request).user.id;

    app.get(
      '/admin/plans',
      {
        preHandler: finance,
        schema: {
          tags,
          summary: 'Plans in force and every version',
          response: { 200: adminPlansResponse, ...errors },
        },
      },
      async () => plansService.view(),
    );

    app.put(
      '/admin/plans',
      {
        preHandler: finance,
        schema: {
          tags,
          summary: 'A new version of a plan (new subscriptions and the next invoices use it)',
          body: planInput,
          response: { 200: adminPlansResponse, ...errors },
        },
      },
      async (request) => plansService.update(request.body, userIdOf(request)),
    );

    app.get(
      '/organisations/:id/billing',
      {
        preHandler: client,
        schema: {
          tags,
          summary: 'The trial or plan, this month’s usage and the plans offered (any member)',
          params: recordIdParams,
          response: { 200: billingOverview, ...errors },
        },
      },
      async (request) => billingService.overview(request.params.id, userIdOf(request)),
    );

    app.post(
      '/organisations/:id/subscription',
      {
        preHandler: client,
        config: { rateLimit: perSessionLimit({ max: 20, timeWindow: '1 hour' }) },
        schema: {
          tags,
          summary: 'Subscribe to a plan or change plan (owners and admins); ends the trial when it starts',
          params: recordIdParams,
          body: subscribeRequest,
          response: { 200: subscribeResponse, 429: errorResponse, 502: errorResponse, ...errors },
        },
      },
      async (request) =>
        billingService.subscribe({
          organisationId: request.params.id,
          userId: userIdOf(request),
          planCode: request.body.planCode,
        }),
    );

    app.get(
      '/organisations/:id/invoices',
      {
        preHandler: client,
        schema: {
          tags,
          summary: 'Monthly GST invoices (owners and admins)',
          params: recordIdParams,
          response: { 200: organisationInvoicesResponse, ...errors },
        },
      },
      async (request) => ({ invoices: await invoicesService.list(request.params.id, userIdOf(request)) }),
    );

    app.get(
      '/organisations/:id/invoices/:invoiceId/download',
      {
        preHandler: client,
        schema: { tags, summary: 'One invoice as an HTML page', params: organisationInvoiceParams },
      },
      async (request, reply) => {
        const { html, fileName } = await invoicesService.download({
          organisationId: request.params.id,
          invoiceId: request.params.invoiceId,
          userId: userIdOf(request),
        });
        return reply
          .header('content-type', 'text/html; charset=utf-8')
          .header('content-disposition', `attachment; filename="${fileName}"`)
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', 'private, no-store')
          .send(html);
      },
    );

    app.get(
      '/applications/:id/organisation-payment',
      {
        preHandler: client,
        config: { apiKeyScope: 'applications:read' },
        schema: {
          tags,
          summary: "What an organisation's application may be paid from besides the card",
          params: recordIdParams,
          response: { 200: organisationPaymentOptions, ...errors },
        },
      },
      async (request) =>
        billingService.paymentOptions(request.params.id, userIdOf(request), request.apiKey?.organisationId),
    );

    app.post(
      '/applications/:id/organisation-payment',
      {
        preHandler: client,
        // Open to API keys (decision 0070): an integration pays from the organisation's wallet or plan.
        config: {
          apiKeyScope: 'applications:write',
          rateLimit: perSessionLimit({ max: 30, timeWindow: '10 minutes' }),
        },
        schema: {
          tags,
          summary: "Pay an organisation's application from its wallet or plan",
          params: recordIdParams,
          body: organisationPaymentRequest,
          response: { 201: checkoutResponse, 429: errorResponse, ...errors },
        },
      },
      async (request, reply) => {
        const { user } = authOf(request);
        const body = await billingService.pay({
          applicationId: request.params.id,
          userId: user.id,
          source: request.body.source,
          actor: { userId: user.id, role: user.role, ip: request.ip },
          keyOrganisationId: request.apiKey?.organisationId,
        });
        return reply.code(201).send(body);
      },
    );

    // Razorpay Subscriptions calls this (a second webhook URL): the signature over the raw bytes authenticates it.
    await app.register(async (webhooks) => {
      webhooks.removeAllContentTypeParsers();
      webhooks.addContentTypeParser(
        '*',
        { parseAs: 'buffer', bodyLimit: 1024 * 1024 },
        (_request, body, done) => done(null, body),
      );
      webhooks.post(
        '/billing/webhooks/razorpay',
        {
          config: { rateLimit: { max: 600, timeWindow: '1 minute' } },
          schema: {
            tags,
            summary: 'Razorpay subscription webhook (subscription.activated / subscription.charged)',
            response: { 200: z.object({ outcome: z.string() }), 400: errorResponse },
          },
        },
        async (request) => {
          const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
          const signature = request.headers['x-razorpay-signature'];
          if (
            !verifyWebhookSignature({
              rawBody,
              signature: Array.isArray(signature) ? signature[0] : signature,
              webhookSecret: deps.webhookSecret,
            })
          )
            throw paymentErrors.signatureInvalid();
          const event = subscriptionEvent(rawBody);
          if (!event || !['subscription.activated', 'subscription.charged'].includes(event.event))
            return { outcome: 'ignored' };
          return { outcome: await billingService.activateByProvider(event.subscriptionId) };
        },
      );
    });
  };
}

/** `{ event, payload: { subscription: { entity: { id } } } }`, as Razorpay sends it. */
function subscriptionEvent(rawBody: Buffer): { event: string; subscriptionId: string } | null {
  try {
    const body = JSON.parse(rawBody.toString()) as {
      event?: unknown;
      payload?: { subscription?: { entity?: { id?: unknown } } };
    };
    const id = body.payload?.subscription?.entity?.id;
    return typeof body.event === 'string' && typeof id === 'string'
      ? { event: body.event, subscriptionId: id }
      : null;
  } catch {
    return null;
  }
}
