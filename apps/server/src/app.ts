import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { APPLICATION_UPDATED_EVENT, CALL_EVENTS } from '@mohar/contracts';
import Fastify, { type FastifyServerOptions, LogController } from 'fastify';
import { jsonSchemaTransform, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import { adminApplicationsRoutes } from './modules/admin-applications/admin-applications.routes.ts';
import { createAdminApplicationsService } from './modules/admin-applications/admin-applications.service.ts';
import { registerApiKeyAuth, registerIdempotency } from './modules/api-keys/api-key-auth.ts';
import { apiKeysRoutes } from './modules/api-keys/api-keys.routes.ts';
import { createApiKeysService } from './modules/api-keys/api-keys.service.ts';
import { createIdempotencyService } from './modules/api-keys/idempotency.service.ts';
import { securitySchemes, withApiKeyExamples } from './modules/api-keys/openapi.ts';
import { applicationAccessCheck, applicationsRoutes } from './modules/applications/applications.routes.ts';
import {
  type ApplicationsService,
  createApplicationsService,
} from './modules/applications/applications.service.ts';
import { auditRoutes } from './modules/audit/audit.routes.ts';
import { createAuditService } from './modules/audit/audit.service.ts';
import { type AuthGuard, createAuthGuard } from './modules/auth/auth.guard.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import {
  type AuthService,
  createAuthService,
  findUserContacts,
  findUserIdByEmail,
  findUserIdsMatching,
} from './modules/auth/auth.service.ts';
import { createSocketAuthenticator } from './modules/auth/socket-auth.ts';
import { stepUpRoutes } from './modules/auth/step-up.routes.ts';
import { type BillingModule, createBillingModule } from './modules/billing/billing.module.ts';
import { adminBlogRoutes } from './modules/blog/admin-blog.routes.ts';
import { blogRoutes } from './modules/blog/blog.routes.ts';
import { createBlogService } from './modules/blog/blog.service.ts';
import { createBlogAdminService } from './modules/blog/blog-admin.service.ts';
import { bulkRoutes } from './modules/bulk/bulk.routes.ts';
import { createBulkService } from './modules/bulk/bulk.service.ts';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.ts';
import { createDashboardService } from './modules/dashboard/dashboard.service.ts';
import { devRoutes } from './modules/dev/dev.routes.ts';
import { feeSettingsRoutes } from './modules/fees/fee-settings.routes.ts';
import { createFeeSettingsService, type FeeSettingsService } from './modules/fees/fee-settings.service.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { createReadiness } from './modules/health/health.service.ts';
import { metricsRoutes } from './modules/health/metrics.routes.ts';
import { identityRoutes } from './modules/identity/identity.routes.ts';
import { createIdentityService, type IdentityService } from './modules/identity/identity.service.ts';
import { runIdentityRetention } from './modules/identity/retention.ts';
import { createAdminNewsletterService } from './modules/newsletter/admin-newsletter.service.ts';
import { newsletterRoutes } from './modules/newsletter/newsletter.routes.ts';
import { createNewsletterService, createUnsubscribeTokens } from './modules/newsletter/newsletter.service.ts';
import { createAdminNotaryRecordService } from './modules/notaries/admin-notary-record.service.ts';
import { runCommissionChecks } from './modules/notaries/commission-checks.ts';
import { notariesRoutes } from './modules/notaries/notaries.routes.ts';
import {
  createNotariesService,
  findNotaryProfile,
  type NotariesService,
} from './modules/notaries/notaries.service.ts';
import { createRegisterService } from './modules/notaries/register.service.ts';
import { notifyOnTransitions } from './modules/notifications/notification-sources.ts';
import { notificationsRoutes } from './modules/notifications/notifications.routes.ts';
import {
  createNotificationsService,
  type NotificationsService,
} from './modules/notifications/notifications.service.ts';
import { createDirectoryFilter } from './modules/organisations/directory-filter.ts';
import { inHouseNotariesRoutes } from './modules/organisations/in-house-notaries.routes.ts';
import { createInHouseNotariesService } from './modules/organisations/in-house-notaries.service.ts';
import { organisationsRoutes } from './modules/organisations/organisations.routes.ts';
import { createOrganisationsService } from './modules/organisations/organisations.service.ts';
import { adminPaymentsRoutes } from './modules/payments/admin-payments.routes.ts';
import { paymentsRoutes } from './modules/payments/payments.routes.ts';
import { createPaymentsService, type PaymentsService } from './modules/payments/payments.service.ts';
import { createPaymentProvider } from './modules/payments/providers.ts';
import { createRefundsService, type RefundsService } from './modules/payments/refunds.service.ts';
import { createSandboxGateway, type SandboxGateway } from './modules/payments/sandbox-gateway.ts';
import { walletRoutes } from './modules/payments/wallet.routes.ts';
import { createWalletService } from './modules/payments/wallet.service.ts';
import { portalRoutes } from './modules/portal/portal.routes.ts';
import { createPortalService, type PortalService } from './modules/portal/portal.service.ts';
import { createPortalHints, type PortalHints } from './modules/portal/portal-hints.ts';
import {
  createPortalRemindersService,
  type PortalRemindersService,
} from './modules/portal/portal-reminders.service.ts';
import { createPortalStepsService, type PortalStepsService } from './modules/portal/portal-steps.service.ts';
import { dataExportsRoutes } from './modules/privacy/exports.routes.ts';
import { createDataExportsService, type DataExportsService } from './modules/privacy/exports.service.ts';
import { privacyRoutes } from './modules/privacy/privacy.routes.ts';
import { createPrivacyService, type PrivacyService } from './modules/privacy/privacy.service.ts';
import { ratingsRoutes } from './modules/ratings/ratings.routes.ts';
import { createRatingsService } from './modules/ratings/ratings.service.ts';
import { type ComposerService, createComposerService } from './modules/recorder/composer.ts';
import { finishEndedActs } from './modules/recorder/ended-acts.ts';
import { playbackRoutes } from './modules/recorder/playback.routes.ts';
import { createPlaybackService } from './modules/recorder/playback.service.ts';
import {
  createRecorderService,
  RECORDER_FINISH,
  RECORDER_REOPEN,
  type RecorderService,
} from './modules/recorder/recorder.service.ts';
import { createRecorderRetention, type RecorderRetention } from './modules/recorder/recorder-retention.ts';
import { recordingState } from './modules/recorder/recording-state.ts';
import { retentionRoutes } from './modules/retention/retention.routes.ts';
import { createRetentionService, type RetentionService } from './modules/retention/retention.service.ts';
import { sealingRoutes } from './modules/sealing/sealing.routes.ts';
import { createSealingService, type SealingService } from './modules/sealing/sealing.service.ts';
import { createVerifyService } from './modules/sealing/verify.service.ts';
import { failAbandonedSessions } from './modules/sessions/abandoned.ts';
import { bookingsRoutes } from './modules/sessions/bookings.routes.ts';
import { type BookingsService, createBookingsService } from './modules/sessions/bookings.service.ts';
import { callRoutes } from './modules/sessions/call.routes.ts';
import { type CallService, createCallService } from './modules/sessions/call.service.ts';
import { recordingsRoutes } from './modules/sessions/recordings.routes.ts';
import { createRecordingsService, type RecordingsService } from './modules/sessions/recordings.service.ts';
import { createRedisSealProgress, createSealProgress } from './modules/sessions/seal-progress.ts';
import { sessionsRoutes } from './modules/sessions/sessions.routes.ts';
import { createSessionsService, type SessionsService } from './modules/sessions/sessions.service.ts';
import { countLiveCalls, createCallChannel, registerSignalling } from './modules/sessions/signalling.ts';
import { readActFacts } from './modules/signing/act-facts.ts';
import { placementsRoutes } from './modules/signing/placements.routes.ts';
import { createPlacementsService } from './modules/signing/placements.service.ts';
import { signingRoutes } from './modules/signing/signing.routes.ts';
import { createSigningService, type SigningService } from './modules/signing/signing.service.ts';
import { siteRoutes } from './modules/site/site.routes.ts';
import { getSiteInfo } from './modules/site/site.service.ts';
import { createStorageAlerts } from './modules/storage/storage-alerts.service.ts';
import { adminSupportRoutes } from './modules/support/admin-support.routes.ts';
import { createAdminSupportService } from './modules/support/admin-support.service.ts';
import { supportRoutes } from './modules/support/support.routes.ts';
import { createSupportService } from './modules/support/support.service.ts';
import { adminClientsRoutes } from './modules/users/admin-clients.routes.ts';
import { createAdminClientsService } from './modules/users/admin-clients.service.ts';
import { adminTeamRoutes } from './modules/users/admin-team.routes.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { createUsersService, type UsersService } from './modules/users/users.service.ts';
import { emitOnTransitions } from './modules/webhooks/webhook-sources.ts';
import { webhooksRoutes } from './modules/webhooks/webhooks.routes.ts';
import { createWebhooksService, type WebhooksService } from './modules/webhooks/webhooks.service.ts';
import { answerSerializerCompiler } from './platform/answer-serializer.ts';
import {
  databaseAttemptStore,
  pruneAttemptCounters,
  redisAttemptStore,
  withFallback,
} from './platform/attempt-limiter.ts';
import { watchIntegrity } from './platform/blob-encryption.ts';
import type { BlobStore } from './platform/blob-store.ts';
import { registerCompression } from './platform/compression.ts';
import { createEncryptor } from './platform/crypto.ts';
import { objectStorePing } from './platform/data-stores.ts';
import { createDrain, type Drain } from './platform/drain.ts';
import { answerFrameworkError, registerErrorHandling } from './platform/error-handler.ts';
import { createJobs, type JobLog, type Jobs } from './platform/jobs.ts';
import { loggerOptions } from './platform/logger.ts';
import { createMailer, type Mailer } from './platform/mailer.ts';
import { createMetrics, type Metrics } from './platform/metrics.ts';
import { createPgBossJobs, type PgBossTuning, poolDb } from './platform/pg-boss-jobs.ts';
import { createPreparedAnswers } from './platform/prepared-answers.ts';
import { redisRateLimitStore } from './platform/rate-limit-store.ts';
import { createRealtime, type Realtime } from './platform/realtime.ts';
import { registerRecordAccess } from './platform/record-access.ts';
import { safeTextValidatorCompiler } from './platform/request-text.ts';
import { registerRouteTable } from './platform/route-table.ts';
import { generateRequestId, registerSecurity, securityHeaders } from './platform/security.ts';
import { registerSpa } from './platform/spa.ts';

export const API_PREFIX = '/api/v1';
const POLLED_PATHS = new Set([`${API_PREFIX}/health`, `${API_PREFIX}/health/ready`, '/metrics']);

export type AppDeps = {
  config: AppConfig;
  database: DatabaseHandle;
  blobStore: BlobStore;
  /** 32 bytes (platform/crypto.ts loadEncryptionKey): MFA secrets and the blob store are encrypted with it. */
  encryptionKey: Buffer;
  /** ENCRYPTION_KEY_PREVIOUS during a rotation: values sealed with it still open; nothing new is sealed with it. */
  encryptionKeyPrevious?: Buffer;
  /** The built web app (apps/web/dist); null serves a "not built" page. */
  webRoot: string | null;
  logger?: FastifyServerOptions['logger'];
  /** Log each request; by default everywhere but in tests. */
  logRequests?: boolean;
  /** The clock for service hours and request deadlines (tests set the hour). */
  now?: () => Date;
  /** Tests shorten pg-boss's passes and retries (JOB_QUEUE=pg-boss). */
  jobTuning?: PgBossTuning;
};

/**
 * Background work: on pg-boss with PostgreSQL (each job once across processes; JOB_QUEUE, by default with
 * DATABASE_URL), else timers in this process. Tests build apps on PostgreSQL without DATABASE_URL: in process unless
 * a test asks for the queue.
 */
function createJobRegistry(options: {
  config: AppConfig;
  database: DatabaseHandle;
  log: JobLog;
  tuning: PgBossTuning | undefined;
}): Jobs {
  if (options.config.jobQueue === 'in-process') return createJobs({ log: options.log });
  if (!options.database.pool) throw new Error('JOB_QUEUE=pg-boss needs PostgreSQL (DATABASE_URL)');
  return createPgBossJobs({ log: options.log, db: poolDb(options.database.pool), tuning: options.tuning });
}

/** The composition root: every module is registered here, explicitly, with its dependencies. */
export async function buildApp(deps: AppDeps) {
  const { config, database } = deps;
  const headers = securityHeaders({
    isProduction: config.env === 'production',
    razorpayCheckout: config.payments.provider === 'razorpay',
  });
  const logsRequests = deps.logRequests ?? config.env !== 'test';
  // Public answers held ready (the resources list) are sent by the HTTP server before Fastify's routing and hooks.
  const preparedAnswers = createPreparedAnswers({ headers: headers.apiJson });
  // SIGTERM (main.ts): from `drain.begin`, new requests are refused before anything else runs, prepared ones too.
  const drain = createDrain({ onBegin: () => preparedAnswers.close() });
  const metrics = createMetrics();
  const app = Fastify({
    serverFactory: (handler, options) => preparedAnswers.serverFactory(drain.gate(handler), options),
    logger: deps.logger ?? loggerOptions(config),
    genReqId: generateRequestId,
    frameworkErrors: answerFrameworkError,
    trustProxy: config.trustProxy,
    logController: new LogController({
      requestIdLogLabel: 'requestId',
      // Health checks and scrapes arrive every few seconds from load balancers and Prometheus: logging each one
      // buries real traffic.
      disableRequestLogging: (request) => !logsRequests || POLLED_PATHS.has(request.url),
    }),
  }).withTypeProvider<ZodTypeProvider>();

  // Every route registered from here on is timed by its pattern (GET /metrics).
  metrics.timeRoutes(app);
  app.setValidatorCompiler(safeTextValidatorCompiler);
  app.setSerializerCompiler(answerSerializerCompiler);
  registerErrorHandling(app);
  registerRouteTable(app);

  await registerSecurity(app, { publicUrl: config.publicUrl, headers });
  // Before compression: the first answer to an Idempotency-Key is stored as text (decision 0070).
  const idempotency = createIdempotencyService({ db: deps.database.db, now: deps.now });
  registerIdempotency(app, { idempotency, apiPrefix: API_PREFIX });
  await registerCompression(app, { apiPrefix: API_PREFIX });
  await app.register(cookie);
  // Uploads are read by the route (request.file) with per-route limits; nothing is attached to the body.
  await app.register(multipart, { limits: { fileSize: 10 * 1024 * 1024, files: 1, fields: 5 } });
  // With REDIS_URL the limits hold across processes; if Redis stops answering, requests go through (and it is
  // logged) rather than every sign-in failing.
  // Without the offline queue a command fails at once while Redis is away, instead of waiting for it to come back.
  // The client library is loaded only then: a process without Redis does not keep it in memory.
  const rateLimitRedis = config.redisUrl
    ? (await import('redis')).createClient({ url: config.redisUrl, disableOfflineQueue: true })
    : null;
  if (rateLimitRedis) {
    rateLimitRedis.on('error', (error: Error) =>
      app.log.error({ err: { message: error.message } }, 'rate limits: redis'),
    );
    await rateLimitRedis.connect();
    app.addHook('onClose', async () => {
      // close() waits for a Redis that may not come back; destroy() does not wait.
      if (rateLimitRedis.isReady) await rateLimitRedis.close().catch(() => undefined);
      else rateLimitRedis.destroy();
    });
  }
  await app.register(rateLimit, {
    global: false,
    ...(rateLimitRedis
      ? { store: redisRateLimitStore(rateLimitRedis, config.redisKeyPrefix), skipOnError: true }
      : {}),
  });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Mohar API',
        version: '1.0.0',
        description: 'Online notarisation by live video, India.',
      },
      servers: [{ url: config.publicUrl }],
      components: { securitySchemes },
    },
    transform: jsonSchemaTransform,
    transformObject: (documents) =>
      withApiKeyExamples(
        ('openapiObject' in documents ? documents.openapiObject : {}) as Record<string, unknown>,
      ),
  });
  await app.register(swaggerUi, { routePrefix: `${API_PREFIX}/docs` });

  const encryptor = createEncryptor(deps.encryptionKey, deps.encryptionKeyPrevious);
  // Every poll, sweep and delayed delivery runs here; started once realtime is up, stopped before the database closes.
  const jobs = createJobRegistry({ config, database, log: app.log, tuning: deps.jobTuning });
  const mailer = createMailer({
    db: database.db,
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    logger: app.log,
    jobs,
  });
  // Every module reads files through this: a file that fails its integrity check is logged and admins are alerted.
  const storageAlerts = createStorageAlerts({ db: database.db, mailer, log: app.log, now: deps.now });
  const blobStore = watchIntegrity(deps.blobStore, storageAlerts.onIntegrityFailure);
  // A purge that fails (identity images at 90 days, recordings past retention) is recorded and alerted here.
  const retentionService = createRetentionService({
    db: database.db,
    mailer,
    log: app.log,
    publicUrl: config.publicUrl,
    now: deps.now,
  });

  // Wrong-password counters: in the Redis the rate limits use, else in the database; every process sees the same.
  const attempts = rateLimitRedis
    ? withFallback(
        redisAttemptStore(rateLimitRedis, config.redisKeyPrefix),
        databaseAttemptStore(database.db),
        (error) =>
          app.log.error(
            { err: { message: error.message } },
            'wrong-password counters: redis, using the database',
          ),
      )
    : databaseAttemptStore(database.db);
  const authService = createAuthService({
    db: database.db,
    mailer,
    config,
    encryptor,
    attempts,
    now: deps.now,
  });
  const notificationsService = createNotificationsService({
    db: database.db,
    config,
    mailer,
    log: app.log,
    jobs,
  });
  // Organisations' webhooks (decision 0071): other modules emit in their transactions; the queue delivers. Managers
  // are checked by the organisations module, created further down (asked only at request time).
  const webhooksService = createWebhooksService({
    db: database.db,
    jobs,
    config,
    encryptor,
    assertManager: (organisationId, userId) => organisationsService.assertManager(organisationId, userId),
    log: app.log,
    now: deps.now,
  });
  webhooksService.registerJobs({ isScheduled: config.isScheduled });
  const usersService = createUsersService({ db: database.db });
  const guard = createAuthGuard({ authService, config });
  const notariesService = createNotariesService({
    db: database.db,
    blobStore,
    mailer,
    config,
    encryptor,
    encryptionKey: deps.encryptionKey,
    encryptionKeyPrevious: deps.encryptionKeyPrevious,
    notificationsService,
  });
  const registerService = createRegisterService({ db: database.db });
  const clock = deps.now;
  const feeSettings = createFeeSettingsService({
    db: database.db,
    config,
    now: clock && (() => clock().getTime()),
  });
  const organisationsService = createOrganisationsService({
    db: database.db,
    mailer,
    publicUrl: config.publicUrl,
    now: deps.now,
  });
  // An organisation's own notaries (decision 0074): they get its requests first or only, and
  // under its "only" setting are the only notaries its applications may name (decision 0091).
  const inHouseNotariesService = createInHouseNotariesService({
    db: database.db,
    organisationsService,
    notaries: {
      findByRegistration: async (number) => (await notariesService.verifyRegistration(number)).notary,
      findProfile: (id) => findNotaryProfile(database.db, id),
    },
    now: deps.now,
  });
  const applicationsService = createApplicationsService({
    db: database.db,
    blobStore,
    config,
    notariesService,
    feeSettings,
    allowedNotariesFor: inHouseNotariesService.allowedNotariesFor,
  });
  const paymentProvider = createPaymentProvider(config, deps.encryptionKey);
  const paymentsService = createPaymentsService({
    db: database.db,
    config,
    provider: paymentProvider,
    applicationsService,
    mailer,
    notificationsService,
    log: app.log,
    webhooks: webhooksService,
  });
  const refundsService = createRefundsService({
    db: database.db,
    config,
    mailer,
    notificationsService,
    webhooks: webhooksService,
  });
  const portalService = createPortalService({ db: database.db, mailer, config, applicationsService });
  const portalReminders = createPortalRemindersService({
    db: database.db,
    mailer,
    config,
    portalService,
    now: clock,
  });
  const portalSteps = createPortalStepsService({
    db: database.db,
    mailer,
    config,
    portalService,
    // Declared below; only called after a request's change has committed.
    onProgress: ({ ownerId, applicationId }) =>
      realtime.toUser(ownerId, APPLICATION_UPDATED_EVENT, { applicationId }),
  });
  const identityService = createIdentityService({
    db: database.db,
    blobStore,
    config,
    portalService,
    applicationsService,
    notificationsService,
    log: app.log,
  });
  const walletService = createWalletService({ db: database.db });
  notifyOnTransitions({ applicationsService, notificationsService });
  emitOnTransitions({ applicationsService, webhooksService });
  const bookingsService = createBookingsService({
    db: database.db,
    config,
    mailer,
    applicationsService,
    allowedNotariesFor: inHouseNotariesService.allowedNotariesFor,
    now: clock,
  });
  const sessionsService = createSessionsService({
    db: database.db,
    config,
    applicationsService,
    notificationsService,
    mailer,
    bookedNotary: bookingsService.takeBookedNotary,
    inHouseRoute: inHouseNotariesService.routeFor,
    now: deps.now,
  });
  const realtime = createRealtime({
    server: app.server,
    redisUrl: config.redisUrl,
    redisKeyPrefix: config.redisKeyPrefix,
    allowedOrigins: (origin) => isAllowedOrigin(origin, config),
    authenticate: createSocketAuthenticator({
      authService,
      config,
      resolvePortalLink: portalService.resolveLinkHolder,
    }),
    log: app.log,
  });
  // With several processes the seal runs on one and the person rejoining may reach another: the stage lives in Redis.
  const sealProgress = rateLimitRedis
    ? createRedisSealProgress(rateLimitRedis, config.redisKeyPrefix)
    : createSealProgress();
  // The composed view of each act's server recording, made by a job after the act (decision 0084).
  const composerService = createComposerService({
    db: database.db,
    blobStore,
    jobs,
    signAsPlatform: notariesService.signAsPlatform,
    isEnabled: config.recorder.compose,
    isScheduled: config.isScheduled,
    log: app.log,
  });
  // The server recorder (issue 24), the only one: every browser sends it its media (decisions 0076, 0081).
  const recorderService = createRecorderService({
    db: database.db,
    blobStore,
    ice: config.ice,
    signAsPlatform: notariesService.signAsPlatform,
    gapMs: config.recorder.gapMs,
    partBytes: config.recorder.partBytes,
    onEnded: (applicationId) =>
      void composerService
        .queue(applicationId)
        .catch((error: unknown) => app.log.error({ err: error, applicationId }, 'composition not queued')),
    retentionYears: config.recordingRetentionYears,
    // With Redis, participants of one call may be recorded by several processes (decision 0083).
    others: {
      finish: (applicationId) => realtime.askOthers(RECORDER_FINISH, applicationId),
      reopen: (applicationId) => realtime.askOthers(RECORDER_REOPEN, applicationId),
    },
    // Someone's media stopped or came back: everyone in the call hears the recording's state (and who is missing).
    onChange: (applicationId) =>
      void recordingState(database.db, applicationId)
        .then(({ state, missing }) =>
          callChannel.toCall(applicationId, CALL_EVENTS.recording, {
            state,
            missing,
            at: new Date().toISOString(),
          }),
        )
        .catch(() => {}),
    log: app.log,
  });
  registerSignalling({
    io: realtime.io,
    db: database.db,
    ice: config.ice,
    sealProgress,
    recorder: recorderService,
  });
  // Declared below; only called after a request's change (an identity decision, a signature) has committed.
  const callChannel = createCallChannel(realtime.io, {
    onActChange: (applicationId) => portalHints.noteAct(applicationId),
    sealProgress,
  });
  applicationsService.provideActFacts(readActFacts);
  const callService = createCallService({
    db: database.db,
    applicationsService,
    recorder: recorderService,
  });
  const signingService = createSigningService({ db: database.db, blobStore });
  const placementsService = createPlacementsService({ db: database.db, blobStore, applicationsService });
  const sealingService = createSealingService({
    db: database.db,
    blobStore,
    config,
    mailer,
    applicationsService,
    notariesService,
    notificationsService,
    signingService,
    portalService,
    onStage: (applicationId, stage) => callChannel.toCall(applicationId, CALL_EVENTS.sealStage, { stage }),
    onSealed: metrics.observeSeal,
    recorder: recorderService,
  });
  const portalHints = createPortalHints({
    db: database.db,
    applicationsService,
    emit: (room, event, payload) => realtime.io.to(room).emit(event, payload),
    toUser: (userId, event, payload) => realtime.toUser(userId, event, payload),
  });
  notificationsService.connect(realtime);
  metrics.watch({
    jobStats: () => jobs.stats(),
    outboxes: async () => {
      const [mail, notifications] = await Promise.all([mailer.outboxLag(), notificationsService.outboxLag()]);
      return { mail, notifications };
    },
    liveSockets: () => realtime.liveSockets(),
    liveCalls: () => countLiveCalls(realtime.io),
    log: app.log,
  });
  realtime.whenAsked(RECORDER_FINISH, (id) => recorderService.finishHere(String(id)));
  realtime.whenAsked(RECORDER_REOPEN, async (id) => recorderService.reopenHere(String(id)));
  app.addHook('onReady', async () => {
    await realtime.start();
    await jobs.start();
  });
  // Open websockets would keep the server from closing: they go first, once the recorder has handed over what it
  // records here (each take stored and chained, a "process restart" gap per person; decision 0083), so the process
  // that receives their media next finds the gap.
  app.addHook('preClose', async () => {
    await recorderService.handOver();
    realtime.disconnectAll();
  });
  app.addHook('onClose', async () => {
    await recorderService.close();
    await jobs.stop();
    await realtime.close();
  });
  // A change request has committed by the time its response is sent: push what it notified without waiting.
  // (A synchronous hook: reads, most requests, make no promise here.)
  app.addHook('onResponse', (request, _reply, done) => {
    if (request.method === 'GET' || request.method === 'HEAD') {
      done();
      return;
    }
    notificationsService.kick();
    webhooksService.kick();
    portalHints
      .flush()
      .catch((error: unknown) => app.log.warn({ err: error }, 'portal hints failed'))
      .finally(() => done());
  });
  const sandboxGateway = createSandboxGateway({
    db: database.db,
    provider: paymentProvider,
    webhookDelayMs: config.payments.sandboxWebhookDelayMs,
    deliverWebhook: (delivery) => paymentsService.handleWebhook(delivery),
    jobs,
  });
  const recordingsService = createRecordingsService({
    db: database.db,
    blobStore,
    onPurgeFailure: retentionService.recordFailure,
  });
  // The server recording's parts past their retention (decision 0085), in the same job as the browser recordings.
  const recorderRetention = createRecorderRetention({
    db: database.db,
    blobStore,
    onPurgeFailure: retentionService.recordFailure,
  });
  const purgeRecordings = async () =>
    (await recordingsService.purgeExpired()) + (await recorderRetention.purgeExpired());
  if (config.isScheduled) {
    // Requests nobody accepted in time go back to the participants (idempotent, locked rows); live sessions nobody
    // has been in for SESSION_ABANDON_MINUTES end as failed.
    jobs.register({
      name: 'sessions.sweep',
      intervalMs: 15_000,
      run: async () => {
        await Promise.all([
          sessionsService.expireDue(),
          sessionsService.sendDueReminders(),
          sealingService.resumeInterrupted(),
          failAbandonedSessions({
            db: database.db,
            io: realtime.io,
            applicationsService,
            minutes: config.sessionAbandonMinutes,
          }),
        ]);
        await portalHints.flush();
      },
    });
    // Hourly and once at start (each is idempotent), so a stopped server catches up: commission reminders and
    // lapses, identity images 90 days after capture, recordings past their retention.
    const hourly = { intervalMs: 3_600_000, runAtStart: true };
    jobs.register({
      ...hourly,
      name: 'notaries.commission-checks',
      run: () => runCommissionChecks({ db: database.db, mailer, publicUrl: config.publicUrl }),
    });
    jobs.register({
      ...hourly,
      name: 'identity.retention',
      run: () =>
        runIdentityRetention({ db: database.db, blobStore, onFailure: retentionService.recordFailure }),
    });
    jobs.register({ ...hourly, name: 'recordings.retention', run: purgeRecordings });
    // Acts that ended without the recorder told (abandoned, marked failed by support): their manifest is stored.
    jobs.register({
      ...hourly,
      name: 'recorder.ended-acts',
      run: () => finishEndedActs({ db: database.db, recorder: recorderService }),
    });
    // Withdrawals of consent whose 30 days' notice is over: the account closes (issue 26). Idempotent: a closed
    // request is no longer pending.
    jobs.register({ ...hourly, name: 'privacy.closures', run: () => privacyService.closeDue() });
    // Idempotency-Key answers past their 24 hours (decision 0070).
    jobs.register({ ...hourly, name: 'api.idempotency-purge', run: () => idempotency.purgeExpired() });
    // Data exports past their 7 days: the archive is deleted (idempotent: an expired row is not `ready`).
    jobs.register({ ...hourly, name: 'privacy.export-expiry', run: () => dataExports.expireDue() });
    // Every quarter of an hour, so a reminder due overnight goes out soon after the service opens at 10:00 IST.
    // Booked sessions: reminders 24 hours and 15 minutes before (each once), and no-shows recorded.
    jobs.register({
      name: 'sessions.booking-reminders',
      intervalMs: 60_000,
      runAtStart: true,
      run: async () => {
        await bookingsService.sendDueReminders();
        await bookingsService.recordNoShows();
      },
    });
    jobs.register({
      name: 'portal.reminders',
      intervalMs: 15 * 60_000,
      runAtStart: true,
      run: async () => void (await portalReminders.sendDueReminders()),
    });
    if (!rateLimitRedis) {
      // Counters whose window ended (Redis keys expire by themselves).
      jobs.register({ ...hourly, name: 'attempts.prune', run: () => pruneAttemptCounters(database.db) });
    }
  }
  const blogService = createBlogService({
    db: database.db,
    blobStore,
    now: clock && (() => clock().getTime()),
  });
  const blogAdmin = createBlogAdminService({ db: database.db, blobStore, blogService, now: clock });
  const unsubscribeTokens = createUnsubscribeTokens(deps.encryptionKey);
  const newsletterService = createNewsletterService({ db: database.db, config, mailer, unsubscribeTokens });
  const dataExports = createDataExportsService({
    db: database.db,
    config,
    mailer,
    blobStore,
    jobs,
    log: app.log,
    applicationsService,
    paymentsService,
    sealingService,
    bookingsService,
    notificationsService,
    now: deps.now,
  });
  const privacyService = createPrivacyService({
    db: database.db,
    config,
    mailer,
    authService,
    applicationsService,
    refundsService,
    notificationsService,
    newsletterService,
    dataExports,
    onSessionsEnded: (userId) => realtime.endUser(userId),
    now: deps.now,
  });
  const adminNewsletterService = createAdminNewsletterService({
    db: database.db,
    config,
    mailer,
    unsubscribeTokens,
  });
  const supportService = createSupportService({ db: database.db, config });
  // Plans, the trial, subscriptions and monthly invoices of organisations (decision 0073).
  const billing = createBillingModule({
    db: database.db,
    config,
    encryptionKey: deps.encryptionKey,
    organisationsService,
    paymentsService,
    wallet: walletService,
    jobs,
    guard,
    now: deps.now,
  });
  const organisationScope = (userId: string, actingAs: string | null) =>
    organisationsService.scopeOf(userId, actingAs);
  // API keys act for their organisation on the routes that name a key scope (decision 0070).
  const apiKeysService = createApiKeysService({
    db: database.db,
    organisations: organisationsService,
    environment: config.env === 'production' ? 'live' : 'test',
  });
  registerApiKeyAuth(app, { apiKeys: apiKeysService, config, apiPrefix: API_PREFIX });
  const adminSupportService = createAdminSupportService({ db: database.db, config, mailer, now: deps.now });

  // A signed-in caller who cannot see the application gets its 404 before what they sent is parsed or validated.
  registerRecordAccess(app, [
    {
      prefix: `${API_PREFIX}/applications/:id`,
      check: applicationAccessCheck(applicationsService, organisationScope),
    },
    // A session's id is its application's: its notary (the assigned one), its owner and admins may see it.
    {
      prefix: `${API_PREFIX}/sessions/:id`,
      check: applicationAccessCheck(applicationsService, organisationScope),
    },
  ]);
  const readiness = createReadiness({
    database: {
      label: database.driver === 'pglite' ? 'the embedded database' : 'PostgreSQL',
      ping: () => database.ping(),
    },
    // Without the offline queue the command fails at once while Redis is away.
    redis: rateLimitRedis ? () => rateLimitRedis.ping() : null,
    objectStore: objectStorePing(config),
  });
  await app.register(healthRoutes({ pingDatabase: () => database.ping(), readiness }), {
    prefix: API_PREFIX,
  });
  await app.register(metricsRoutes({ metrics, token: config.metricsToken }));
  await app.register(siteRoutes({ config, feeSettings }), { prefix: API_PREFIX });
  await app.register(blogRoutes({ blogService, preparedAnswers }), { prefix: API_PREFIX });
  await app.register(newsletterRoutes({ newsletterService, adminNewsletterService, guard }), {
    prefix: API_PREFIX,
  });
  await app.register(supportRoutes({ supportService, guard }), { prefix: API_PREFIX });
  await app.register(adminSupportRoutes({ guard, adminSupportService }), { prefix: API_PREFIX });
  await app.register(
    authRoutes({ authService, guard, config, onLogout: (sessionId) => realtime.endSession(sessionId) }),
    { prefix: API_PREFIX },
  );
  await app.register(usersRoutes({ usersService, authService, guard }), { prefix: API_PREFIX });
  await app.register(
    adminClientsRoutes({
      guard,
      authService,
      adminClientsService: createAdminClientsService({
        authService,
        applicationsService,
        walletService,
        notificationsService,
      }),
      onSessionsEnded: (userId) => realtime.endUser(userId),
    }),
    { prefix: API_PREFIX },
  );
  await app.register(
    adminTeamRoutes({ guard, authService, onSessionsEnded: (userId) => realtime.endUser(userId) }),
    { prefix: API_PREFIX },
  );
  await app.register(stepUpRoutes({ guard, authService }), { prefix: API_PREFIX });
  await app.register(
    auditRoutes({
      guard,
      auditService: createAuditService({
        db: database.db,
        accounts: {
          findContacts: findUserContacts,
          findIdsMatching: findUserIdsMatching,
          findIdByEmail: findUserIdByEmail,
        },
      }),
    }),
    { prefix: API_PREFIX },
  );
  const ratingsService = createRatingsService({ db: database.db });
  const adminNotaryRecordService = createAdminNotaryRecordService({
    db: database.db,
    applicationsService,
    registerService,
    ratingsService,
    now: deps.now,
  });
  await app.register(
    notariesRoutes({
      notariesService,
      registerService,
      guard,
      adminNotaryRecordService,
      directoryScopeFor: createDirectoryFilter({ guard, organisationsService, inHouseNotariesService }),
    }),
    { prefix: API_PREFIX },
  );
  await app.register(applicationsRoutes({ applicationsService, guard, config, organisationScope }), {
    prefix: API_PREFIX,
  });
  await app.register(webhooksRoutes({ webhooksService, guard }), { prefix: API_PREFIX });
  await app.register(apiKeysRoutes({ apiKeysService, guard }), { prefix: API_PREFIX });
  await app.register(organisationsRoutes({ organisationsService, guard, wallet: walletService }), {
    prefix: API_PREFIX,
  });
  await app.register(billing.routes, { prefix: API_PREFIX });
  await app.register(inHouseNotariesRoutes({ inHouseNotariesService, guard }), { prefix: API_PREFIX });
  await app.register(
    bulkRoutes({
      bulkService: createBulkService({
        db: database.db,
        applicationsService,
        organisationsService,
        now: deps.now,
      }),
      guard,
      config,
    }),
    { prefix: API_PREFIX },
  );
  await app.register(ratingsRoutes({ ratingsService, guard }), { prefix: API_PREFIX });
  await app.register(
    portalRoutes({ guard, portalService, portalSteps, portalReminders, bookings: bookingsService }),
    {
      prefix: API_PREFIX,
    },
  );
  await app.register(identityRoutes({ identityService, guard }), { prefix: API_PREFIX });
  await app.register(
    paymentsRoutes({
      guard,
      applicationsService,
      paymentsService,
      refundsService,
      sandboxGateway,
    }),
    { prefix: API_PREFIX },
  );
  await app.register(adminPaymentsRoutes({ guard, refundsService, applicationsService }), {
    prefix: API_PREFIX,
  });
  await app.register(walletRoutes({ guard, walletService }), { prefix: API_PREFIX });
  await app.register(privacyRoutes({ guard, privacyService }), { prefix: API_PREFIX });
  await app.register(dataExportsRoutes({ guard, dataExports }), { prefix: API_PREFIX });
  await app.register(retentionRoutes({ guard, retentionService }), { prefix: API_PREFIX });
  const adminApplicationsService = createAdminApplicationsService({
    db: database.db,
    applicationsService,
    paymentsService,
    sealingService,
    now: deps.now,
  });
  await app.register(adminApplicationsRoutes({ guard, adminApplicationsService }), { prefix: API_PREFIX });
  await app.register(
    dashboardRoutes({
      guard,
      dashboardService: createDashboardService({
        db: database.db,
        refundsService,
        adminApplicationsService,
        supportService: adminSupportService,
      }),
    }),
    { prefix: API_PREFIX },
  );
  await app.register(feeSettingsRoutes({ guard, feeSettings }), { prefix: API_PREFIX });
  await app.register(adminBlogRoutes({ guard, blogAdmin }), { prefix: API_PREFIX });
  await app.register(notificationsRoutes({ guard, notificationsService }), { prefix: API_PREFIX });
  await app.register(sessionsRoutes({ guard, sessionsService, applicationsService, portalService }), {
    prefix: API_PREFIX,
  });
  await app.register(bookingsRoutes({ guard, bookingsService, applicationsService }), { prefix: API_PREFIX });
  await app.register(recordingsRoutes({ guard, recordingsService }), { prefix: API_PREFIX });
  await app.register(
    playbackRoutes({ guard, playbackService: createPlaybackService({ db: database.db, blobStore }) }),
    { prefix: API_PREFIX },
  );
  await app.register(
    callRoutes({
      guard,
      callService,
      portalService,
      applicationsService,
      channel: callChannel,
    }),
    { prefix: API_PREFIX },
  );
  await app.register(
    signingRoutes({
      guard,
      signingService,
      portalService,
      channel: callChannel,
      liveSessionOf: callService.liveSessionOf,
    }),
    { prefix: API_PREFIX },
  );
  await app.register(
    placementsRoutes({ guard, placementsService, liveSessionOf: callService.liveSessionOf }),
    { prefix: API_PREFIX },
  );
  await app.register(
    sealingRoutes({
      guard,
      sealingService,
      verifyService: createVerifyService({ db: database.db }),
      applicationsService,
      portalService,
      channel: callChannel,
      liveSessionOf: callService.liveSessionOf,
    }),
    { prefix: API_PREFIX },
  );
  // Never in production: the mailbox would show everyone's links.
  if (config.env !== 'production')
    await app.register(devRoutes({ mailer, guard, notificationsService }), { prefix: API_PREFIX });

  // For main.ts (admin bootstrap, demo accounts) and tests: the same instances the routes use.
  app.decorate('mohar', {
    drain,
    metrics,
    jobs,
    mailer,
    authService,
    usersService,
    notariesService,
    applicationsService,
    feeSettings,
    paymentsService,
    refundsService,
    sandboxGateway,
    guard,
    notificationsService,
    realtime,
    sessionsService,
    bookingsService,
    recordingsService,
    recorderService,
    composerService,
    recorderRetention,
    purgeRecordings,
    callService,
    sealingService,
    signingService,
    portalService,
    portalSteps,
    portalReminders,
    identityService,
    portalHints,
    privacyService,
    webhooksService,
    billing: billing.services,
    dataExports,
    retentionService,
  });

  // Browser tests' set-up (E2E_FIXTURES, refused in production by config.ts): signs anyone in without a password, so
  // only a test server has it, and the module (with the test data builders) is not even loaded otherwise.
  if (config.env === 'test' && config.e2eFixtures) {
    const { testFixturesRoutes } = await import('./modules/test-fixtures/test-fixtures.routes.ts');
    await app.register(
      testFixturesRoutes({
        context: {
          db: database.db,
          blobStore,
          config,
          encryptionKey: deps.encryptionKey,
          services: app.mohar,
        },
      }),
      { prefix: API_PREFIX },
    );
    const { recordingExportRoutes } = await import('./modules/test-fixtures/recording-export.routes.ts');
    await app.register(recordingExportRoutes({ recorder: recorderService }), { prefix: API_PREFIX });
  }

  await registerSpa(app, {
    webRoot: deps.webRoot,
    bootData: { siteInfo: getSiteInfo(config) },
    support: { phone: config.supportPhone, email: config.supportEmail },
    resourcesImage: blogService.firstCardImage,
    articleMeta: (slug) => blogService.articleMeta({ slug, publicUrl: config.publicUrl }),
  });
  // A request answered before Fastify is not logged: only while requests are not (the production level, tests).
  // While closing, every request goes to Fastify, which refuses new ones.
  if (!(logsRequests && ['trace', 'debug', 'info'].includes(app.log.level))) preparedAnswers.open();
  app.addHook('preClose', (done) => {
    preparedAnswers.close();
    done();
  });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;

/** Websockets from our own pages only; in development also the Vite dev server on localhost. */
function isAllowedOrigin(origin: string, config: AppConfig): boolean {
  if (origin === new URL(config.publicUrl).origin) return true;
  return config.env !== 'production' && /^https?:\/\/(localhost|127\.0\.0\.1)(:\d+)?$/.test(origin);
}

declare module 'fastify' {
  interface FastifyInstance {
    mohar: {
      drain: Drain;
      metrics: Metrics;
      jobs: Jobs;
      mailer: Mailer;
      authService: AuthService;
      usersService: UsersService;
      notariesService: NotariesService;
      applicationsService: ApplicationsService;
      feeSettings: FeeSettingsService;
      paymentsService: PaymentsService;
      refundsService: RefundsService;
      sandboxGateway: SandboxGateway;
      guard: AuthGuard;
      notificationsService: NotificationsService;
      realtime: Realtime;
      sessionsService: SessionsService;
      bookingsService: BookingsService;
      recordingsService: RecordingsService;
      recorderService: RecorderService;
      composerService: ComposerService;
      recorderRetention: RecorderRetention;
      /** The recordings' retention job: the browser recordings' and the server recordings' purges (decision 0085). */
      purgeRecordings: () => Promise<number>;
      callService: CallService;
      sealingService: SealingService;
      signingService: SigningService;
      portalService: PortalService;
      portalSteps: PortalStepsService;
      portalReminders: PortalRemindersService;
      identityService: IdentityService;
      portalHints: PortalHints;
      privacyService: PrivacyService;
      webhooksService: WebhooksService;
      billing: BillingModule['services'];
      dataExports: DataExportsService;
      retentionService: RetentionService;
    };
  }
}
