import type {
  WebhookDelivery,
  WebhookEndpoint,
  WebhookEndpointRequest,
  WebhookEventType,
  WebhookSecretResponse,
} from '@mohar/contracts';
import type { AppConfig } from '../../config.ts';
import type { Database, DbOrTx } from '../../db/client.ts';
import type { Encryptor } from '../../platform/crypto.ts';
import type { JobLog, Jobs } from '../../platform/jobs.ts';
import { findApplication } from '../applications/applications.service.ts';
import { createDeliverer, DISPATCH_JOB, RETRY_JOB } from './delivery.ts';
import { newWebhookSecret } from './signature.ts';
import { assertAllowedTarget } from './target-check.ts';
import { webhookErrors } from './webhooks.errors.ts';
import * as repo from './webhooks.repository.ts';

/** How long a rotated-out secret still signs, so receivers can switch without missing a delivery. */
export const ROTATION_OVERLAP_MS = 24 * 60 * 60 * 1000;
const MAX_ENDPOINTS = 10;
const LOG_LENGTH = 50;

/**
 * Who may manage an organisation's webhooks: throws 404 to outsiders and 403 to members. Today a cookie session of an
 * owner or admin (the organisations module's check); an API key of that organisation with the `webhooks:manage`
 * scope is the other way in once keys land (the routes' `authorise`).
 */
export type ManagerCheck = (organisationId: string, userId: string) => Promise<void>;

const toEndpoint = (
  row: repo.EndpointRow,
  last: repo.DeliveryRow | undefined,
  at: Date,
): WebhookEndpoint => ({
  _id: row.id,
  url: row.url,
  events: row.events as WebhookEventType[],
  createdAt: row.createdAt.toISOString(),
  previousSecretUntil:
    row.previousSecretUntil && row.previousSecretUntil > at ? row.previousSecretUntil.toISOString() : null,
  lastDelivery: last
    ? {
        status: last.status as 'pending',
        statusCode: last.lastStatusCode,
        at: (last.lastAttemptAt ?? last.createdAt).toISOString(),
      }
    : null,
});

function toDelivery(row: Awaited<ReturnType<typeof repo.listDeliveries>>[number]): WebhookDelivery {
  const { delivery } = row;
  return {
    _id: delivery.id,
    eventId: delivery.eventId,
    eventType: row.type as WebhookEventType,
    status: delivery.status as WebhookDelivery['status'],
    attemptCount: delivery.attemptCount,
    nextAttemptAt: delivery.status === 'pending' ? delivery.nextAttemptAt.toISOString() : null,
    createdAt: delivery.createdAt.toISOString(),
    attempts: row.attempts.map((a) => ({
      attempt: a.attempt,
      statusCode: a.statusCode,
      durationMs: a.durationMs,
      error: a.error,
      responseExcerpt: a.responseExcerpt,
      at: a.createdAt.toISOString(),
    })),
  };
}

export type WebhooksService = ReturnType<typeof createWebhooksService>;

/**
 * Organisations' webhooks (issue 25, decision 0071). Other modules call `emit` inside the transaction of the change
 * (the outbox); the app kicks the dispatch after the response, and the job queue delivers and retries.
 */
export function createWebhooksService(deps: {
  db: Database;
  jobs: Jobs;
  config: Pick<AppConfig, 'env' | 'webhooks'>;
  encryptor: Encryptor;
  assertManager: ManagerCheck;
  log: JobLog;
  now?: (() => Date) | undefined;
}) {
  const { db, encryptor } = deps;
  const now = deps.now ?? (() => new Date());
  const policy = { env: deps.config.env };
  const deliverer = createDeliverer({
    db,
    jobs: deps.jobs,
    encryptor,
    settings: deps.config.webhooks,
    policy,
    log: deps.log,
    now,
  });

  async function ownEndpoint(organisationId: string, userId: string, endpointId: string) {
    await deps.assertManager(organisationId, userId);
    const endpoint = await repo.findEndpoint(db, organisationId, endpointId);
    if (!endpoint) throw webhookErrors.notFound();
    return endpoint;
  }

  async function withLast(row: repo.EndpointRow) {
    const [last] = await repo.lastDeliveries(db, [row.id]);
    return toEndpoint(row, last, now());
  }

  return {
    /** The queue's jobs: the dispatch (periodic where jobs are scheduled) and the delayed retries. */
    registerJobs(options: { isScheduled: boolean }) {
      deps.jobs.register({
        name: DISPATCH_JOB,
        ...(options.isScheduled ? { intervalMs: 10_000, runAtStart: true } : {}),
        run: () => deliverer.dispatchDue(),
      });
      deps.jobs.register({
        name: RETRY_JOB,
        deliveries: true,
        run: async (data) => {
          if (typeof data?.deliveryId === 'string') await deliverer.retry(data.deliveryId);
        },
      });
    },

    /** After a commit that may have emitted events: deliver now rather than at the next sweep. */
    kick: () => deps.jobs.kick(DISPATCH_JOB),

    /** Runs the dispatch and resolves when it is over (tests, scripts). */
    dispatchNow: () => deps.jobs.run(DISPATCH_JOB),

    /**
     * An event about an application, in the caller's transaction: nothing when the application is personal or no
     * endpoint of its organisation listens. `data` always carries the application id.
     */
    async emit(
      tx: DbOrTx,
      event: { applicationId: string; type: WebhookEventType; data?: Record<string, unknown> },
    ) {
      const application = await findApplication(tx, event.applicationId);
      if (!application?.organisationId) return;
      await repo.insertEvent(
        tx,
        {
          organisationId: application.organisationId,
          type: event.type,
          data: { applicationId: event.applicationId, ...event.data },
        },
        now(),
      );
    },

    async list(options: { organisationId: string; userId: string }) {
      await deps.assertManager(options.organisationId, options.userId);
      const rows = await repo.listEndpoints(db, options.organisationId);
      const last = await repo.lastDeliveries(
        db,
        rows.map((r) => r.id),
      );
      return rows.map((row) =>
        toEndpoint(
          row,
          last.find((d) => d.endpointId === row.id),
          now(),
        ),
      );
    },

    async create(options: {
      organisationId: string;
      userId: string;
      request: WebhookEndpointRequest;
    }): Promise<WebhookSecretResponse> {
      await deps.assertManager(options.organisationId, options.userId);
      await assertAllowedTarget(options.request.url, policy);
      if ((await repo.countEndpoints(db, options.organisationId)) >= MAX_ENDPOINTS)
        throw webhookErrors.tooMany(MAX_ENDPOINTS);
      const secret = newWebhookSecret();
      const row = await repo.insertEndpoint(db, {
        organisationId: options.organisationId,
        url: options.request.url,
        events: [...new Set(options.request.events)],
        secret: encryptor.encrypt(secret),
        createdBy: options.userId,
      });
      return { endpoint: toEndpoint(row, undefined, now()), secret };
    },

    /** A new secret; the old one keeps signing (as a second signature) for the overlap. */
    async rotate(options: {
      organisationId: string;
      userId: string;
      endpointId: string;
    }): Promise<WebhookSecretResponse> {
      const endpoint = await ownEndpoint(options.organisationId, options.userId, options.endpointId);
      const secret = newWebhookSecret();
      const row = await repo.updateSecrets(db, endpoint.id, {
        secret: encryptor.encrypt(secret),
        previousSecret: endpoint.secret,
        previousSecretUntil: new Date(now().getTime() + ROTATION_OVERLAP_MS),
      });
      if (!row) throw webhookErrors.notFound();
      return { endpoint: await withLast(row), secret };
    },

    async remove(options: { organisationId: string; userId: string; endpointId: string }) {
      await deps.assertManager(options.organisationId, options.userId);
      if (!(await repo.deleteEndpoint(db, options.organisationId, options.endpointId)))
        throw webhookErrors.notFound();
    },

    async deliveries(options: { organisationId: string; userId: string; endpointId: string }) {
      const endpoint = await ownEndpoint(options.organisationId, options.userId, options.endpointId);
      return (await repo.listDeliveries(db, endpoint.id, LOG_LENGTH)).map(toDelivery);
    },

    /** The same event (same id) sent again from the console, through the queue like any delivery. */
    async redeliver(options: {
      organisationId: string;
      userId: string;
      endpointId: string;
      deliveryId: string;
    }) {
      const endpoint = await ownEndpoint(options.organisationId, options.userId, options.endpointId);
      const requeued = await repo.requeue(db, endpoint.id, options.deliveryId, now());
      if (!requeued) throw webhookErrors.notFound();
      deps.jobs.kick(DISPATCH_JOB);
      const found = await repo.findDelivery(db, endpoint.id, requeued.id);
      if (!found) throw webhookErrors.notFound();
      return toDelivery(found);
    },
  };
}
