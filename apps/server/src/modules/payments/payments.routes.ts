import {
  type ApplicationPayment,
  abandonPaymentRequest,
  applicationPaymentResponse,
  checkoutRequest,
  checkoutResponse,
  errorResponse,
  paymentResponse,
  paymentVerifyRequest,
  paymentVerifyResponse,
  recordIdParams,
  refundRequestBody,
  refundResponse,
  sandboxCompleteRequest,
  sandboxCompleteResponse,
  sandboxOrderResponse,
} from '@mohar/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isUuid } from '../../platform/ids.ts';
import { perSessionLimit } from '../../platform/rate-limits.ts';
import { takeRawBodies } from '../../platform/raw-body.ts';
import { applicationErrors } from '../applications/applications.errors.ts';
import type { ApplicationsService } from '../applications/applications.service.ts';
import { type AuthGuard, authOf } from '../auth/auth.guard.ts';
import { paymentErrors } from './payments.errors.ts';
import type { PaymentsService } from './payments.service.ts';
import type { RefundsService } from './refunds.service.ts';
import type { SandboxGateway } from './sandbox-gateway.ts';

const errors = {
  400: errorResponse,
  401: errorResponse,
  403: errorResponse,
  404: errorResponse,
  409: errorResponse,
};
const idParams = recordIdParams;
const orderParams = z.strictObject({ orderId: z.string().max(64) });
const idempotencyHeaders = z.object({
  'idempotency-key': z
    .string()
    .regex(/^[\w-]{8,100}$/, 'Idempotency-Key: 8 to 100 letters, digits, - or _')
    .optional(),
});

const applicationIdOf = (request: { params: { id: string } }) => {
  if (!isUuid(request.params.id)) throw applicationErrors.notFound();
  return request.params.id;
};
const actorOf = (request: FastifyRequest) => {
  const { user } = authOf(request);
  return { userId: user.id, role: user.role, ip: request.ip };
};

export function paymentsRoutes(deps: {
  guard: AuthGuard;
  applicationsService: ApplicationsService;
  paymentsService: PaymentsService;
  refundsService: RefundsService;
  sandboxGateway: SandboxGateway;
}): FastifyPluginAsyncZod {
  const { guard, applicationsService, paymentsService, refundsService, sandboxGateway } = deps;
  return async (app) => {
    const tags = ['payments'];
    const signedIn = guard.requireUser({ adminsNeed: 'applicationRecords' });
    const client = guard.requireUser({ roles: ['client'] });
    const paying = perSessionLimit({ max: 30, timeWindow: '10 minutes' });

    app.get(
      '/applications/:id/payment',
      {
        preHandler: signedIn,
        schema: {
          tags,
          summary: 'The fee, payments, receipts and refund of one application',
          params: idParams,
          response: { 200: applicationPaymentResponse, ...errors },
        },
      },
      async (request) => {
        const { user } = authOf(request);
        const { row, viewerRole, fee } = await applicationsService.readable(
          applicationIdOf(request),
          { userId: user.id, role: user.role, organisations: request.viewerOrganisations },
          request.readableApplication,
        );
        const isOwner = viewerRole === 'owner';
        // The notary the request reached sees the fee, not the client's money.
        const notary = viewerRole === 'notary';
        // The money, the payments, the latest refund and the owner's wallet: one statement.
        const view = await paymentsService.paymentView(row.id, isOwner ? user.id : null);
        const { paidPaise, refundedPaise } = view.money;
        const refund = notary
          ? { refund: null, eligibility: null }
          : await refundsService.forApplication(row, {
              isOwner,
              money: view.money,
              latest: view.latestRefund,
            });
        const state: ApplicationPayment['state'] =
          paidPaise === 0 ? 'unpaid' : refundedPaise >= paidPaise ? 'refunded' : 'paid';
        return {
          fee,
          state,
          paidPaise,
          refundedPaise,
          walletBalancePaise: view.walletBalancePaise,
          payments: notary ? [] : view.payments,
          refund: refund.refund,
          refundEligibility: refund.eligibility,
          provider: paymentsService.providerName,
        };
      },
    );

    app.post(
      '/applications/:id/checkout',
      {
        preHandler: client,
        // Its Idempotency-Key is the order's own (payments.service.ts), not the API's generic replay (decision 0070).
        config: { rateLimit: paying, ownIdempotency: true },
        schema: {
          tags,
          summary: 'Pay the fee: from the wallet, through the gateway, or both (honours Idempotency-Key)',
          params: idParams,
          headers: idempotencyHeaders,
          body: checkoutRequest,
          response: {
            201: checkoutResponse,
            422: errorResponse,
            429: errorResponse,
            502: errorResponse,
            ...errors,
          },
        },
      },
      async (request, reply) => {
        const result = await paymentsService.checkout({
          applicationId: applicationIdOf(request),
          userId: authOf(request).user.id,
          walletPaise: request.body?.walletPaise ?? 0,
          idempotencyKey: request.headers['idempotency-key'],
          actor: actorOf(request),
        });
        return reply.code(result.statusCode).send(result.body);
      },
    );

    app.post(
      '/payments/verify',
      {
        preHandler: client,
        config: { rateLimit: paying },
        schema: {
          tags,
          summary: "The payer's return from the gateway: Razorpay Checkout's handler fields, verified",
          body: paymentVerifyRequest,
          response: { 200: paymentVerifyResponse, ...errors },
        },
      },
      async (request) =>
        paymentsService.verifyReturn({
          userId: authOf(request).user.id,
          orderId: request.body.razorpay_order_id,
          providerPaymentId: request.body.razorpay_payment_id,
          signature: request.body.razorpay_signature,
          actor: actorOf(request),
        }),
    );

    app.post(
      '/payments/orders/:orderId/abandon',
      {
        preHandler: client,
        schema: {
          tags,
          summary: 'Give up a gateway payment that was not completed (the wallet part comes back)',
          params: orderParams,
          body: abandonPaymentRequest,
          response: { 200: paymentResponse, ...errors },
        },
      },
      async (request) =>
        paymentsService.abandon({
          userId: authOf(request).user.id,
          orderId: request.params.orderId,
          reason: request.body.reason,
        }),
    );

    app.get(
      '/payments/sandbox/orders/:orderId',
      {
        preHandler: client,
        schema: {
          tags,
          summary: 'Sandbox gateway: the order its checkout page shows',
          params: orderParams,
          response: { 200: sandboxOrderResponse, ...errors },
        },
      },
      async (request) => sandboxGateway.order(request.params.orderId, authOf(request).user.id),
    );

    app.post(
      '/payments/sandbox/orders/:orderId/complete',
      {
        preHandler: client,
        config: { rateLimit: paying },
        schema: {
          tags,
          summary: 'Sandbox gateway: pay or fail the order (answers like Razorpay Checkout)',
          params: orderParams,
          body: sandboxCompleteRequest,
          response: { 200: sandboxCompleteResponse, ...errors },
        },
      },
      async (request) =>
        sandboxGateway.complete(request.params.orderId, authOf(request).user.id, request.body.outcome),
    );

    app.get(
      '/payments/:id/invoice',
      {
        preHandler: signedIn,
        schema: { tags, summary: 'GST invoice (PDF) for a paid fee', params: idParams },
      },
      async (request, reply) => {
        const { user } = authOf(request);
        if (!isUuid(request.params.id)) throw paymentErrors.receiptNotFound();
        const { pdf, fileName } = await paymentsService.invoice({
          paymentId: request.params.id,
          viewer: { userId: user.id, role: user.role },
        });
        return reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', `attachment; filename="${fileName}"`)
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', 'private, no-store')
          .send(Buffer.from(pdf));
      },
    );

    app.post(
      '/applications/:id/refund-requests',
      {
        preHandler: client,
        config: { rateLimit: paying },
        schema: {
          tags,
          summary: 'Ask for a refund to the wallet (within 5 days of a failed service)',
          params: idParams,
          body: refundRequestBody,
          response: { 201: refundResponse, ...errors },
        },
      },
      async (request, reply) => {
        const refund = await refundsService.request({
          applicationId: applicationIdOf(request),
          userId: authOf(request).user.id,
          reason: request.body.reason,
        });
        return reply.code(201).send({ refund });
      },
    );

    // The gateway calls this: no session, no Origin; the signature over the exact raw bytes is the authentication.
    await app.register(async (webhooks) => {
      takeRawBodies(webhooks);
      webhooks.post(
        '/payments/webhooks/razorpay',
        {
          config: { rateLimit: { max: 600, timeWindow: '1 minute' } },
          schema: {
            tags,
            summary: 'Razorpay webhook (X-Razorpay-Signature over the raw body; each event id applied once)',
            response: { 200: z.object({ outcome: z.string() }), 400: errorResponse },
          },
        },
        async (request) => {
          const header = (name: string) => {
            const value = request.headers[name];
            return Array.isArray(value) ? value[0] : value;
          };
          const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
          return paymentsService.handleWebhook({
            rawBody,
            signature: header('x-razorpay-signature'),
            eventId: header('x-razorpay-event-id'),
          });
        },
      );
    });
  };
}
