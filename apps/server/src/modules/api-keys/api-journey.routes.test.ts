import { WEBHOOK_EVENT_TYPES, WEBHOOK_SIGNATURE_HEADER } from '@mohar/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { applicationSignatories } from '../../db/schema.ts';
import { API, latestMailTo, tokenFromMail } from '../../testing/accounts.ts';
import { call, SIGNATORY } from '../../testing/applications.ts';
import {
  type Builders,
  type BuiltApplication,
  buildersFor,
  DOCUMENT_DETAILS,
} from '../../testing/builders/index.ts';
import { samplePdf } from '../../testing/documents.ts';
import { multipartFile } from '../../testing/notaries.ts';
import { createOrganisation } from '../../testing/organisations.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { documentedVerifier, startReceiver } from '../../testing/webhook-receiver.ts';

/**
 * Issue 25's API-only journey: an integration holding a key creates an application, uploads the document, names the
 * signatories and pays from the organisation's plan; the people then do their part (the portal, the call and the seal,
 * here through the same services the browsers reach, as the builders do); the integration downloads the notarised PDF,
 * and every step's webhook reaches its receiver signed, once per event id, though the receiver fails twice first.
 */

let t: TestApp;
let build: Builders;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let verify: Awaited<ReturnType<typeof documentedVerifier>>;
let pdf: Buffer;

beforeAll(async () => {
  t = await createTestApp({
    // Retries 20 ms apart (then 80 ms): the queue's real backoff, only shorter.
    env: { WEBHOOK_BACKOFF_BASE_MS: '20', WEBHOOK_TIMEOUT_MS: '2000', SERVICE_HOURS_ALWAYS_OPEN: 'true' },
  });
  build = buildersFor(t);
  receiver = await startReceiver();
  verify = await documentedVerifier(t.dataDir);
  pdf = await samplePdf();
});
afterAll(async () => {
  await receiver.close();
  await t.close();
});

let sent = 0;
/** As an integration calls the API: the key, and a fresh Idempotency-Key on every POST. */
function withKey(key: string, method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, payload?: object) {
  sent += 1;
  return t.app.inject({
    method,
    url: `${API}${url}`,
    headers: {
      authorization: `Bearer ${key}`,
      ...(method === 'POST' ? { 'idempotency-key': `journey-${sent}` } : {}),
    },
    ...(payload ? { payload } : method === 'POST' ? { payload: {} } : {}),
  });
}

describe('an integration with an API key (issue 25)', () => {
  it('creates, uploads, names signatories and pays from the plan; after the act it downloads the notarised PDF; each webhook arrives signed, once per event', async () => {
    const owner = await build.user({ name: 'Asha Kulkarni' });
    const organisationId = await createOrganisation(t, owner);
    const created = await call(t, 'POST', `/organisations/${organisationId}/api-keys`, owner.cookie, {
      name: 'Loan desk',
      scopes: ['applications:read', 'applications:write', 'documents:read', 'webhooks:manage'],
    });
    expect(created.statusCode, created.body).toBe(201);
    const key = created.json().key as string;

    const hook = await withKey(key, 'POST', `/organisations/${organisationId}/webhooks`, {
      url: receiver.url,
      events: [...WEBHOOK_EVENT_TYPES],
    });
    expect(hook.statusCode, hook.body).toBe(201);
    const secret = hook.json().secret as string;
    // The receiver is down for the first two deliveries.
    receiver.answers.push(500, 503);

    const draft = await withKey(key, 'POST', '/applications');
    expect(draft.statusCode, draft.body).toBe(201);
    const id = draft.json().application._id as string;
    const steps = [
      await withKey(key, 'PATCH', `/applications/${id}`, {
        ...DOCUMENT_DETAILS,
        notaryChoice: 'first_available',
      }),
      await t.app.inject({
        method: 'PUT',
        url: `${API}/applications/${id}/document`,
        ...(({ payload, headers }) => ({ payload, headers: { ...headers, authorization: `Bearer ${key}` } }))(
          multipartFile({ bytes: pdf, filename: 'lease.pdf', contentType: 'application/pdf' }),
        ),
      }),
      await withKey(key, 'PUT', `/applications/${id}/signatories`, { signatories: [SIGNATORY] }),
      await withKey(key, 'POST', `/applications/${id}/submit`),
    ];
    for (const step of steps) expect(step.statusCode, step.body).toBe(200);
    const options = await withKey(key, 'GET', `/applications/${id}/organisation-payment`);
    expect(options.statusCode, options.body).toBe(200);
    const paid = await withKey(key, 'POST', `/applications/${id}/organisation-payment`, { source: 'plan' });
    expect(paid.statusCode, paid.body).toBe(201);

    // The people's part: the signatory's portal and identity, the notary's call, signatures and seal.
    const [signatory] = await t.db
      .select()
      .from(applicationSignatories)
      .where(eq(applicationSignatories.applicationId, id));
    const token = tokenFromMail((await latestMailTo(t, SIGNATORY.email))?.text ?? '', '/access-application/');
    const built: BuiltApplication = {
      id,
      status: 'awaiting_identity',
      owner,
      notaryChoice: 'first_available',
      notary: null,
      signatories: [
        {
          id: signatory?.id ?? '',
          fullName: SIGNATORY.fullName,
          email: SIGNATORY.email,
          dateOfBirth: SIGNATORY.dateOfBirth,
          role: SIGNATORY.role,
          token,
        },
      ],
      totalPaise: null,
      requestId: null,
    };
    await build.advance(built, { status: 'ready' });
    const address = await t.app.inject({
      method: 'PUT',
      url: `${API}/access/${token}/address`,
      payload: { address: '12 MG Road, Bengaluru 560001' },
    });
    expect(address.statusCode, address.body).toBe(200);
    await build.advance(built, { status: 'sealed' });

    const notarised = await withKey(key, 'GET', `/applications/${id}/notarised-document`);
    expect(notarised.statusCode).toBe(200);
    expect(notarised.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    // Every event delivered: those raised outside a request wait for the queue's next pass.
    const answeredOk = () =>
      new Set(receiver.requests.filter((r) => r.status === 200).map((r) => r.event.id));
    const eventIds = () => new Set(receiver.requests.map((r) => r.event.id));
    await t.app.mohar.webhooksService.dispatchNow();
    await vi.waitFor(
      () => {
        expect(receiver.requests.map((r) => r.event.type)).toEqual(
          expect.arrayContaining([
            'payment.captured',
            'session.started',
            'session.completed',
            'document.notarised',
          ]),
        );
        expect(answeredOk().size).toBe(eventIds().size);
      },
      { timeout: 20_000, interval: 100 },
    );
    // Another pass after every success sends nothing again.
    const before = receiver.requests.length;
    await t.app.mohar.webhooksService.dispatchNow();
    expect(receiver.requests).toHaveLength(before);

    const requests = receiver.requests;
    for (const eventId of eventIds()) {
      const attempts = requests.filter((r) => r.event.id === eventId);
      expect(
        attempts.filter((r) => r.status === 200),
        eventId,
      ).toHaveLength(1);
    }
    // The receiver's two failures were retried, not lost.
    expect(requests.filter((r) => r.status !== 200).map((r) => r.status)).toEqual([500, 503]);
    for (const r of requests)
      expect(verify(r.body, r.headers[WEBHOOK_SIGNATURE_HEADER] as string, secret)).toBe(true);
    const reached = requests
      .filter((r) => r.event.type === 'application.status_changed')
      .map((r) => (r.event.data as { to: string }).to);
    expect(reached).toEqual(expect.arrayContaining(['awaiting_payment', 'awaiting_identity', 'notarised']));
  });
});
