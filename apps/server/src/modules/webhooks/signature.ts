import { createHmac, randomBytes } from 'node:crypto';

/** A new endpoint secret: 32 random bytes, prefixed so that a leaked one is recognisable in logs and scanners. */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;

/** HMAC-SHA256 over `${timestamp}.${body}` in hex: what docs/webhooks.md tells receivers to compute. */
export function signPayload(secret: string, timestamp: number, body: string) {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

/**
 * The signature header: `t=<unix seconds>,v1=<hex>`, with one `v1` per secret in force (two during a rotation's
 * overlap, the new one first), so a receiver holding either secret accepts the delivery.
 */
export function signatureHeader(secrets: string[], timestamp: number, body: string) {
  return [`t=${timestamp}`, ...secrets.map((secret) => `v1=${signPayload(secret, timestamp, body)}`)].join(
    ',',
  );
}
