import {
  ACTING_AS_HEADER,
  applicationDraftRequest,
  applicationEventsResponse,
  applicationListQuery,
  applicationListResponse,
  applicationResponse,
  cancelApplicationRequest,
  errorResponse,
  messageResponse,
  ORGANISATION_ERROR_CODES,
  recordIdParams,
  signatoriesRequest,
} from '@mohar/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppConfig } from '../../config.ts';
import { AppError } from '../../platform/app-error.ts';
import { isUuid } from '../../platform/ids.ts';
import { perSessionLimit } from '../../platform/rate-limits.ts';
import { type AuthGuard, authOf } from '../auth/auth.guard.ts';
import { applicationErrors } from './applications.errors.ts';
import type {
  Actor,
  ApplicationsService,
  ReadableApplication,
  Viewer,
  ViewerOrganisations,
} from './applications.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The application the record-access check read for this caller; the view reuses it (one read, not two). */
    readableApplication?: ReadableApplication;
    /** The caller's organisations and for whom they act, read once per request (decision 0068). */
    viewerOrganisations?: ViewerOrganisations;
  }
}

/**
 * The organisations module's check of the `X-Acting-As` header: the organisation the request acts for, if the person
 * belongs to it (404 otherwise). Asked only when the header is sent: a personal request costs no query.
 */
export type OrganisationScopeOf = (userId: string, actingAs: string) => Promise<ViewerOrganisations>;
const PERSONAL: ViewerOrganisations = { actingFor: null, managesActing: false };

async function organisationsOf(request: FastifyRequest, scopeOf: OrganisationScopeOf | undefined) {
  if (request.viewerOrganisations) return request.viewerOrganisations;
  const auth = request.auth;
  const header = request.headers[ACTING_AS_HEADER];
  const actingAs = typeof header === 'string' && header !== '' ? header : null;
  if (actingAs !== null && !isUuid(actingAs)) throw organisationHeaderRefused();
  const scope =
    auth && scopeOf && actingAs && auth.user.role === 'client'
      ? await scopeOf(auth.user.id, actingAs)
      : PERSONAL;
  request.viewerOrganisations = scope;
  return scope;
}
const organisationHeaderRefused = () =>
  new AppError({
    statusCode: 404,
    code: ORGANISATION_ERROR_CODES.notMember,
    message: 'You do not belong to this organisation. Choose your personal account or another organisation.',
  });

/**
 * The record-access check (platform/record-access.ts) of routes under an application's id: a signed-in caller who
 * cannot read it gets its 404 before their body is looked at; the row read is kept on the request for the handler.
 */
export function applicationAccessCheck(
  service: Pick<ApplicationsService, 'readableRow'>,
  scopeOf?: OrganisationScopeOf,
) {
  return async (request: FastifyRequest, id: string) => {
    const auth = request.auth;
    if (!auth) return;
    const organisations = await organisationsOf(request, scopeOf);
    const row = await service.readableRow(id, { userId: auth.user.id, role: auth.user.role, organisations });
    if (organisations.organisationOnly && row.organisationId !== organisations.actingFor) {
      throw applicationErrors.notFound();
    }
    request.readableApplication = row;
  };
}

const errors = {
  400: errorResponse,
  401: errorResponse,
  403: errorResponse,
  404: errorResponse,
  409: errorResponse,
};
const idParams = recordIdParams;
/** OpenAPI: these routes take the session cookie or an organisation's API key (decision 0070). */
const keyOrSession: Array<Record<string, string[]>> = [{ session: [] }, { apiKey: [] }];

/** A malformed id is just another application the caller cannot see: 404, like any other. */
const idOf = (request: { params: { id: string } }) => {
  if (!isUuid(request.params.id)) throw applicationErrors.notFound();
  return request.params.id;
};
const emptyBody = z.strictObject({}).optional();

const viewerIn = async (
  request: FastifyRequest,
  scopeOf: OrganisationScopeOf | undefined,
): Promise<Viewer> => {
  const { user } = authOf(request);
  return { userId: user.id, role: user.role, organisations: await organisationsOf(request, scopeOf) };
};
const actorOf = (request: FastifyRequest): Actor => {
  const { user } = authOf(request);
  return { userId: user.id, role: user.role, ip: request.ip };
};

/** The private PDF goes out as a file the browser will not sniff, and runs sandboxed if opened directly. */
function sendPdf(reply: FastifyReply, file: { body: NodeJS.ReadableStream; fileName: string }) {
  const asciiName = file.fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return reply
    .header('content-type', 'application/pdf')
    .header(
      'content-disposition',
      `inline; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
    )
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "sandbox; default-src 'none'; style-src 'unsafe-inline'")
    .header('cache-control', 'private, no-store')
    .send(file.body);
}

export function applicationsRoutes(deps: {
  applicationsService: ApplicationsService;
  guard: AuthGuard;
  config: AppConfig;
  organisationScope?: OrganisationScopeOf;
}): FastifyPluginAsyncZod {
  const { applicationsService: service, guard, config } = deps;
  const viewerOf = (request: FastifyRequest) => viewerIn(request, deps.organisationScope);
  const maxBytes = config.documentLimits.maxMegabytes * 1024 * 1024;
  return async (app) => {
    const client = guard.requireUser({ roles: ['client'] });
    // Every route of one application admits any signed-in user; the service answers 404 unless it is theirs to see
    // (or to change), so a wrong role learns no more than a wrong id.
    // A signed-out caller gets the same 404 (the access rule), not a hint that the id exists.
    // An admin reads applications only with a role that works on them (decision 0058): not `content`.
    const signedIn = guard.requireUser({ adminsNeed: 'applicationRecords' });
    const anyone = async (request: FastifyRequest) => {
      try {
        await signedIn(request);
      } catch (error) {
        if (error instanceof AppError && error.statusCode === 401) throw applicationErrors.notFound();
        throw error;
      }
    };
    const tags = ['applications'];

    app.post(
      '/applications',
      {
        preHandler: client,
        config: {
          apiKeyScope: 'applications:write',
          rateLimit: perSessionLimit({ max: 30, timeWindow: '10 minutes' }),
        },
        schema: {
          tags,
          security: keyOrSession,
          summary: 'Start a new draft application',
          body: emptyBody,
          response: { 201: applicationResponse, 429: errorResponse, ...errors },
        },
      },
      async (request, reply) => {
        const application = await service.create({
          viewer: await viewerOf(request),
          actor: actorOf(request),
        });
        return reply.code(201).send({ application });
      },
    );

    app.get(
      '/applications',
      {
        preHandler: signedIn,
        config: { apiKeyScope: 'applications:read' },
        schema: {
          tags,
          security: keyOrSession,
          summary: 'My applications (owned, or reached me as notary), newest first',
          querystring: applicationListQuery,
          response: { 200: applicationListResponse, ...errors },
        },
      },
      async (request) => service.list({ viewer: await viewerOf(request), ...request.query }),
    );

    app.get(
      '/applications/:id',
      {
        preHandler: anyone,
        config: { apiKeyScope: 'applications:read' },
        schema: {
          tags,
          security: keyOrSession,
          summary: 'One application: details, signatories, notary, fee, what is missing, allowed actions',
          params: idParams,
          response: { 200: applicationResponse, ...errors },
        },
      },
      async (request) => ({
        application: await service.view(idOf(request), await viewerOf(request), request.readableApplication),
      }),
    );

    app.patch(
      '/applications/:id',
      {
        preHandler: anyone,
        config: { apiKeyScope: 'applications:write' },
        schema: {
          tags,
          security: keyOrSession,
          summary: 'Save a draft: notary choice and document details (any subset)',
          params: idParams,
          body: applicationDraftRequest,
          response: { 200: applicationResponse, ...errors },
        },
      },
      async (request) => ({
        application: await service.saveDraft({
          id: idOf(request),
          viewer: await viewerOf(request),
          changes: request.body,
        }),
      }),
    );

    app.put(
      '/applications/:id/signatories',
      {
        preHandler: anyone,
        config: { apiKeyScope: 'applications:write' },
        schema: {
          tags,
          security: keyOrSession,
          summary: 'Replace the signatories of a draft (1 to 6, in order)',
          params: idParams,
          body: signatoriesRequest,
          response: { 200: applicationResponse, ...errors },
        },
      },
      async (request) => ({
        application: await service.saveSignatories({
          id: idOf(request),
          viewer: await viewerOf(request),
          signatories: request.body.signatories,
        }),
      }),
    );

    app.put(
      '/applications/:id/document',
      {
        preHandler: anyone,
        config: {
          apiKeyScope: 'applications:write',
          rateLimit: perSessionLimit({ max: 30, timeWindow: '10 minutes' }),
        },
        schema: {
          tags,
          security: keyOrSession,
          summary:
            'Upload the PDF to notarise (multipart field "file"); checked by content, stored encrypted',
          consumes: ['multipart/form-data'],
          params: idParams,
          response: { 200: applicationResponse, 413: errorResponse, 429: errorResponse, ...errors },
        },
      },
      async (request) => {
        const file = await request
          .file({ limits: { fileSize: maxBytes, files: 1, fields: 0 } })
          .catch(() => undefined);
        if (!file) throw applicationErrors.documentInvalid('Choose a PDF to upload.');
        const bytes = await file.toBuffer().catch(() => {
          throw applicationErrors.documentTooLarge(config.documentLimits.maxMegabytes);
        });
        return {
          application: await service.uploadDocument({
            id: idOf(request),
            viewer: await viewerOf(request),
            bytes,
            fileName: file.filename,
          }),
        };
      },
    );

    app.get(
      '/applications/:id/document',
      {
        preHandler: anyone,
        config: { apiKeyScope: 'documents:read' },
        schema: {
          tags,
          security: keyOrSession,
          summary: 'The document (PDF) of an application',
          params: idParams,
          response: { ...errors },
        },
      },
      async (request, reply) => {
        const file = await service.readDocument({ id: idOf(request), viewer: await viewerOf(request) });
        return sendPdf(reply, file);
      },
    );

    app.get(
      '/applications/:id/events',
      {
        preHandler: anyone,
        config: { apiKeyScope: 'applications:read' },
        schema: {
          tags,
          security: keyOrSession,
          summary: 'The status timeline (audit events), oldest first',
          params: idParams,
          response: { 200: applicationEventsResponse, ...errors },
        },
      },
      async (request) => ({
        events: await service.events({ id: idOf(request), viewer: await viewerOf(request) }),
      }),
    );

    app.post(
      '/applications/:id/submit',
      {
        preHandler: anyone,
        config: { apiKeyScope: 'applications:write' },
        schema: {
          tags,
          security: keyOrSession,
          summary: 'Submit a complete draft: it moves to awaiting_payment with its fee fixed',
          params: idParams,
          body: emptyBody,
          response: { 200: applicationResponse, ...errors },
        },
      },
      async (request) => ({
        application: await service.submit({
          id: idOf(request),
          viewer: await viewerOf(request),
          actor: actorOf(request),
        }),
      }),
    );

    app.post(
      '/applications/:id/reopen',
      {
        preHandler: anyone,
        config: { apiKeyScope: 'applications:write' },
        schema: {
          tags,
          security: keyOrSession,
          summary: 'Back to draft to edit before paying',
          params: idParams,
          body: emptyBody,
          response: { 200: applicationResponse, ...errors },
        },
      },
      async (request) => ({
        application: await service.reopen({
          id: idOf(request),
          viewer: await viewerOf(request),
          actor: actorOf(request),
        }),
      }),
    );

    app.post(
      '/applications/:id/cancel',
      {
        preHandler: anyone,
        config: { apiKeyScope: 'applications:write' },
        schema: {
          tags,
          security: keyOrSession,
          summary: 'Cancel before the session starts',
          params: idParams,
          body: cancelApplicationRequest,
          response: { 200: applicationResponse, ...errors },
        },
      },
      async (request) => ({
        application: await service.cancel({
          id: idOf(request),
          viewer: await viewerOf(request),
          actor: actorOf(request),
          reason: request.body.reason,
        }),
      }),
    );

    app.delete(
      '/applications/:id',
      {
        preHandler: anyone,
        config: { apiKeyScope: 'applications:write' },
        schema: {
          tags,
          security: keyOrSession,
          summary: 'Delete a draft',
          params: idParams,
          response: { 200: messageResponse, ...errors },
        },
      },
      async (request) => {
        await service.remove({ id: idOf(request), viewer: await viewerOf(request) });
        return { message: 'Draft deleted.' };
      },
    );
  };
}
