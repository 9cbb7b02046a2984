import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyCheckoutSignature, verifyWebhookSignature } from '../modules/payments/signatures.ts';
import { type FakeRazorpay, startFakeRazorpay } from './fake-razorpay.ts';

const keys = { keyId: 'rzp_test_abc123', keySecret: 'key-secret', webhookSecret: 'webhook-secret' };
let razorpay: FakeRazorpay;

/** A webhook endpoint that answers 200 only when the signature matches the raw body, and records what came. */
const received: Array<{ headers: IncomingHttpHeaders; body: string }> = [];
const receiver = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    const body = Buffer.concat(chunks).toString('utf8');
    received.push({ headers: req.headers, body });
    const signature = req.headers['x-razorpay-signature'];
    const valid = verifyWebhookSignature({
      rawBody: body,
      signature: typeof signature === 'string' ? signature : undefined,
      webhookSecret: keys.webhookSecret,
    });
    res.writeHead(valid ? 200 : 400).end();
  });
});
let receiverUrl = '';

beforeAll(async () => {
  razorpay = await startFakeRazorpay(keys);
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhook`;
});
afterAll(async () => {
  await razorpay.close();
  await new Promise((resolve) => receiver.close(resolve));
});

const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;
const createOrder = (body: unknown, authorization = basic(keys.keyId, keys.keySecret)) =>
  fetch(`${razorpay.url}/v1/orders`, {
    method: 'POST',
    headers: { authorization, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('the fake Razorpay Orders API', () => {
  it('refuses requests without the right key id and secret', async () => {
    const response = await createOrder({ amount: 10_000, currency: 'INR' }, basic(keys.keyId, 'wrong'));
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({
      error: { code: 'BAD_REQUEST_ERROR', description: 'Authentication failed' },
    });
    expect((await fetch(`${razorpay.url}/v1/orders/order_x`)).status).toBe(401);
  });

  it('creates an order entity shaped like Razorpay’s, fetchable by id', async () => {
    const response = await createOrder({
      amount: 74_882,
      currency: 'INR',
      receipt: 'pay-1',
      notes: { a: 'b' },
    });
    expect(response.status).toBe(200);
    const order = (await response.json()) as Record<string, unknown>;
    expect(order).toMatchObject({
      entity: 'order',
      amount: 74_882,
      amount_paid: 0,
      amount_due: 74_882,
      currency: 'INR',
      receipt: 'pay-1',
      status: 'created',
      attempts: 0,
      notes: { a: 'b' },
    });
    expect(order.id).toMatch(/^order_[A-Za-z0-9]{14}$/);
    expect(Math.abs((order.created_at as number) - Date.now() / 1000)).toBeLessThan(5);
    const fetched = await fetch(`${razorpay.url}/v1/orders/${order.id}`, {
      headers: { authorization: basic(keys.keyId, keys.keySecret) },
    });
    expect(await fetched.json()).toEqual(order);
  });

  it('refuses an amount under Rs. 1, another currency or a receipt over 40 characters', async () => {
    for (const [body, field] of [
      [{ amount: 99, currency: 'INR' }, 'amount'],
      [{ amount: 100.5, currency: 'INR' }, 'amount'],
      [{ amount: 100, currency: 'USD' }, 'currency'],
      [{ amount: 100, currency: 'INR', receipt: 'r'.repeat(41) }, 'receipt'],
    ] as const) {
      const response = await createOrder(body);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ error: { code: 'BAD_REQUEST_ERROR', field } });
    }
  });

  it('fails the next orders on demand, as when the gateway is down', async () => {
    const before = razorpay.orders.size;
    razorpay.failNextOrders(1);
    expect((await createOrder({ amount: 100, currency: 'INR' })).status).toBe(503);
    expect((await createOrder({ amount: 100, currency: 'INR' })).status).toBe(200);
    expect(razorpay.orders.size).toBe(before + 1);
  });
});

describe('the fake Checkout and webhooks', () => {
  const newOrderId = async () =>
    ((await (await createOrder({ amount: 50_000, currency: 'INR' })).json()) as { id: string }).id;

  it('a capture pays the order and returns handler fields whose signature verifies', async () => {
    const orderId = await newOrderId();
    const success = razorpay.capture(orderId);
    expect(success.razorpay_payment_id).toMatch(/^pay_[A-Za-z0-9]{14}$/);
    expect(
      verifyCheckoutSignature({
        orderId: success.razorpay_order_id,
        paymentId: success.razorpay_payment_id,
        signature: success.razorpay_signature,
        keySecret: keys.keySecret,
      }),
    ).toBe(true);
    expect(razorpay.orders.get(orderId)).toMatchObject({
      status: 'paid',
      amount_paid: 50_000,
      amount_due: 0,
    });
    expect(() => razorpay.capture(orderId)).toThrow(/already paid/);
  });

  it('a failure records a failed payment and leaves the order payable', async () => {
    const orderId = await newOrderId();
    const failure = razorpay.fail(orderId);
    expect(failure.error.metadata.order_id).toBe(orderId);
    expect(razorpay.payments.get(failure.error.metadata.payment_id)).toMatchObject({
      status: 'failed',
      captured: false,
      error_reason: 'payment_failed',
    });
    expect(razorpay.orders.get(orderId)).toMatchObject({ status: 'attempted', attempts: 1 });
  });

  it('sends signed webhooks, repeating the same event id on retries, and a wrong signature is refused', async () => {
    const orderId = await newOrderId();
    const { razorpay_payment_id: paymentId } = razorpay.capture(orderId);
    const body = razorpay.webhookBody('order.paid', orderId, paymentId);
    expect(body).toMatchObject({
      entity: 'event',
      event: 'order.paid',
      contains: ['payment', 'order'],
      payload: {
        payment: {
          entity: { id: paymentId, order_id: orderId, status: 'captured', captured: true, amount: 50_000 },
        },
        order: { entity: { id: orderId, status: 'paid' } },
      },
    });
    expect(body.account_id).toMatch(/^acc_/);

    received.length = 0;
    expect(await razorpay.sendWebhook(receiverUrl, body, { times: 2 })).toEqual([200, 200]);
    expect(received).toHaveLength(2);
    expect(received[0]!.headers['x-razorpay-event-id']).toMatch(/^evt_/);
    expect(received[1]!.headers['x-razorpay-event-id']).toBe(received[0]!.headers['x-razorpay-event-id']);
    expect(JSON.parse(received[0]!.body)).toEqual(body);

    expect(await razorpay.sendWebhook(receiverUrl, body, { signature: 'ab'.repeat(32) })).toEqual([400]);
  });
});
