import { randomInt } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { checkoutSignature, webhookSignature } from '../modules/payments/signatures.ts';

/**
 * A stand-in for Razorpay's Orders API, Checkout and webhooks, on 127.0.0.1, for tests. The gateway is an external
 * boundary: tests talk to this over real HTTP, so the server's client code (auth header, JSON, error handling) is
 * exercised exactly as in production. Shapes follow Razorpay's documented entities; only what Mohar uses is modelled.
 *
 * The API lives under `${url}/v1` (as `https://api.razorpay.com/v1`):
 * - `POST /v1/orders`, `GET /v1/orders/:id`, `GET /v1/orders/:id/payments` with HTTP Basic auth `keyId:keySecret`.
 * The payer's side is driven from the test: `capture(orderId)` / `fail(orderId)` play what Checkout does, and
 * `sendWebhook` plays Razorpay calling us back.
 */

export type FakeRazorpayOrder = {
  id: string;
  entity: 'order';
  amount: number;
  amount_paid: number;
  amount_due: number;
  currency: string;
  receipt: string | null;
  offer_id: null;
  status: 'created' | 'attempted' | 'paid';
  attempts: number;
  notes: Record<string, string | number>;
  created_at: number;
};

export type FakeRazorpayPayment = {
  id: string;
  entity: 'payment';
  amount: number;
  currency: 'INR';
  status: 'captured' | 'failed';
  order_id: string;
  invoice_id: null;
  international: false;
  method: 'upi';
  amount_refunded: 0;
  refund_status: null;
  captured: boolean;
  description: string | null;
  card_id: null;
  bank: null;
  wallet: null;
  vpa: string;
  email: string;
  contact: string;
  notes: Record<string, string | number>;
  fee: number | null;
  tax: number | null;
  error_code: string | null;
  error_description: string | null;
  error_source: string | null;
  error_step: string | null;
  error_reason: string | null;
  acquirer_data: { rrn: string | null };
  created_at: number;
};

/** What Checkout's success handler receives. */
export type CheckoutSuccess = {
  razorpay_order_id: string;
  razorpay_payment_id: string;
  razorpay_signature: string;
};

/** What Checkout's `payment.failed` handler receives (not signed). */
export type CheckoutFailure = {
  error: {
    code: string;
    description: string;
    source: string;
    step: string;
    reason: string;
    metadata: { order_id: string; payment_id: string };
  };
};

export type WebhookEvent = 'payment.captured' | 'payment.failed' | 'order.paid';

export type WebhookBody = {
  entity: 'event';
  account_id: string;
  event: WebhookEvent;
  contains: Array<'payment' | 'order'>;
  payload: { payment: { entity: FakeRazorpayPayment }; order?: { entity: FakeRazorpayOrder } };
  created_at: number;
};

export type FakeRazorpay = {
  /** Origin of the fake, e.g. `http://127.0.0.1:43121`; the API is under `/v1`. */
  url: string;
  orders: Map<string, FakeRazorpayOrder>;
  /** Subscriptions made through `POST /v1/subscriptions` (each on a plan from `POST /v1/plans`). */
  subscriptions: Map<string, Record<string, unknown> & { id: string; status: string }>;
  payments: Map<string, FakeRazorpayPayment>;
  /** Every API request received, in order, with the status answered. */
  requests: Array<{ method: string; path: string; status: number }>;
  /** The next `n` order creations answer `status` (default 503), as when the gateway is down. */
  failNextOrders(n: number, status?: number): void;
  /** The payer pays in Checkout: the order becomes paid and the signed handler fields come back. */
  capture(orderId: string): CheckoutSuccess;
  /** The payer's attempt fails in Checkout: a failed payment on the order, and Checkout's failure object. */
  fail(orderId: string): CheckoutFailure;
  /** A Razorpay webhook body for a payment (and its order, for `order.paid`) as it is now. */
  webhookBody(event: WebhookEvent, orderId: string, paymentId: string): WebhookBody;
  /**
   * POSTs a webhook the way Razorpay does, `times` times (default 1) with the same body and event id, as Razorpay
   * retries. The signature covers the exact bytes sent; pass `signature` to send a wrong one. Returns the statuses.
   */
  sendWebhook(
    targetUrl: string,
    body: WebhookBody | string,
    options?: { eventId?: string; signature?: string; times?: number },
  ): Promise<number[]>;
  close(): Promise<void>;
};

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const randomId = (prefix: string) =>
  `${prefix}${Array.from({ length: 14 }, () => ALPHANUMERIC[randomInt(ALPHANUMERIC.length)]).join('')}`;
const unixNow = () => Math.floor(Date.now() / 1000);

type RazorpayError = { status: number; code: string; description: string; field?: string };

const badRequest = (description: string, field?: string): RazorpayError => ({
  status: 400,
  code: 'BAD_REQUEST_ERROR',
  description,
  ...(field ? { field } : {}),
});

function sendJson(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

function sendError(res: ServerResponse, error: RazorpayError) {
  sendJson(res, error.status, {
    error: {
      code: error.code,
      description: error.description,
      source: error.status === 400 ? 'business' : 'NA',
      step: error.status === 400 ? 'payment_initiation' : 'NA',
      reason: error.status === 400 ? 'input_validation_failed' : 'NA',
      metadata: {},
      ...(error.field ? { field: error.field } : {}),
    },
  });
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const ORDER_FIELDS = new Set(['amount', 'currency', 'receipt', 'notes', 'partial_payment']);

/** The checks Razorpay applies to `POST /v1/orders` that Mohar's requests could plausibly get wrong. */
function validateOrderRequest(
  body: unknown,
): RazorpayError | { amount: number; receipt: string | null; notes: FakeRazorpayOrder['notes'] } {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return badRequest('The request body must be a JSON object');
  }
  const fields = body as Record<string, unknown>;
  const extra = Object.keys(fields).filter((key) => !ORDER_FIELDS.has(key));
  if (extra.length)
    return badRequest(`${extra.join(', ')} is/are not required and should not be sent`, extra[0]);
  const { amount, currency, receipt, notes } = fields;
  if (amount === undefined) return badRequest('The amount field is required.', 'amount');
  if (typeof amount !== 'number' || !Number.isInteger(amount)) {
    return badRequest('The amount must be an integer.', 'amount');
  }
  if (amount < 100) return badRequest('The amount must be atleast INR 1.00', 'amount');
  if (currency === undefined) return badRequest('The currency field is required.', 'currency');
  if (currency !== 'INR') return badRequest('The currency is invalid.', 'currency');
  if (receipt !== undefined && (typeof receipt !== 'string' || receipt.length > 40)) {
    return badRequest('The receipt may not be greater than 40 characters.', 'receipt');
  }
  if (notes !== undefined) {
    const valid =
      typeof notes === 'object' &&
      notes !== null &&
      !Array.isArray(notes) &&
      Object.keys(notes).length <= 15 &&
      Object.values(notes).every((value) => typeof value === 'string' || typeof value === 'number');
    if (!valid) return badRequest('notes should be an object of at most 15 string values', 'notes');
  }
  return {
    amount,
    receipt: (receipt as string | undefined) ?? null,
    notes: (notes as FakeRazorpayOrder['notes'] | undefined) ?? {},
  };
}

export async function startFakeRazorpay(options: {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
}): Promise<FakeRazorpay> {
  const orders = new Map<string, FakeRazorpayOrder>();
  const payments = new Map<string, FakeRazorpayPayment>();
  const plans = new Map<string, Record<string, unknown>>();
  const subscriptions = new Map<string, Record<string, unknown> & { id: string; status: string }>();
  const requests: FakeRazorpay['requests'] = [];
  const accountId = randomId('acc_');
  const expectedAuth = `Basic ${Buffer.from(`${options.keyId}:${options.keySecret}`).toString('base64')}`;
  let pendingOrderFailures: { count: number; status: number } = { count: 0, status: 503 };

  async function route(req: IncomingMessage): Promise<{ status: number; body: unknown } | RazorpayError> {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname.replace(/\/+$/, '');
    const isCreateOrder = req.method === 'POST' && path === '/v1/orders';
    if (isCreateOrder && pendingOrderFailures.count > 0) {
      pendingOrderFailures.count -= 1;
      return {
        status: pendingOrderFailures.status,
        code: 'SERVER_ERROR',
        description: 'The server encountered an error. The incident has been reported to admins.',
      };
    }
    if (req.headers.authorization !== expectedAuth) {
      return { status: 401, code: 'BAD_REQUEST_ERROR', description: 'Authentication failed' };
    }
    if (isCreateOrder) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(await readBody(req));
      } catch {
        return badRequest('The request body is not valid JSON');
      }
      const valid = validateOrderRequest(parsed);
      if ('status' in valid) return valid;
      const order: FakeRazorpayOrder = {
        id: randomId('order_'),
        entity: 'order',
        amount: valid.amount,
        amount_paid: 0,
        amount_due: valid.amount,
        currency: 'INR',
        receipt: valid.receipt,
        offer_id: null,
        status: 'created',
        attempts: 0,
        notes: valid.notes,
        created_at: unixNow(),
      };
      orders.set(order.id, order);
      return { status: 200, body: order };
    }
    // Subscriptions (decision 0073): a monthly plan, and a subscription on it the payer authorises at short_url.
    if (req.method === 'POST' && (path === '/v1/plans' || path === '/v1/subscriptions')) {
      let parsed: Record<string, unknown>;
      try {
        parsed = JSON.parse(await readBody(req)) as Record<string, unknown>;
      } catch {
        return badRequest('The request body is not valid JSON');
      }
      if (path === '/v1/plans') {
        const item = parsed.item as { amount?: unknown } | undefined;
        if (
          parsed.period !== 'monthly' ||
          !Number.isSafeInteger(item?.amount) ||
          (item?.amount as number) < 100
        )
          return badRequest('The plan needs a period and an item amount of at least 100', 'item');
        const plan = { id: randomId('plan_'), entity: 'plan', ...parsed, created_at: unixNow() };
        plans.set(plan.id, plan);
        return { status: 200, body: plan };
      }
      if (typeof parsed.plan_id !== 'string' || !plans.has(parsed.plan_id))
        return badRequest('The id provided does not exist', 'plan_id');
      if (!Number.isSafeInteger(parsed.total_count))
        return badRequest('total_count is required', 'total_count');
      const id = randomId('sub_');
      const subscription = {
        id,
        entity: 'subscription',
        plan_id: parsed.plan_id,
        status: 'created',
        total_count: parsed.total_count,
        notes: parsed.notes ?? {},
        short_url: `https://rzp.io/i/${id.slice(4)}`,
        created_at: unixNow(),
      };
      subscriptions.set(id, subscription);
      return { status: 200, body: subscription };
    }
    const match = /^\/v1\/orders\/([^/]+)(\/payments)?$/.exec(path);
    if (req.method === 'GET' && match) {
      const order = orders.get(decodeURIComponent(match[1]!));
      if (!order) return badRequest('The id provided does not exist', 'id');
      if (!match[2]) return { status: 200, body: order };
      const items = [...payments.values()].filter((payment) => payment.order_id === order.id);
      return { status: 200, body: { entity: 'collection', count: items.length, items } };
    }
    return {
      status: 404,
      code: 'BAD_REQUEST_ERROR',
      description: 'The requested URL was not found on the server.',
    };
  }

  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    route(req)
      .then((result) => {
        requests.push({ method: req.method ?? '', path, status: result.status });
        if ('code' in result) sendError(res, result);
        else sendJson(res, result.status, result.body);
      })
      .catch((error: unknown) => {
        requests.push({ method: req.method ?? '', path, status: 500 });
        sendJson(res, 500, { error: { code: 'SERVER_ERROR', description: String(error) } });
      });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const getOrder = (orderId: string) => {
    const order = orders.get(orderId);
    if (!order) throw new Error(`Fake Razorpay: no order ${orderId}`);
    if (order.status === 'paid') throw new Error(`Fake Razorpay: order ${orderId} is already paid`);
    return order;
  };

  const newPayment = (order: FakeRazorpayOrder, captured: boolean): FakeRazorpayPayment => ({
    id: randomId('pay_'),
    entity: 'payment',
    amount: order.amount,
    currency: 'INR',
    status: captured ? 'captured' : 'failed',
    order_id: order.id,
    invoice_id: null,
    international: false,
    method: 'upi',
    amount_refunded: 0,
    refund_status: null,
    captured,
    description: null,
    card_id: null,
    bank: null,
    wallet: null,
    vpa: captured ? 'success@razorpay' : 'failure@razorpay',
    email: 'void@razorpay.com',
    contact: `+91${'9000090000'}`, // a mobile number (written so it never looks like an Aadhaar number)
    notes: order.notes,
    // Razorpay's 2% fee with 18% GST on it, in paise, reported on captured payments.
    fee: captured ? Math.round((order.amount * 236) / 10_000) : null,
    tax: captured ? Math.round((order.amount * 36) / 10_000) : null,
    error_code: captured ? null : 'BAD_REQUEST_ERROR',
    error_description: captured
      ? null
      : 'Payment was unsuccessful as the payer cancelled it or the bank declined it.',
    error_source: captured ? null : 'customer',
    error_step: captured ? null : 'payment_authentication',
    error_reason: captured ? null : 'payment_failed',
    acquirer_data: { rrn: captured ? String(randomInt(100_000_000_000, 999_999_999_999)) : null },
    created_at: unixNow(),
  });

  return {
    url: `http://127.0.0.1:${port}`,
    orders,
    subscriptions,
    payments,
    requests,

    failNextOrders(n, status = 503) {
      pendingOrderFailures = { count: n, status };
    },

    capture(orderId) {
      const order = getOrder(orderId);
      const payment = newPayment(order, true);
      payments.set(payment.id, payment);
      Object.assign(order, {
        status: 'paid',
        amount_paid: order.amount,
        amount_due: 0,
        attempts: order.attempts + 1,
      });
      return {
        razorpay_order_id: order.id,
        razorpay_payment_id: payment.id,
        razorpay_signature: checkoutSignature(order.id, payment.id, options.keySecret),
      };
    },

    fail(orderId) {
      const order = getOrder(orderId);
      const payment = newPayment(order, false);
      payments.set(payment.id, payment);
      Object.assign(order, { status: 'attempted', attempts: order.attempts + 1 });
      return {
        error: {
          code: payment.error_code!,
          description: payment.error_description!,
          source: payment.error_source!,
          step: payment.error_step!,
          reason: payment.error_reason!,
          metadata: { order_id: order.id, payment_id: payment.id },
        },
      };
    },

    webhookBody(event, orderId, paymentId) {
      const order = orders.get(orderId);
      const payment = payments.get(paymentId);
      if (!order || !payment || payment.order_id !== orderId) {
        throw new Error(`Fake Razorpay: no payment ${paymentId} on order ${orderId}`);
      }
      return {
        entity: 'event',
        account_id: accountId,
        event,
        contains: event === 'order.paid' ? ['payment', 'order'] : ['payment'],
        payload: {
          payment: { entity: structuredClone(payment) },
          ...(event === 'order.paid' ? { order: { entity: structuredClone(order) } } : {}),
        },
        created_at: unixNow(),
      };
    },

    async sendWebhook(targetUrl, body, sendOptions = {}) {
      const raw = typeof body === 'string' ? body : JSON.stringify(body);
      const headers = {
        'content-type': 'application/json',
        'X-Razorpay-Signature': sendOptions.signature ?? webhookSignature(raw, options.webhookSecret),
        'X-Razorpay-Event-Id': sendOptions.eventId ?? randomId('evt_'),
      };
      const statuses: number[] = [];
      for (let i = 0; i < (sendOptions.times ?? 1); i += 1) {
        const response = await fetch(targetUrl, { method: 'POST', headers, body: raw });
        await response.arrayBuffer();
        statuses.push(response.status);
      }
      return statuses;
    },

    close() {
      return new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      });
    },
  };
}
