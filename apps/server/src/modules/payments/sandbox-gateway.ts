import type { SandboxCompleteResponse, SandboxOrder } from '@mohar/contracts';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import type { Jobs } from '../../platform/jobs.ts';
import { findApplication } from '../applications/applications.service.ts';
import { paymentErrors } from './payments.errors.ts';
import * as repo from './payments.repository.ts';
import { gatewayId, type PaymentProvider } from './providers.ts';
import { checkoutSignature, webhookSignature } from './signatures.ts';

const WEBHOOK_JOB = 'payments.sandbox-webhook';
/** What a delivery carries through the job queue (JSON). */
const webhookDelivery = z.object({ rawBody: z.string(), signature: z.string(), eventId: z.string() });

/**
 * The sandbox plays the gateway's part: its checkout page pays or fails an order, answers the browser with
 * Razorpay's handler fields signed with the sandbox key secret, and — like Razorpay — sends a signed webhook a
 * moment later. The payer's return and the webhook then race exactly as they do in production. The webhook is a job
 * delivery: with pg-boss it waits in the database and one process sends it, even after a restart; in process, one not
 * yet sent when the server stops is dropped, as a gateway's would be delayed (the return still applies).
 */
export function createSandboxGateway(deps: {
  db: Database;
  provider: PaymentProvider;
  webhookDelayMs: number;
  deliverWebhook: (request: { rawBody: string; signature: string; eventId: string }) => Promise<unknown>;
  jobs: Pick<Jobs, 'register' | 'later'>;
}) {
  const { db, provider } = deps;
  deps.jobs.register({
    name: WEBHOOK_JOB,
    deliveries: true,
    run: (data) => deps.deliverWebhook(webhookDelivery.parse(data)),
  });

  async function ownSandboxOrder(orderId: string, userId: string) {
    if (provider.name !== 'sandbox') throw paymentErrors.orderNotFound();
    const payment = await repo.findPaymentByOrder(db, 'sandbox', orderId);
    if (!payment || payment.userId !== userId) throw paymentErrors.orderNotFound();
    return payment;
  }

  function sendLater(
    event: 'payment.captured' | 'payment.failed',
    payment: repo.PaymentRow,
    paymentId: string,
  ) {
    const rawBody = JSON.stringify({
      entity: 'event',
      account_id: 'acc_MoharSandbox01',
      event,
      contains: ['payment'],
      payload: {
        payment: {
          entity: {
            id: paymentId,
            entity: 'payment',
            amount: payment.gatewayPaise,
            currency: 'INR',
            status: event === 'payment.captured' ? 'captured' : 'failed',
            order_id: payment.providerOrderId,
            method: 'upi',
            captured: event === 'payment.captured',
            ...(event === 'payment.failed'
              ? { error_code: 'BAD_REQUEST_ERROR', error_description: 'Payment failed in the sandbox' }
              : {}),
            created_at: Math.floor(Date.now() / 1000),
          },
        },
      },
      created_at: Math.floor(Date.now() / 1000),
    });
    const delivery = {
      rawBody,
      signature: webhookSignature(rawBody, provider.webhookSecret),
      eventId: gatewayId('evt'),
    };
    deps.jobs.later({ name: WEBHOOK_JOB, delayMs: deps.webhookDelayMs, data: delivery });
  }

  return {
    async order(orderId: string, userId: string): Promise<SandboxOrder> {
      const payment = await ownSandboxOrder(orderId, userId);
      // The payer owns the application (checkout allows no one else).
      const application = await findApplication(db, payment.applicationId);
      return {
        orderId,
        amountPaise: payment.gatewayPaise,
        applicationId: payment.applicationId,
        applicationTitle: application?.title ?? null,
        merchant: 'Mohar',
        status: payment.status as SandboxOrder['status'],
      };
    },

    async complete(
      orderId: string,
      userId: string,
      outcome: 'success' | 'failure',
    ): Promise<SandboxCompleteResponse> {
      const payment = await ownSandboxOrder(orderId, userId);
      if (payment.status !== 'created') throw paymentErrors.orderClosed();
      const paymentId = gatewayId('pay');
      if (outcome === 'success') {
        sendLater('payment.captured', payment, paymentId);
        return {
          razorpay_order_id: orderId,
          razorpay_payment_id: paymentId,
          razorpay_signature: checkoutSignature(orderId, paymentId, provider.keySecret),
        };
      }
      sendLater('payment.failed', payment, paymentId);
      return {
        error: {
          code: 'BAD_REQUEST_ERROR',
          description: 'Payment failed in the sandbox. Nothing was charged.',
          reason: 'payment_failed',
          metadata: { order_id: orderId, payment_id: paymentId },
        },
      };
    },
  };
}

export type SandboxGateway = ReturnType<typeof createSandboxGateway>;
