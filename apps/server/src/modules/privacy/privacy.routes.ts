import {
  acceptPrivacyNoticeRequest,
  adminDataRequestsQuery,
  adminDataRequestsResponse,
  carryOutDataRequestResponse,
  dataRequestBody,
  dataRequestResponse,
  errorResponse,
  messageResponse,
  privacyStatusResponse,
  recordIdParams,
} from '@mohar/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AuthGuard, authOf } from '../auth/auth.guard.ts';
import type { PrivacyService } from './privacy.service.ts';

const errors = {
  400: errorResponse,
  401: errorResponse,
  403: errorResponse,
  404: errorResponse,
  409: errorResponse,
};

export function privacyRoutes(deps: {
  privacyService: PrivacyService;
  guard: AuthGuard;
}): FastifyPluginAsyncZod {
  const { privacyService, guard } = deps;
  return async (app) => {
    const tags = ['privacy'];
    // Clients only: notaries and admins hold their accounts under their commission or employment, not by consent.
    const client = guard.requireUser({ roles: ['client'] });
    // Everyone signed in is asked to accept a new privacy notice.
    const signedIn = guard.requireUser();

    app.get(
      '/privacy/me',
      {
        preHandler: signedIn,
        schema: {
          tags,
          summary:
            'My consents, whether the privacy notice must be accepted again, and a request waiting for its date',
          response: { 200: privacyStatusResponse, ...errors },
        },
      },
      async (request) => privacyService.status(authOf(request).user.id),
    );

    app.post(
      '/privacy/notice/accept',
      {
        preHandler: signedIn,
        schema: {
          tags,
          summary: 'Accept the current privacy notice (recorded with its version, time and address)',
          body: acceptPrivacyNoticeRequest,
          response: { 200: messageResponse, ...errors },
        },
      },
      async (request) => {
        await privacyService.acceptPrivacyNotice({
          userId: authOf(request).user.id,
          version: request.body.version,
          ipAddress: request.ip,
          userAgent: request.headers['user-agent'] ?? null,
        });
        return { message: 'Thank you. Your acceptance is recorded.' };
      },
    );

    app.post(
      '/privacy/withdrawal',
      {
        preHandler: client,
        config: { rateLimit: { max: 10, timeWindow: '10 minutes' } },
        schema: {
          tags,
          summary: 'Withdraw consent with 30 days’ written notice: the account closes on the effective date',
          body: dataRequestBody,
          response: { 201: dataRequestResponse, ...errors },
        },
      },
      async (request, reply) => {
        const created = await privacyService.requestWithdrawal({
          userId: authOf(request).user.id,
          text: request.body.text,
          ipAddress: request.ip,
        });
        return reply.status(201).send({
          request: created,
          message: 'Your notice is recorded. We sent you a confirmation e-mail.',
        });
      },
    );

    app.post(
      '/privacy/erasure',
      {
        preHandler: client,
        config: { rateLimit: { max: 10, timeWindow: '10 minutes' } },
        schema: {
          tags,
          summary:
            'Ask for the account and its personal data to be erased (records the law requires are kept)',
          body: dataRequestBody,
          response: { 201: dataRequestResponse, ...errors },
        },
      },
      async (request, reply) => {
        const created = await privacyService.requestErasure({
          userId: authOf(request).user.id,
          text: request.body.text,
          ipAddress: request.ip,
        });
        return reply.status(201).send({
          request: created,
          message: 'Your request is recorded. Our team will carry it out and e-mail you when it is done.',
        });
      },
    );

    app.post(
      '/privacy/requests/:id/cancel',
      {
        preHandler: client,
        schema: {
          tags,
          summary: 'Cancel my withdrawal or erasure request before it is carried out',
          params: recordIdParams,
          response: { 200: dataRequestResponse, ...errors },
        },
      },
      async (request) => ({
        request: await privacyService.cancel({
          userId: authOf(request).user.id,
          id: request.params.id,
          ipAddress: request.ip,
        }),
        message: 'Your request is cancelled. Your account stays open.',
      }),
    );

    const staff = guard.requireAdmin('dataRequests');
    app.get(
      '/admin/data-requests',
      {
        preHandler: staff,
        schema: {
          tags: ['admin'],
          summary:
            'Withdrawal and erasure requests: pending first, then what each kept under legal hold and why',
          querystring: adminDataRequestsQuery,
          response: { 200: adminDataRequestsResponse, ...errors },
        },
      },
      async (request) => privacyService.adminList(request.query),
    );

    app.post(
      '/admin/data-requests/:id/carry-out',
      {
        preHandler: guard.requireAdmin('dataRequests', { stepUp: true }),
        schema: {
          tags: ['admin'],
          summary: 'Carry out a pending request now: close the account, keeping only the legal holds',
          params: recordIdParams,
          response: { 200: carryOutDataRequestResponse, ...errors },
        },
      },
      async (request) => ({
        request: await privacyService.carryOut({ id: request.params.id }),
        message: 'Done. The account is closed; what the law requires is kept.',
      }),
    );
  };
}
