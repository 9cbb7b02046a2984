import {
  applicationRatingResponse,
  errorResponse,
  notaryRatingSummaryResponse,
  rateSessionRequest,
  recordIdParams,
} from '@mohar/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isUuid } from '../../platform/ids.ts';
import { type AuthGuard, authOf } from '../auth/auth.guard.ts';
import { ratingErrors } from './ratings.errors.ts';
import type { RatingsService } from './ratings.service.ts';

const errors = { 400: errorResponse, 401: errorResponse, 404: errorResponse, 409: errorResponse };

/** A malformed id is just another application the caller cannot see. */
const applicationIdOf = (request: { params: { id: string } }) => {
  if (!isUuid(request.params.id)) throw ratingErrors.applicationNotFound();
  return request.params.id;
};

/** The client's rating of a completed session, and the notary's own summary (decision 0065). */
export function ratingsRoutes(deps: {
  ratingsService: RatingsService;
  guard: AuthGuard;
}): FastifyPluginAsyncZod {
  const { ratingsService: service, guard } = deps;
  return async (app) => {
    // Any signed-in caller reaches the service, which answers 404 unless the application is theirs.
    const signedIn = guard.requireUser({ adminsNeed: 'applicationRecords' });
    const notary = guard.requireUser({ roles: ['notary'] });
    const tags = ['ratings'];

    app.get(
      '/applications/:id/rating',
      {
        preHandler: signedIn,
        schema: {
          tags,
          summary: "The owner's rating of the completed session, and whether they may still give one",
          params: recordIdParams,
          response: { 200: applicationRatingResponse, ...errors },
        },
      },
      async (request) =>
        service.forApplication({ applicationId: applicationIdOf(request), userId: authOf(request).user.id }),
    );

    app.post(
      '/applications/:id/rating',
      {
        preHandler: signedIn,
        schema: {
          tags,
          summary: 'Rate the completed session: 1–5 stars and an optional comment, once',
          params: recordIdParams,
          body: rateSessionRequest,
          response: { 201: applicationRatingResponse, ...errors },
        },
      },
      async (request, reply) => {
        const answer = await service.rate({
          applicationId: applicationIdOf(request),
          userId: authOf(request).user.id,
          ...request.body,
        });
        return reply.code(201).send(answer);
      },
    );

    app.get(
      '/notary/ratings/summary',
      {
        preHandler: notary,
        schema: {
          tags,
          summary: "The signed-in notary's average rating and how many ratings it is of",
          response: { 200: notaryRatingSummaryResponse, ...errors },
        },
      },
      async (request) => service.summary(authOf(request).user.id),
    );
  };
}
