import { WEBHOOK_ID_HEADER, WEBHOOK_SIGNATURE_HEADER } from '@mohar/contracts';
import type { Database } from '../../db/client.ts';
import type { Encryptor } from '../../platform/crypto.ts';
import type { JobLog, Jobs } from '../../platform/jobs.ts';
import { sendAttempt } from './sender.ts';
import { signatureHeader } from './signature.ts';
import { assertAllowedTarget, type TargetPolicy } from './target-check.ts';
import * as repo from './webhooks.repository.ts';

export const DISPATCH_JOB = 'webhooks.dispatch';
export const RETRY_JOB = 'webhooks.retry';
const BATCH = 20;
/** Each wait is this many times the one before (30 s, 2 min, 8 min, 32 min, about 2 h with the defaults). */
const BACKOFF_FACTOR = 4;

export type DeliverySettings = { backoffBaseMs: number; maxAttempts: number; timeoutMs: number };

type Claimed = Awaited<ReturnType<typeof repo.claimDue>>[number];

/** The body every receiver gets: the event's stable id (also in a header), type, time and data. */
export function eventBody(event: Claimed['event']) {
  return JSON.stringify({
    id: event.id,
    type: event.type,
    createdAt: event.createdAt.toISOString(),
    organisationId: event.organisationId,
    data: event.data,
  });
}

/** The secrets that sign now: the current one, and the previous one until its overlap ends. */
export function secretsInForce(endpoint: repo.EndpointRow, encryptor: Encryptor, at: Date) {
  const secrets = [encryptor.decrypt(endpoint.secret)];
  if (endpoint.previousSecret && endpoint.previousSecretUntil && endpoint.previousSecretUntil > at)
    secrets.push(encryptor.decrypt(endpoint.previousSecret));
  return secrets;
}

/**
 * Sends what is due. The dispatch job (kicked after a change commits, and every 10 s where jobs are scheduled) takes
 * every due delivery; a failed attempt schedules its retry as a delayed job of the queue (`jobs.later`) after an
 * exponential wait, and the sweep is the backstop should that job be lost (the in-process queue on a restart). Each
 * attempt is claimed first (repo.claimDue), so an event reaches an endpoint once per attempt however many runs
 * overlap, and never again after a 2xx unless someone redelivers it.
 */
export function createDeliverer(deps: {
  db: Database;
  jobs: Jobs;
  encryptor: Encryptor;
  settings: DeliverySettings;
  policy: TargetPolicy;
  log: JobLog;
  now: () => Date;
}) {
  const { settings } = deps;

  async function attempt({ delivery, event, endpoint }: Claimed) {
    const at = deps.now();
    const body = eventBody(event);
    const timestamp = Math.floor(at.getTime() / 1000);
    const outcome = await assertAllowedTarget(endpoint.url, deps.policy).then(
      () =>
        sendAttempt({
          url: endpoint.url,
          body,
          timeoutMs: settings.timeoutMs,
          headers: {
            'content-type': 'application/json',
            'user-agent': 'Mohar-Webhooks/1',
            [WEBHOOK_ID_HEADER]: event.id,
            [WEBHOOK_SIGNATURE_HEADER]: signatureHeader(
              secretsInForce(endpoint, deps.encryptor, at),
              timestamp,
              body,
            ),
          },
        }),
      (refused: Error) => ({
        ok: false,
        statusCode: null,
        durationMs: 0,
        error: refused.message,
        responseExcerpt: null,
      }),
    );
    const failures = outcome.ok ? 0 : delivery.failuresInRow + 1;
    const isLast = failures >= settings.maxAttempts;
    const waitMs = settings.backoffBaseMs * BACKOFF_FACTOR ** (failures - 1);
    const next = outcome.ok
      ? { status: 'succeeded' as const, failuresInRow: 0 }
      : isLast
        ? { status: 'failed' as const, failuresInRow: failures }
        : {
            status: 'pending' as const,
            failuresInRow: failures,
            nextAttemptAt: new Date(at.getTime() + waitMs),
          };
    await repo.recordAttempt(deps.db, {
      delivery,
      at,
      next,
      attempt: {
        statusCode: outcome.statusCode,
        durationMs: outcome.durationMs,
        error: outcome.error,
        responseExcerpt: outcome.responseExcerpt,
      },
    });
    // A little after it is due, so the retry's claim never comes a tick early.
    if (next.status === 'pending')
      deps.jobs.later({ name: RETRY_JOB, delayMs: waitMs + 25, data: { deliveryId: delivery.id } });
  }

  async function runClaimed(onlyId?: string) {
    const now = deps.now();
    const claimed = await repo.claimDue(deps.db, {
      now,
      // Longer than any attempt: a claim outlives its attempt only when the process died during it.
      leaseUntil: new Date(now.getTime() + settings.timeoutMs + 30_000),
      limit: BATCH,
      ...(onlyId ? { onlyId } : {}),
    });
    await Promise.all(
      claimed.map((one) =>
        attempt(one).catch((error: unknown) =>
          deps.log.error({ err: error, deliveryId: one.delivery.id }, 'webhook attempt not recorded'),
        ),
      ),
    );
    return claimed.length;
  }

  return {
    /** Every due delivery, a batch at a time. */
    async dispatchDue() {
      while ((await runClaimed()) === BATCH);
    },
    /** One delivery whose retry came due (nothing if it was sent meanwhile, redelivered, or deleted). */
    async retry(deliveryId: string) {
      await runClaimed(deliveryId);
    },
  };
}
