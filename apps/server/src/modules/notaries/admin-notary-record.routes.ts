import {
  adminNotaryActsResponse,
  adminNotaryAvailabilityResponse,
  adminNotaryPayoutsQuery,
  adminNotaryPayoutsResponse,
  adminNotaryRatingsQuery,
  adminNotaryRatingsResponse,
  registerQuery,
  registerResponse,
} from '@mohar/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../auth/auth.guard.ts';
import type { NotaryRoutesDeps } from './notaries.routes.ts';
import { errors, idParams } from './route-helpers.ts';

/**
 * The notary's record for compliance (issue 22): acts, register, availability history, payout statement, ratings. One read
 * each, so the page shows each section's own loading, empty and failure states.
 */
/** The admin reading a notary's register: the register's audit names them. */
const readerOf = (request: FastifyRequest) => ({ userId: authOf(request).user.id, ip: request.ip });

export function adminNotaryRecordRoutes(deps: NotaryRoutesDeps): FastifyPluginAsyncZod {
  const { adminNotaryRecordService: record, guard } = deps;
  return async (app) => {
    const compliance = guard.requireAdmin('notaries');
    const tags = ['admin'];

    app.get(
      '/admin/notaries/:id/acts',
      {
        preHandler: compliance,
        schema: {
          tags,
          summary: "The notary's applications, newest first (the 20 newest and the total)",
          params: idParams,
          response: { 200: adminNotaryActsResponse, ...errors },
        },
      },
      async (request) => record.acts(request.params.id),
    );

    app.get(
      '/admin/notaries/:id/register',
      {
        preHandler: compliance,
        schema: {
          tags,
          summary: "The notary's register (Form XV), by date and page",
          params: idParams,
          querystring: registerQuery,
          response: { 200: registerResponse, ...errors },
        },
      },
      async (request) =>
        record.register({ notaryId: request.params.id, ...request.query, reader: readerOf(request) }),
    );

    app.get(
      '/admin/notaries/:id/availability',
      {
        preHandler: compliance,
        schema: {
          tags,
          summary:
            'When the notary went online or offline or changed their hours (the 20 newest and the total)',
          params: idParams,
          response: { 200: adminNotaryAvailabilityResponse, ...errors },
        },
      },
      async (request) => record.availability(request.params.id),
    );

    app.get(
      '/admin/notaries/:id/ratings',
      {
        preHandler: compliance,
        schema: {
          tags,
          summary: "Clients' ratings of the notary's completed sessions, newest first, with the average",
          params: idParams,
          querystring: adminNotaryRatingsQuery,
          response: { 200: adminNotaryRatingsResponse, ...errors },
        },
      },
      async (request) => record.ratings({ notaryId: request.params.id, ...request.query }),
    );

    app.get(
      '/admin/notaries/:id/payouts',
      {
        preHandler: compliance,
        schema: {
          tags,
          summary: "The notary's fees per completed act, with a total per month (default the last 12 months)",
          params: idParams,
          querystring: adminNotaryPayoutsQuery,
          response: { 200: adminNotaryPayoutsResponse, ...errors },
        },
      },
      async (request) =>
        record.payouts({ notaryId: request.params.id, ...request.query, reader: readerOf(request) }),
    );
  };
}
