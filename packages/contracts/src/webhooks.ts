import { z } from 'zod/mini';
import { recordId } from './common.ts';

/** Organisations' webhooks (issue 25, decision 0071): what an endpoint may subscribe to. */
export const WEBHOOK_EVENT_TYPES = [
  'application.status_changed',
  'session.started',
  'session.completed',
  'document.notarised',
  'payment.captured',
  'refund.approved',
  'refund.rejected',
] as const;
export const webhookEventType = z.enum(WEBHOOK_EVENT_TYPES);
export type WebhookEventType = z.infer<typeof webhookEventType>;

/** Delivery headers (docs/webhooks.md): the event id, and `t=<unix seconds>,v1=<hex>[,v1=<hex>]`. */
export const WEBHOOK_ID_HEADER = 'mohar-webhook-id';
export const WEBHOOK_SIGNATURE_HEADER = 'mohar-signature';
/** A receiver refuses a signature whose timestamp is further than this from its clock. */
export const WEBHOOK_REPLAY_WINDOW_SECONDS = 300;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

export const webhookEndpointRequest = z.strictObject({
  url: z.string({ message: 'Enter the URL that receives the events' }).check(
    z.trim(),
    z.minLength(1, 'Enter the URL that receives the events'),
    z.maxLength(2000, 'The URL is too long'),
    // The shape only (no URL global in the contracts); the server parses it and applies the HTTPS and address rules.
    z.regex(/^https?:\/\/[^\s/?#]+[^\s]*$/i, 'Enter a full URL, for example https://example.com/hooks'),
  ),
  events: z
    .array(z.enum(WEBHOOK_EVENT_TYPES, { message: 'Choose the events to send' }), {
      message: 'Choose the events to send',
    })
    .check(z.minLength(1, 'Choose at least one event')),
});
export type WebhookEndpointRequest = z.infer<typeof webhookEndpointRequest>;

const deliveryStatus = z.enum(WEBHOOK_DELIVERY_STATUSES);

export const webhookEndpoint = z.object({
  _id: z.string(),
  url: z.string(),
  events: z.array(webhookEventType),
  createdAt: z.string(),
  /** Until when the previous secret still signs (after a rotation), or null. */
  previousSecretUntil: z.nullable(z.string()),
  lastDelivery: z.nullable(
    z.object({ status: deliveryStatus, statusCode: z.nullable(z.number()), at: z.string() }),
  ),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpoint>;

export const webhookEndpointsResponse = z.object({ endpoints: z.array(webhookEndpoint) });
/** The secret appears in this answer only (creation, rotation). */
export const webhookSecretResponse = z.object({ endpoint: webhookEndpoint, secret: z.string() });
export type WebhookSecretResponse = z.infer<typeof webhookSecretResponse>;

export const webhookAttempt = z.object({
  attempt: z.number(),
  statusCode: z.nullable(z.number()),
  durationMs: z.number(),
  error: z.nullable(z.string()),
  responseExcerpt: z.nullable(z.string()),
  at: z.string(),
});
export const webhookDelivery = z.object({
  _id: z.string(),
  eventId: z.string(),
  eventType: webhookEventType,
  status: deliveryStatus,
  attemptCount: z.number(),
  nextAttemptAt: z.nullable(z.string()),
  createdAt: z.string(),
  attempts: z.array(webhookAttempt),
});
export type WebhookDelivery = z.infer<typeof webhookDelivery>;
export const webhookDeliveriesResponse = z.object({ deliveries: z.array(webhookDelivery) });
export const webhookDeliveryResponse = z.object({ delivery: webhookDelivery });

export const webhookEndpointParams = z.strictObject({ id: recordId, endpointId: recordId });
export const webhookDeliveryParams = z.strictObject({
  id: recordId,
  endpointId: recordId,
  deliveryId: recordId,
});
