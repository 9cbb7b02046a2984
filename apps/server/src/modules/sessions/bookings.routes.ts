import {
  bookingResponse,
  bookingSlotsQuery,
  bookingSlotsResponse,
  bookSessionRequest,
  notaryDayQuery,
  notaryDayResponse,
  rescheduleBookingRequest,
} from '@mohar/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { perSessionLimit } from '../../platform/rate-limits.ts';
import type { ApplicationsService } from '../applications/applications.service.ts';
import { type AuthGuard, authOf } from '../auth/auth.guard.ts';
import type { BookingsService } from './bookings.service.ts';
import { SESSION_ERRORS, SESSION_TAGS, sessionParams } from './route-schema.ts';

/** Booked sessions (issue 26): the owner books, moves and cancels; everyone on the application reads it. */
export function bookingsRoutes(deps: {
  guard: AuthGuard;
  bookingsService: BookingsService;
  applicationsService: ApplicationsService;
}): FastifyPluginAsyncZod {
  const { guard, bookingsService } = deps;
  return async (app) => {
    const tags = SESSION_TAGS;
    const errors = SESSION_ERRORS;
    const owner = guard.requireUser({ roles: ['client'] });
    // Whoever may read the application (its owner, the notary the request reached, admins) reads its booking.
    const anyone = guard.requireUser({ roles: ['client', 'notary', 'admin'], adminsNeed: 'applications' });
    const viewerOf = (request: Parameters<typeof authOf>[0]) => {
      const { user } = authOf(request);
      return { userId: user.id, role: user.role };
    };

    app.get(
      '/applications/:id/booking',
      {
        preHandler: anyone,
        schema: {
          tags,
          summary: "The application's booked session, or null (owner, its notary, admins)",
          params: sessionParams,
          response: { 200: bookingResponse, ...errors },
        },
      },
      async (request) => {
        await deps.applicationsService.readable(request.params.id, viewerOf(request));
        return { booking: await bookingsService.current(request.params.id) };
      },
    );

    app.get(
      '/applications/:id/booking/calendar.ics',
      {
        preHandler: anyone,
        schema: { tags, summary: "The booked session's calendar file", params: sessionParams },
      },
      async (request, reply) => {
        await deps.applicationsService.readable(request.params.id, viewerOf(request));
        const file = await bookingsService.calendar(request.params.id);
        return reply
          .type('text/calendar; charset=utf-8')
          .header('Content-Disposition', 'attachment; filename="mohar-session.ics"')
          .send(file);
      },
    );

    app.get(
      '/applications/:id/booking/slots',
      {
        preHandler: owner,
        schema: {
          tags,
          summary: 'Free slots of one IST day, for one notary or for anyone (owner)',
          params: sessionParams,
          querystring: bookingSlotsQuery,
          response: { 200: bookingSlotsResponse, ...errors },
        },
      },
      async (request) => ({
        slots: await bookingsService.slots({
          applicationId: request.params.id,
          viewer: viewerOf(request),
          date: request.query.date,
          notaryId: request.query.notaryId,
        }),
      }),
    );

    app.post(
      '/applications/:id/booking',
      {
        preHandler: owner,
        config: { rateLimit: perSessionLimit({ max: 30, timeWindow: '10 minutes' }) },
        schema: {
          tags,
          summary: 'Book a session (slot start; a notary, or anyone free)',
          params: sessionParams,
          body: bookSessionRequest,
          response: { 201: bookingResponse, ...errors },
        },
      },
      async (request, reply) => {
        const booking = await bookingsService.book({
          applicationId: request.params.id,
          viewer: viewerOf(request),
          startsAt: new Date(request.body.startsAt),
          notaryId: request.body.notaryId,
        });
        return reply.status(201).send({ booking });
      },
    );

    app.put(
      '/applications/:id/booking',
      {
        preHandler: owner,
        config: { rateLimit: perSessionLimit({ max: 30, timeWindow: '10 minutes' }) },
        schema: {
          tags,
          summary: 'Move the booked session to another slot with the same notary (free until 2 hours before)',
          params: sessionParams,
          body: rescheduleBookingRequest,
          response: { 200: bookingResponse, ...errors },
        },
      },
      async (request) => ({
        booking: await bookingsService.reschedule({
          applicationId: request.params.id,
          viewer: viewerOf(request),
          startsAt: new Date(request.body.startsAt),
        }),
      }),
    );

    app.delete(
      '/applications/:id/booking',
      {
        preHandler: owner,
        schema: {
          tags,
          summary: 'Cancel the booked session (free until 2 hours before)',
          params: sessionParams,
          response: { 200: bookingResponse, ...errors },
        },
      },
      async (request) => {
        await bookingsService.cancel({ applicationId: request.params.id, viewer: viewerOf(request) });
        return { booking: null };
      },
    );

    app.get(
      '/notary/bookings',
      {
        preHandler: guard.requireUser({ roles: ['notary'] }),
        schema: {
          tags,
          summary: "My booked sessions of an IST day (today by default): the notary's dashboard",
          querystring: notaryDayQuery,
          response: { 200: notaryDayResponse, ...errors },
        },
      },
      async (request) =>
        bookingsService.notaryDay({ notaryId: authOf(request).user.id, date: request.query.date }),
    );
  };
}
