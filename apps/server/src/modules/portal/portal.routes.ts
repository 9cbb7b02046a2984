import {
  consentRequest,
  ERROR_CODES,
  emailCodeSentResponse,
  emailCodeVerifyRequest,
  errorResponse,
  portalAccessResponse,
  portalStepResponse,
  portalTokenParams,
  resendInvitationParams,
  resendInvitationResponse,
  signatoryAddressRequest,
  signatoryAddressResponse,
  signatoryLanguageResponse,
  signatoryReminderResponse,
  updateLanguageRequest,
} from '@mohar/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../platform/app-error.ts';
import { type AuthGuard, authOf } from '../auth/auth.guard.ts';
import type { PortalService } from './portal.service.ts';
import type { PortalRemindersService } from './portal-reminders.service.ts';
import type { PortalStepsService } from './portal-steps.service.ts';

const noCalendar = async (): Promise<string> => {
  throw new AppError({
    statusCode: 404,
    code: ERROR_CODES.notFound,
    message: 'Nothing was found at this address.',
  });
};

export function portalRoutes(deps: {
  guard: AuthGuard;
  portalService: PortalService;
  portalSteps: PortalStepsService;
  portalReminders: PortalRemindersService;
  /** The booked session (sessions module), shown to signatories with its calendar file. */
  bookings?: {
    current: (applicationId: string) => Promise<{ startsAt: string; endsAt: string } | null>;
    calendar: (applicationId: string) => Promise<string>;
  };
}): FastifyPluginAsyncZod {
  const { guard, portalService, portalSteps, portalReminders } = deps;
  return async (app) => {
    const tags = ['portal'];

    // No session: the link itself is the signatory's credential, and opening it signs nobody in.
    app.get(
      '/access/:token',
      {
        config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
        schema: {
          tags,
          summary: "A signatory's personal link: the application as they see it",
          params: portalTokenParams,
          response: { 200: portalAccessResponse, 400: errorResponse, 404: errorResponse, 410: errorResponse },
        },
      },
      async (request, reply) => {
        // The page holds personal data reached by a secret URL: keep it out of shared caches and referrers.
        reply.header('Cache-Control', 'no-store').header('Referrer-Policy', 'no-referrer');
        const { access, applicationId } = await portalService.accessWithApplication(request.params.token);
        const booking = deps.bookings ? await deps.bookings.current(applicationId) : null;
        return {
          ...access,
          application: {
            ...access.application,
            booking: booking ? { startsAt: booking.startsAt, endsAt: booking.endsAt } : null,
          },
        };
      },
    );

    app.get(
      '/access/:token/booking/calendar.ics',
      {
        config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
        schema: {
          tags,
          summary: "The booked session's calendar file, for a signatory by their link",
          params: portalTokenParams,
        },
      },
      async (request, reply) => {
        // The link's own checks (valid, not ended) first: the same refusals as opening it.
        const { applicationId } = await portalService.accessWithApplication(request.params.token);
        // Without a booking, the calendar's own 404.
        const file = await (deps.bookings?.calendar ?? noCalendar)(applicationId);
        return reply
          .type('text/calendar; charset=utf-8')
          .header('Cache-Control', 'no-store')
          .header('Content-Disposition', 'attachment; filename="mohar-session.ics"')
          .send(file);
      },
    );

    const stepErrors = {
      400: errorResponse,
      404: errorResponse,
      409: errorResponse,
      410: errorResponse,
      429: errorResponse,
    };

    app.post(
      '/access/:token/email-code',
      {
        config: { rateLimit: { max: 10, timeWindow: '10 minutes' } },
        schema: {
          tags,
          summary: 'E-mail the signatory a 6-digit code (10 minutes; one a minute, five an hour)',
          params: portalTokenParams,
          body: z.strictObject({}).optional(),
          response: { 200: emailCodeSentResponse, ...stepErrors },
        },
      },
      async (request) => portalSteps.sendEmailCode(request.params.token),
    );

    app.post(
      '/access/:token/email-code/verify',
      {
        config: { rateLimit: { max: 20, timeWindow: '10 minutes' } },
        schema: {
          tags,
          summary: "Confirm the signatory's e-mail address with the code (5 tries per code)",
          params: portalTokenParams,
          body: emailCodeVerifyRequest,
          response: { 200: portalStepResponse, ...stepErrors },
        },
      },
      async (request) => portalSteps.verifyEmailCode(request.params.token, request.body.code),
    );

    app.put(
      '/access/:token/language',
      {
        config: { rateLimit: { max: 20, timeWindow: '10 minutes' } },
        schema: {
          tags,
          summary: "The signatory's language: the portal opens in it and their e-mails are written in it",
          params: portalTokenParams,
          body: updateLanguageRequest,
          response: { 200: signatoryLanguageResponse, ...stepErrors },
        },
      },
      async (request) =>
        portalService.chooseLanguage({ token: request.params.token, language: request.body.language }),
    );

    app.put(
      '/access/:token/address',
      {
        config: { rateLimit: { max: 20, timeWindow: '10 minutes' } },
        schema: {
          tags,
          summary: "The signatory's postal address, for the notarial register (until the session starts)",
          params: portalTokenParams,
          body: signatoryAddressRequest,
          response: { 200: signatoryAddressResponse, ...stepErrors },
        },
      },
      async (request) => portalSteps.saveAddress(request.params.token, request.body.address),
    );

    app.post(
      '/access/:token/consent',
      {
        config: { rateLimit: { max: 10, timeWindow: '10 minutes' } },
        schema: {
          tags,
          summary: 'Record consent to identity verification, or its refusal (which tells the owner)',
          params: portalTokenParams,
          body: consentRequest,
          response: { 200: portalStepResponse, ...stepErrors },
        },
      },
      async (request) =>
        portalSteps.consent({
          token: request.params.token,
          body: request.body,
          ipAddress: request.ip,
          userAgent: request.headers['user-agent'] ?? null,
        }),
    );

    app.post(
      '/applications/:id/signatories/:signatoryId/invitation',
      {
        preHandler: guard.requireUser({ roles: ['client', 'admin'], adminsNeed: 'applications' }),
        config: { rateLimit: { max: 10, timeWindow: '15 minutes' } },
        schema: {
          tags,
          summary: 'Send a signatory a new personal link (the previous one stops working)',
          params: resendInvitationParams,
          body: z.strictObject({}).optional(),
          response: {
            200: resendInvitationResponse,
            400: errorResponse,
            401: errorResponse,
            403: errorResponse,
            404: errorResponse,
            409: errorResponse,
          },
        },
      },
      async (request) => {
        const { user } = authOf(request);
        const expiresAt = await portalService.resend({
          applicationId: request.params.id,
          signatoryId: request.params.signatoryId,
          viewer: { userId: user.id, role: user.role },
        });
        return {
          message: 'A new link is on its way. The previous one no longer works.',
          linkExpiresAt: expiresAt.toISOString(),
        };
      },
    );

    app.post(
      '/applications/:id/signatories/:signatoryId/reminder',
      {
        preHandler: guard.requireUser({ roles: ['client', 'admin'], adminsNeed: 'applications' }),
        config: { rateLimit: { max: 10, timeWindow: '15 minutes' } },
        schema: {
          tags,
          summary: 'Remind a signatory who has not finished the portal (their links keep working)',
          params: resendInvitationParams,
          body: z.strictObject({}).optional(),
          response: {
            200: signatoryReminderResponse,
            400: errorResponse,
            401: errorResponse,
            403: errorResponse,
            404: errorResponse,
            409: errorResponse,
          },
        },
      },
      async (request) => {
        const { user } = authOf(request);
        return portalReminders.remind({
          applicationId: request.params.id,
          signatoryId: request.params.signatoryId,
          viewer: { userId: user.id, role: user.role },
        });
      },
    );
  };
}
