import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Razorpay's two signatures, shared by the sandbox (which produces them) and the real gateway (which we verify):
 * - Checkout: HMAC-SHA256 of `order_id|payment_id` with the key secret, hex.
 * - Webhook: HMAC-SHA256 of the raw request body with the webhook secret, hex, in `X-Razorpay-Signature`.
 */
export function checkoutSignature(orderId: string, paymentId: string, keySecret: string): string {
  return createHmac('sha256', keySecret).update(`${orderId}|${paymentId}`).digest('hex');
}

export function webhookSignature(rawBody: string | Buffer, webhookSecret: string): string {
  return createHmac('sha256', webhookSecret).update(rawBody).digest('hex');
}

/** Constant-time comparison of two hex digests; anything malformed is simply "not equal". */
export function signaturesMatch(expectedHex: string, givenHex: string | undefined | null): boolean {
  if (!givenHex || !/^[0-9a-f]+$/i.test(givenHex) || givenHex.length !== expectedHex.length) return false;
  return timingSafeEqual(Buffer.from(expectedHex, 'hex'), Buffer.from(givenHex.toLowerCase(), 'hex'));
}

export function verifyCheckoutSignature(options: {
  orderId: string;
  paymentId: string;
  signature: string;
  keySecret: string;
}): boolean {
  return signaturesMatch(
    checkoutSignature(options.orderId, options.paymentId, options.keySecret),
    options.signature,
  );
}

export function verifyWebhookSignature(options: {
  rawBody: string | Buffer;
  signature: string | undefined;
  webhookSecret: string;
}): boolean {
  return signaturesMatch(webhookSignature(options.rawBody, options.webhookSecret), options.signature);
}
