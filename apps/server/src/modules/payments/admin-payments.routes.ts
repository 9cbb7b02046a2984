import {
  adminRefundListQuery,
  adminRefundListResponse,
  applicationResponse,
  errorResponse,
  failApplicationRequest,
  REFUND_STEP_UP_THRESHOLD_PAISE,
  recordIdParams,
  refundResponse,
  rejectRefundRequest,
} from '@mohar/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isUuid } from '../../platform/ids.ts';
import { applicationErrors } from '../applications/applications.errors.ts';
import type { ApplicationsService } from '../applications/applications.service.ts';
import { type AuthGuard, authOf } from '../auth/auth.guard.ts';
import { paymentErrors } from './payments.errors.ts';
import type { RefundsService } from './refunds.service.ts';

const errors = {
  400: errorResponse,
  401: errorResponse,
  403: errorResponse,
  404: errorResponse,
  409: errorResponse,
};
const idParams = recordIdParams;
const emptyBody = z.strictObject({}).optional();

/** Money tools: the refund queue (finance) and marking an application failed (support). */
export function adminPaymentsRoutes(deps: {
  guard: AuthGuard;
  refundsService: RefundsService;
  applicationsService: ApplicationsService;
}): FastifyPluginAsyncZod {
  const { guard, refundsService, applicationsService } = deps;
  return async (app) => {
    const admin = guard.requireAdmin('refunds');
    const tags = ['admin'];
    const refundIdOf = (request: { params: { id: string } }) => {
      if (!isUuid(request.params.id)) throw paymentErrors.refundNotFound();
      return request.params.id;
    };

    app.get(
      '/admin/refunds',
      {
        preHandler: admin,
        schema: {
          tags,
          summary: 'Refund queue: waiting requests by due date, overdue flagged',
          querystring: adminRefundListQuery,
          response: { 200: adminRefundListResponse, ...errors },
        },
      },
      async (request) => refundsService.list(request.query),
    );

    app.post(
      '/admin/refunds/:id/approve',
      {
        preHandler: admin,
        schema: {
          tags,
          summary:
            'Approve: credit the wallet (once, however often it is clicked); above ₹500 the admin proves who they are again',
          params: idParams,
          body: emptyBody,
          response: { 200: refundResponse, ...errors },
        },
      },
      async (request) => {
        const id = refundIdOf(request);
        // Approving moves money to a wallet: above the threshold the admin proves who they are again after 5
        // minutes (decisions 0054, 0058). A request's amount never changes, so reading it first is safe.
        const { amountPaise } = await refundsService.get(id);
        if (amountPaise > REFUND_STEP_UP_THRESHOLD_PAISE) guard.assertFreshProof(authOf(request));
        return { refund: await refundsService.approve({ id, adminId: authOf(request).user.id }) };
      },
    );

    app.post(
      '/admin/refunds/:id/reject',
      {
        preHandler: admin,
        schema: {
          tags,
          summary: 'Reject with a reason (e-mailed to the client)',
          params: idParams,
          body: rejectRefundRequest,
          response: { 200: refundResponse, ...errors },
        },
      },
      async (request) => ({
        refund: await refundsService.reject({
          id: refundIdOf(request),
          adminId: authOf(request).user.id,
          reason: request.body.reason,
        }),
      }),
    );

    app.post(
      '/admin/applications/:id/fail',
      {
        preHandler: guard.requireAdmin('applications'),
        schema: {
          tags,
          summary: 'Mark an application failed (a technical failure); opens the refund window for its client',
          params: idParams,
          body: failApplicationRequest,
          response: { 200: applicationResponse, ...errors },
        },
      },
      async (request) => {
        if (!isUuid(request.params.id)) throw applicationErrors.notFound();
        const { user } = authOf(request);
        const application = await applicationsService.markFailed({
          id: request.params.id,
          viewer: { userId: user.id, role: user.role },
          actor: { userId: user.id, role: user.role, ip: request.ip },
          reason: request.body.reason,
        });
        return { application };
      },
    );
  };
}
